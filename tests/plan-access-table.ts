import {
  PROVIDER_SUBSCRIPTION_STATUSES,
  type PlanAccess,
  type ProviderSubscriptionStatus,
} from '@shared/domain/subscription';

/**
 * planAccess written out case by case: every provider status (or none: never subscribed), canceled at the period's
 * end or not, × the trial's end (none, past, future) × the period's end (none, past, future). The rule in TypeScript
 * (subscription.test.ts) and its SQL copy (plan-access-sql.int.test.ts) are both held to it.
 */

export const PLAN_NOW = new Date('2026-11-21T12:00:00.000Z');
const DAY_MS = 86_400_000;

export type When = 'none' | 'past' | 'future';
export const WHENS: readonly When[] = ['none', 'past', 'future'];

export function dateAt(when: When): Date | null {
  if (when === 'none') return null;
  return new Date(PLAN_NOW.getTime() + (when === 'past' ? -DAY_MS : DAY_MS));
}

/**
 * One grid per status: a row per trial end (none, past, future), a letter per period end (none, past, future).
 * S subscribed, T trial, E expired.
 */
type Grid = readonly [string, string, string];

/** No paid plan: our trial while it lasts, then nothing. A period end changes nothing. */
const NOT_PAYING: Grid = ['EEE', 'EEE', 'TTT'];
/** A paid plan renewing: access whatever the dates say (a passed period end is a renewal under way). */
const PAYING: Grid = ['SSS', 'SSS', 'SSS'];
/** A paid plan canceled at the period's end: access until that end, then the trial if any is left. */
const PAYING_UNTIL_PERIOD_END: Grid = ['SES', 'SES', 'STS'];

const GRIDS: Record<'none' | ProviderSubscriptionStatus, { renewing: Grid; canceling: Grid }> = {
  none: { renewing: NOT_PAYING, canceling: NOT_PAYING },
  incomplete: { renewing: NOT_PAYING, canceling: NOT_PAYING },
  incomplete_expired: { renewing: NOT_PAYING, canceling: NOT_PAYING },
  trialing: { renewing: PAYING, canceling: PAYING_UNTIL_PERIOD_END },
  active: { renewing: PAYING, canceling: PAYING_UNTIL_PERIOD_END },
  // The card failed: access is kept while the provider retries it.
  past_due: { renewing: PAYING, canceling: PAYING_UNTIL_PERIOD_END },
  canceled: { renewing: NOT_PAYING, canceling: NOT_PAYING },
  // The retries ran out: no access until an invoice is paid.
  unpaid: { renewing: NOT_PAYING, canceling: NOT_PAYING },
  paused: { renewing: NOT_PAYING, canceling: NOT_PAYING },
};

const LETTERS: Record<string, PlanAccess> = { S: 'subscribed', T: 'trial', E: 'expired' };

export interface PlanAccessCase {
  name: string;
  providerStatus: ProviderSubscriptionStatus | null;
  cancelAtPeriodEnd: boolean;
  trialEnd: When;
  periodEnd: When;
  expected: PlanAccess;
}

export const PLAN_ACCESS_CASES: PlanAccessCase[] = (['none', ...PROVIDER_SUBSCRIPTION_STATUSES] as const).flatMap(
  (status) =>
    ([false, true] as const).flatMap((cancelAtPeriodEnd) => {
      const grid = GRIDS[status][cancelAtPeriodEnd ? 'canceling' : 'renewing'];
      return WHENS.flatMap((trialEnd, row) =>
        WHENS.map((periodEnd, column) => ({
          name: `${status}${cancelAtPeriodEnd ? ' (canceled at period end)' : ''}, trial end ${trialEnd}, period end ${periodEnd}`,
          providerStatus: status === 'none' ? null : status,
          cancelAtPeriodEnd,
          trialEnd,
          periodEnd,
          expected: LETTERS[grid[row]![column]!]!,
        })),
      );
    }),
);
