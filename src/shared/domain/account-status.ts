import { ONBOARDING_STEP_COUNT } from './onboarding';
import type { PhoneSystemStatus } from './phone-system';
import {
  BILLING_STATUS_LABELS,
  type BillingStatus,
  type ProviderSubscriptionStatus,
  type SubscriptionStatus,
} from './subscription';

/** An account as the administrator's table sums it up in one word: its plan or its trial. */
export type AccountStatus = SubscriptionStatus | 'expired' | Exclude<BillingStatus, 'trial'>;

/**
 * A paid plan (running, ending, past due) says most about an account; otherwise its trial does; a plan that has
 * ended shows only when no trial was given since.
 */
export function accountStatusOf(account: {
  plan: { status: BillingStatus };
  isTrialExpired: boolean;
  subscriptionStatus: SubscriptionStatus;
}): AccountStatus {
  const plan = account.plan.status;
  if (plan === 'active' || plan === 'canceling' || plan === 'past_due') return plan;
  if (account.isTrialExpired) return 'expired';
  if (account.subscriptionStatus === 'trial' || plan !== 'canceled') return account.subscriptionStatus;
  return 'canceled';
}

const proLabel = (status: BillingStatus) => `Pro · ${BILLING_STATUS_LABELS[status]}`;

export const ACCOUNT_STATUS_LABELS: Record<AccountStatus, string> = {
  trial: 'Trial',
  active: proLabel('active'),
  canceling: proLabel('canceling'),
  past_due: proLabel('past_due'),
  canceled: proLabel('canceled'),
  expired: 'Trial expired',
  none: 'None',
};

/**
 * The status in words, naming the first charge of a trial converted to the plan (the provider's 'trialing'):
 * 'Pro · first charge Dec 3' rather than a bare 'Pro · Active' that hides the free days still to run.
 * `formatDay` writes the date (the admin's browser: 'Dec 3'; the CSV export: '2026-12-03').
 */
export function accountStatusLabel(
  account: Parameters<typeof accountStatusOf>[0] & {
    plan: { providerStatus: ProviderSubscriptionStatus | null; currentPeriodEnd: string | null };
  },
  formatDay: (date: string) => string,
): string {
  const status = accountStatusOf(account);
  const { providerStatus, currentPeriodEnd } = account.plan;
  if (status === 'active' && providerStatus === 'trialing' && currentPeriodEnd) {
    return `Pro · first charge ${formatDay(currentPeriodEnd)}`;
  }
  return ACCOUNT_STATUS_LABELS[status];
}

export const PHONE_STATUS_LABELS: Record<PhoneSystemStatus, string> = {
  not_started: 'Not set up',
  pending: 'Setting up',
  active: 'Active',
  failed: 'Setup failed',
};

export function onboardingLabel(account: { hasCompletedOnboarding: boolean; onboardingStep: number }): string {
  return account.hasCompletedOnboarding ? 'Complete' : `Step ${account.onboardingStep} of ${ONBOARDING_STEP_COUNT}`;
}
