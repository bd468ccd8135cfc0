import { eq } from 'drizzle-orm';
import type { PlanSummary } from '@shared/contracts/billing';
import { billingStatusFor } from '@shared/domain/subscription';
import type { Database, Transaction } from '../../db/client';
import { subscriptions } from '../../db/schema';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The plan as the banner, billing page and admin show it, from our copy of the provider's subscription. */
export function planSummaryOf(row: SubscriptionRow | null | undefined): PlanSummary {
  const hasSubscription = row?.status != null && row.subscriptionId != null;
  return {
    status: billingStatusFor(
      hasSubscription ? { status: row.status!, cancelAtPeriodEnd: row.cancelAtPeriodEnd } : null,
    ),
    providerStatus: hasSubscription ? row.status : null,
    currentPeriodEnd: hasSubscription ? (row.currentPeriodEnd?.toISOString() ?? null) : null,
    cancelAtPeriodEnd: hasSubscription ? row.cancelAtPeriodEnd : false,
    subscriptionId: hasSubscription ? row.subscriptionId : null,
  };
}

export async function readSubscription(
  db: Database | Transaction,
  userId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}

export async function readPlanSummary(db: Database | Transaction, userId: string): Promise<PlanSummary> {
  return planSummaryOf(await readSubscription(db, userId));
}
