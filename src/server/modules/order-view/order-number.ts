import { and, eq, is, sql, type SQL } from 'drizzle-orm';
import { PgliteTransaction } from 'drizzle-orm/pglite';
import type { Transaction } from '../../db/client';
import { orders, restaurantProfiles } from '../../db/schema';

export interface OrderNumber {
  dailyNumber: number;
  /** The restaurant's local date (YYYY-MM-DD) the number belongs to. */
  businessDate: string;
}

/**
 * Order numbers are handed out one transaction at a time per restaurant: a transaction-scoped advisory lock is held
 * until the order's transaction ends, and the highest number is read only once the lock is held (a later statement,
 * so under READ COMMITTED it sees the previous holder's committed order). A rolled-back order frees its number for
 * the next. The unique index on (user_id, business_date, daily_number) backs this up.
 *
 * Embedded PGlite needs no lock: it runs one transaction at a time, and no other statement while one is open.
 */
export async function lockOrderNumbers(tx: Transaction, restaurantId: string): Promise<void> {
  if (is(tx, PgliteTransaction)) return;
  await tx.execute(sql`select ${orderNumberLock(restaurantId)}`);
}

const orderNumberLock = (restaurantId: string) =>
  sql`pg_advisory_xact_lock(hashtext(${`pickupline:order-number:${restaurantId}`}))`;

/**
 * `lockOrderNumbers`, reading `alongside` in the same statement (one round trip fewer on every order it serves), and
 * returning its value. What `alongside` reads is not ordered by the lock: it sees what had committed when the
 * statement began.
 */
export async function lockOrderNumbersReading<T>(tx: Transaction, restaurantId: string, alongside: SQL<T>): Promise<T> {
  const lock = is(tx, PgliteTransaction) ? sql`null` : orderNumberLock(restaurantId);
  const result = await tx.execute(sql`select ${lock} as locked, ${alongside} as value`);
  return (result as { rows: { value: T }[] }).rows[0]!.value;
}

/** The restaurant's local date now (restaurant_profiles.timezone, UTC if unset). */
const businessDate = (restaurantId: string) => sql`(now() at time zone coalesce(
    (select ${restaurantProfiles.timezone} from ${restaurantProfiles} where ${restaurantProfiles.id} = ${restaurantId}),
    'UTC'))::date`;

/** The highest number of the restaurant's local day plus one. */
const nextNumber = (restaurantId: string, today: SQL) =>
  sql<number>`(select coalesce(max(${orders.dailyNumber}), 0) + 1 from ${orders}
    where ${and(eq(orders.userId, restaurantId), eq(orders.businessDate, today))})`;

/**
 * The number columns of a new order, worked out by its INSERT itself (one statement fewer than reading the number
 * first). Only after `lockOrderNumbers` in the same transaction: the INSERT is then a later statement than the lock.
 */
export function orderNumberColumns(restaurantId: string): { dailyNumber: SQL<number>; businessDate: SQL<string> } {
  const today = businessDate(restaurantId);
  return { dailyNumber: nextNumber(restaurantId, today), businessDate: sql<string>`${today}` };
}

/** Takes the lock and reads the next number of the restaurant's local day, for an insert that needs it up front. */
export async function nextOrderNumber(tx: Transaction, restaurantId: string): Promise<OrderNumber> {
  await lockOrderNumbers(tx, restaurantId);
  const today = businessDate(restaurantId);
  const [row] = await tx
    .select({
      businessDate: sql<string>`${today}::text`,
      dailyNumber: sql<number>`coalesce(max(${orders.dailyNumber}), 0) + 1`.mapWith(Number),
    })
    .from(orders)
    .where(and(eq(orders.userId, restaurantId), eq(orders.businessDate, today)));
  return row!;
}
