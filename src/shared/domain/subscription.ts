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
 * Provider statuses that pay for the plan, running: renewing at the period's end, or ending then when canceled (the
 * billing page's Active and Canceling). Trialing is a subscription set up during our trial, first charged when it ends.
 */
export const RUNNING_PAID_STATUSES = ['trialing', 'active'] as const satisfies readonly ProviderSubscriptionStatus[];

/** A paid plan whose last charge failed: it keeps its access while the provider retries the card (Past due). */
export const RETRYING_PAID_STATUSES = ['past_due'] as const satisfies readonly ProviderSubscriptionStatus[];

/** Provider statuses that count as paying for the plan. The SQL copies of the plan rules read this list. */
export const PAID_STATUSES = [...RUNNING_PAID_STATUSES, ...RETRYING_PAID_STATUSES] as const;

export function isPaidStatus(status: ProviderSubscriptionStatus): boolean {
  return (PAID_STATUSES as readonly ProviderSubscriptionStatus[]).includes(status);
}

/**
 * What an account may do right now (SPEC §4): take new orders on the trial or a paid plan; not once both have run out.
 * 'expired' is the header's "Trial expired", the assistant's polite refusal and the admin's expired accounts alike.
 */
export const PLAN_ACCESSES = ['trial', 'subscribed', 'expired'] as const;
export type PlanAccess = (typeof PLAN_ACCESSES)[number];

/** Our copy of the provider's subscription, as the plan rule reads it (the plan summary carries these fields). */
export interface PaidPlanState {
  /** Null before the owner ever subscribed. */
  providerStatus: ProviderSubscriptionStatus | null;
  currentPeriodEnd: Date | string | null;
  cancelAtPeriodEnd: boolean;
}

/** The facts the plan rule is decided on. The profile's subscription status is not one: it is a record of the rule. */
export interface PlanState {
  /** The end of our own trial; an account never given one has no trial. */
  trialEndsAt: Date | string | null;
  plan: PaidPlanState | null;
}

const timeOf = (value: Date | string) => (typeof value === 'string' ? new Date(value) : value).getTime();

/**
 * A paid status pays until the provider says otherwise: a renewing plan whose period end has passed is being renewed
 * (a failed charge turns it past due). A plan canceled at the period's end pays until that end, and not after,
 * whatever our copy of its status still says.
 */
function isPaying(plan: PaidPlanState | null, now: Date): boolean {
  if (!plan?.providerStatus || !isPaidStatus(plan.providerStatus)) return false;
  return !(plan.cancelAtPeriodEnd && plan.currentPeriodEnd !== null && timeOf(plan.currentPeriodEnd) <= now.getTime());
}

/**
 * The one rule for whether the plan has ended: a paying plan comes first, then our trial while days are left
 * (trialDaysLeft > 0, i.e. its end is after now), else expired. An account without a trial end has no trial: every
 * account is given one at sign-up and by Extend Trial, and a missing end never grants orders for free.
 * The admin's SQL copy is planAccessSql (src/server/modules/billing/plan-access-sql.ts), tested against this one.
 */
export function planAccess(state: PlanState, now: Date = new Date()): PlanAccess {
  if (isPaying(state.plan, now)) return 'subscribed';
  if (state.trialEndsAt !== null && trialDaysLeft(state.trialEndsAt, now) > 0) return 'trial';
  return 'expired';
}

/** Whether new orders may be taken (phone, test calls): planAccess, read as yes or no. */
export function canTakeNewOrders(state: PlanState, now: Date = new Date()): boolean {
  return planAccess(state, now) !== 'expired';
}

/**
 * Why the admin's Extend Trial does not apply to an account, or null when it does: whenever the owner's billing page
 * shows a subscription (Active, including a trial converted to the plan; Canceling; Past due). That plan is the
 * provider's to change: a trial of ours beside it would change nothing the owner pays, and the admin's list and the
 * owner's billing page would disagree. Once the billing page shows no subscription (never subscribed, or Canceled),
 * the trial is what gives access, and it may be extended.
 */
export function extendTrialRefusal(
  plan: Pick<PaidPlanState, 'providerStatus' | 'cancelAtPeriodEnd'> | null,
): string | null {
  if (!plan?.providerStatus) return null;
  switch (billingStatusFor({ status: plan.providerStatus, cancelAtPeriodEnd: plan.cancelAtPeriodEnd })) {
    case 'trial':
    case 'canceled':
      return null;
    case 'canceling':
      return 'The subscription is canceled at the end of its billing period and gives access until then. A trial cannot run beside it; extend the trial once the subscription has ended.';
    case 'past_due':
      return plan.providerStatus === 'unpaid'
        ? 'The subscription is unpaid: the card failed every retry. The owner restores it by updating the payment method on the billing page; a trial beside it would leave that page saying Past due.'
        : 'The subscription is past due: it keeps its access while the card is retried. A trial would not change that; the owner needs to update the payment method on the billing page.';
    case 'active':
      return plan.providerStatus === 'trialing'
        ? 'The owner has already subscribed: the free days run until the first charge, which the payment provider schedules. Extending our trial would not move that charge.'
        : 'The owner pays for the subscription, so there is no trial to extend: access comes from the paid plan.';
  }
}

const PROFILE_STATUSES: Record<PlanAccess, SubscriptionStatus> = {
  subscribed: 'active',
  trial: 'trial',
  expired: 'none',
};

/** The profile's plan state as the billing sync records it: planAccess at the time of the sync, in the spec's words. */
export function profileStatusFor(state: PlanState, now: Date = new Date()): SubscriptionStatus {
  return PROFILE_STATUSES[planAccess(state, now)];
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
