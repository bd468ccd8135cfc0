import { z } from 'zod';
import type { BillingStatus, SubscriptionStatus } from '../domain/subscription';

export const EXTEND_TRIAL_MIN_DAYS = 1;
export const EXTEND_TRIAL_MAX_DAYS = 90;

/** The admin list returns at most this many accounts, newest first; the stats always count every account. */
export const ADMIN_USERS_LIMIT = 500;

export const adminUserParamsSchema = z.object({
  id: z.uuid('Enter a valid user id'),
});
export type AdminUserParams = z.infer<typeof adminUserParamsSchema>;

export const extendTrialRequestSchema = z.object({
  days: z
    .number('Days must be a whole number')
    .int('Days must be a whole number')
    .min(EXTEND_TRIAL_MIN_DAYS, `Days must be between ${EXTEND_TRIAL_MIN_DAYS} and ${EXTEND_TRIAL_MAX_DAYS}`)
    .max(EXTEND_TRIAL_MAX_DAYS, `Days must be between ${EXTEND_TRIAL_MIN_DAYS} and ${EXTEND_TRIAL_MAX_DAYS}`)
    .optional(),
});
export type ExtendTrialRequest = z.infer<typeof extendTrialRequestSchema>;

export interface AdminStats {
  totalUsers: number;
  /** On the trial with time left. */
  activeTrials: number;
  /** On the trial with no days left (the same rule as isTrialExpired). */
  expiredTrials: number;
  completedOnboarding: number;
}

/** One account as the administrator sees it. Derived trial fields are computed on the server at response time. */
export interface AdminUser {
  id: string;
  name: string;
  email: string;
  restaurantName: string | null;
  subscriptionStatus: SubscriptionStatus;
  trialEndsAt: string | null;
  trialDaysLeft: number | null;
  isTrialExpired: boolean;
  hasCompletedOnboarding: boolean;
  onboardingStep: number;
  createdAt: string;
  /** The paid plan as the billing page names it; status 'trial' when the account never subscribed. */
  plan: { status: BillingStatus; currentPeriodEnd: string | null };
}

export interface AdminUsersResponse {
  stats: AdminStats;
  users: AdminUser[];
}

/** The account after its trial was extended. */
export type ExtendTrialResponse = AdminUser;
