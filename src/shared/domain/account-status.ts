import { ONBOARDING_STEP_COUNT } from './onboarding';
import type { PhoneSystemStatus } from './phone-system';
import { BILLING_STATUS_LABELS, type BillingStatus, type SubscriptionStatus } from './subscription';

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

export const PHONE_STATUS_LABELS: Record<PhoneSystemStatus, string> = {
  not_started: 'Not set up',
  pending: 'Setting up',
  active: 'Active',
  failed: 'Setup failed',
};

export function onboardingLabel(account: { hasCompletedOnboarding: boolean; onboardingStep: number }): string {
  return account.hasCompletedOnboarding ? 'Complete' : `Step ${account.onboardingStep} of ${ONBOARDING_STEP_COUNT}`;
}
