import { trialDaysLeft } from './trial';

/** An account's plan state as the restaurant profile records it (SPEC §3): on the trial, paying, or neither. */
export const SUBSCRIPTION_STATUSES = ['trial', 'active', 'none'] as const;

export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * A subscription's status as the payment provider reports it (Stripe's values; the local test mode uses the same).
 */
export const PROVIDER_SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;

export type ProviderSubscriptionStatus = (typeof PROVIDER_SUBSCRIPTION_STATUSES)[number];

/**
 * Provider statuses that count as paying for the plan. Past due keeps access while the provider retries the card;
 * the billing page says so. Trialing is a subscription set up during our trial, first charged when it ends.
 */
const PAID_STATUSES: ReadonlySet<ProviderSubscriptionStatus> = new Set(['trialing', 'active', 'past_due']);

export function isPaidStatus(status: ProviderSubscriptionStatus): boolean {
  return PAID_STATUSES.has(status);
}

/**
 * The profile's plan state, derived from the provider's subscription (or its absence) and our own trial: a paid
 * subscription makes the account active; without one the account is on its trial while it lasts, then has none.
 */
export function profileStatusFor(
  providerStatus: ProviderSubscriptionStatus | null,
  trialEndsAt: Date | string | null,
  now: Date = new Date(),
): SubscriptionStatus {
  if (providerStatus && isPaidStatus(providerStatus)) return 'active';
  if (trialEndsAt && trialDaysLeft(trialEndsAt, now) > 0) return 'trial';
  return 'none';
}

/** What an account may do right now: take new orders on the trial or a paid plan; not once both have run out. */
export type PlanAccess = 'trial' | 'subscribed' | 'expired';

export function planAccess(
  state: { subscriptionStatus: SubscriptionStatus; trialEndsAt: Date | string | null },
  now: Date = new Date(),
): PlanAccess {
  if (state.subscriptionStatus === 'active') return 'subscribed';
  if (state.subscriptionStatus === 'trial' && state.trialEndsAt && trialDaysLeft(state.trialEndsAt, now) > 0) {
    return 'trial';
  }
  return 'expired';
}

/** Whether new orders may be taken (phone, test calls): the one rule the assistant, dashboard and banner share. */
export function canTakeNewOrders(
  state: { subscriptionStatus: SubscriptionStatus; trialEndsAt: Date | string | null },
  now: Date = new Date(),
): boolean {
  return planAccess(state, now) !== 'expired';
}

/**
 * The plan as the billing page and banner name it. 'trial': no subscription yet (the trial may have ended: see
 * trialEndsAt); 'canceling': paid until the period ends, then not renewed.
 */
export const BILLING_STATUSES = ['trial', 'active', 'canceling', 'past_due', 'canceled'] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];

export const BILLING_STATUS_LABELS: Record<BillingStatus, string> = {
  trial: 'Trial',
  active: 'Active',
  canceling: 'Canceling',
  past_due: 'Past due',
  canceled: 'Canceled',
};

export function billingStatusFor(
  subscription: { status: ProviderSubscriptionStatus; cancelAtPeriodEnd: boolean } | null,
): BillingStatus {
  if (!subscription) return 'trial';
  switch (subscription.status) {
    case 'trialing':
    case 'active':
      return subscription.cancelAtPeriodEnd ? 'canceling' : 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
    case 'paused':
      return 'canceled';
    case 'incomplete':
      return 'trial';
  }
}

/** An invoice's status at the payment provider (Stripe's values). */
export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
