import { and, eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { orders, restaurantProfiles } from '../../db/schema';

export interface OrderNumber {
  dailyNumber: number;
  /** The restaurant's local date (YYYY-MM-DD) the number belongs to. */
  businessDate: string;
}

/**
 * The next order number for the restaurant's local day (restaurant_profiles.timezone, UTC if unset), to be inserted
 * with the order in the same transaction.
 *
 * Numbers are handed out one transaction at a time per restaurant: a transaction-scoped advisory lock is held until
 * the order's transaction ends, and the highest number is read only once the lock is held (a new statement, so under
 * READ COMMITTED it sees the previous holder's committed order). A rolled-back order frees its number for the next.
 * The unique index on (user_id, business_date, daily_number) backs this up.
 */
export async function nextOrderNumber(tx: Transaction, restaurantId: string): Promise<OrderNumber> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`pickupline:order-number:${restaurantId}`}))`);
  const today = sql`(now() at time zone coalesce(
    (select ${restaurantProfiles.timezone} from ${restaurantProfiles} where ${restaurantProfiles.id} = ${restaurantId}),
    'UTC'))::date`;
  const [row] = await tx
    .select({
      businessDate: sql<string>`${today}::text`,
      dailyNumber: sql<number>`coalesce(max(${orders.dailyNumber}), 0) + 1`.mapWith(Number),
    })
    .from(orders)
    .where(and(eq(orders.userId, restaurantId), eq(orders.businessDate, today)));
  return row!;
}
