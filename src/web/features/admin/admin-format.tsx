import clsx from 'clsx';
import type { AdminUser } from '@shared/contracts/admin';
import { ONBOARDING_STEP_COUNT } from '@shared/domain/onboarding';
import { BILLING_STATUS_LABELS, type BillingStatus, type SubscriptionStatus } from '@shared/domain/subscription';
import { pluralDays } from '@shared/domain/trial';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function formatDate(value: string | Date | null): string {
  return value ? dateFormat.format(new Date(value)) : '—';
}

export function formatDateTime(value: string | Date | null): string {
  return value ? dateTimeFormat.format(new Date(value)) : '—';
}

type AccountStatus = SubscriptionStatus | 'expired' | Exclude<BillingStatus, 'trial'>;

/**
 * A paid plan (running, ending, past due) says most about an account; otherwise its trial does; a plan that has
 * ended shows only when no trial was given since.
 */
function accountStatus(user: AdminUser): AccountStatus {
  const plan = user.plan.status;
  if (plan === 'active' || plan === 'canceling' || plan === 'past_due') return plan;
  if (user.isTrialExpired) return 'expired';
  if (user.subscriptionStatus === 'trial' || plan !== 'canceled') return user.subscriptionStatus;
  return 'canceled';
}

const proLabel = (status: BillingStatus) => `Pro · ${BILLING_STATUS_LABELS[status]}`;

const statusBadges: Record<AccountStatus, { label: string; className: string }> = {
  trial: { label: 'Trial', className: 'bg-brand-100 text-brand-800 ring-brand-200' },
  active: { label: proLabel('active'), className: 'bg-emerald-100 text-emerald-800 ring-emerald-200' },
  canceling: { label: proLabel('canceling'), className: 'bg-amber-100 text-amber-900 ring-amber-200' },
  past_due: { label: proLabel('past_due'), className: 'bg-red-100 text-red-800 ring-red-200' },
  canceled: { label: proLabel('canceled'), className: 'bg-stone-100 text-stone-700 ring-stone-200' },
  expired: { label: 'Trial expired', className: 'bg-red-100 text-red-800 ring-red-200' },
  none: { label: 'None', className: 'bg-stone-100 text-stone-700 ring-stone-200' },
};

export function statusLabel(user: AdminUser): string {
  return statusBadges[accountStatus(user)].label;
}

export function StatusBadge({ user }: { user: AdminUser }) {
  const badge = statusBadges[accountStatus(user)];
  return (
    <span
      className={clsx(
        'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        badge.className,
      )}
    >
      {badge.label}
    </span>
  );
}

/** Where the paid plan stands in time, for the details dialog; null without one. */
export function planPeriodLabel(user: AdminUser): string | null {
  const { status, currentPeriodEnd } = user.plan;
  const date = formatDate(currentPeriodEnd);
  switch (status) {
    case 'trial':
      return null;
    case 'active':
      return currentPeriodEnd ? `Renews on ${date}` : null;
    case 'canceling':
      return currentPeriodEnd ? `Access until ${date}` : null;
    case 'past_due':
      return 'Last payment failed; the card is being retried';
    case 'canceled':
      return currentPeriodEnd ? `Ended on ${date}` : null;
  }
}

/** Days left only matter while the account is on the trial; a subscriber's old trial end is just a date. */
export function trialRemainingLabel(user: AdminUser): string | null {
  if (user.subscriptionStatus !== 'trial' || user.trialDaysLeft === null) return null;
  if (user.trialDaysLeft > 0) return `${pluralDays(user.trialDaysLeft)} left`;
  if (user.trialDaysLeft === 0) return 'Just ended';
  return `Ended ${pluralDays(-user.trialDaysLeft)} ago`;
}

export function onboardingLabel(user: AdminUser): string {
  return user.hasCompletedOnboarding ? 'Complete' : `Step ${user.onboardingStep} of ${ONBOARDING_STEP_COUNT}`;
}
