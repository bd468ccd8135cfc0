import { sql, type SQL } from 'drizzle-orm';
import {
  PAID_STATUSES,
  RETRYING_PAID_STATUSES,
  RUNNING_PAID_STATUSES,
  type PlanAccess,
} from '@shared/domain/subscription';
import { inList } from '../../db/schema/checks';
import { restaurantProfiles, subscriptions } from '../../db/schema';

/**
 * The plan rules in SQL, for queries over many accounts that join `restaurant_profiles` and (left) `subscriptions` on
 * the owner. Each is the rule of the same name in src/shared/domain/subscription.ts, with its status lists read from
 * there; plan-access-sql.int.test.ts runs both on every case of the rule's table and expects the same answers.
 */

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/** Our copy names a subscription (planSummaryOf counts it only then). */
const hasSubscription = sql`(${subscriptions.subscriptionId} is not null and ${subscriptions.status} is not null)`;

/** A paying plan: a paid status, unless it was canceled at the period's end and that end has passed. */
function payingSql(now: Date): SQL {
  return sql`(coalesce(${hasSubscription} and ${inList(subscriptions.status, PAID_STATUSES)}, false)
    and not coalesce(${subscriptions.cancelAtPeriodEnd} and ${subscriptions.currentPeriodEnd} <= ${at(now)}, false))`;
}

/** planAccess: 'subscribed', 'trial' or 'expired'. An account without a restaurant row has no trial either. */
export function planAccessSql(now: Date): SQL<PlanAccess> {
  return sql<PlanAccess>`(case
    when ${payingSql(now)} then 'subscribed'
    when coalesce(${restaurantProfiles.trialEndsAt} > ${at(now)}, false) then 'trial'
    else 'expired' end)`;
}

/**
 * The plan as the billing page names it, for the admin's Paying and Canceling filters (billingStatusFor): Paying is
 * Active (running, renewing) or Past due while the card is retried; Canceling is running and ending at the period's end.
 */
export const billingFilterSql = {
  paying: sql`(${hasSubscription} and (${inList(subscriptions.status, RETRYING_PAID_STATUSES)}
    or (${inList(subscriptions.status, RUNNING_PAID_STATUSES)} and not ${subscriptions.cancelAtPeriodEnd})))`,
  canceling: sql`(${hasSubscription} and ${inList(subscriptions.status, RUNNING_PAID_STATUSES)} and ${subscriptions.cancelAtPeriodEnd})`,
};
