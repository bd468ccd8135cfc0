import { and, asc, desc, eq, gte, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ListOrdersResponse, Order, OrderFilter, OrderStats } from '@shared/contracts/orders';
import {
  ACTIVE_ORDER_STATUSES,
  cancelReasonsFor,
  canCancel,
  previousOrderStatus,
  queueRank,
  type CancelReason,
  type OrderStatus,
  type PrepTime,
} from '@shared/domain/orders';
import type { Database } from '../../db/client';
import { botPreferences, orders, restaurantProfiles } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import { decodeKeysetCursor, encodeKeysetCursor, type KeysetCursor } from '../../http/keyset-cursor';
import type { JobQueue } from '../../jobs/job-queue';
import type { SmsProvider } from '../../providers/sms/sms-provider';
import type { RealtimeHub } from '../../realtime/realtime-hub';
import { withEvents } from '../../realtime/with-events';
import { enqueueSms, queueNotification } from '../notifications/notifications.service';
import { attachDetails, publishOrderChange } from '../order-view/order-view';

export interface OrderDeps {
  db: Database;
  hub: RealtimeHub;
  jobs: JobQueue;
  sms: SmsProvider;
}

async function restaurantTimeZone(db: Database, ownerId: string): Promise<string> {
  const [row] = await db
    .select({ timezone: restaurantProfiles.timezone })
    .from(restaurantProfiles)
    .where(eq(restaurantProfiles.id, ownerId));
  return row?.timezone ?? 'UTC';
}

/**
 * The dashboard's working set: every open order, plus orders completed or cancelled since midnight in the
 * restaurant's zone (their `updated_at` is when they were finished: nothing moves an order on from there).
 */
function workingSet(timeZone: string): SQL {
  const midnight = sql`(date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone})`;
  return or(inArray(orders.status, ACTIVE_ORDER_STATUSES), gte(orders.updatedAt, midnight))!;
}

function filterCondition(timeZone: string, filter: OrderFilter, includeEarlier: boolean): SQL | undefined {
  const inView = includeEarlier ? undefined : workingSet(timeZone);
  switch (filter) {
    case 'all':
      return inView;
    case 'custom':
      return and(eq(orders.isCustomOrder, true), inView);
    case 'completed':
    case 'cancelled':
      return and(eq(orders.status, filter), inView);
    default:
      return eq(orders.status, filter);
  }
}

export async function getOrderStats(db: Database, ownerId: string, timeZone?: string): Promise<OrderStats> {
  const zone = timeZone ?? (await restaurantTimeZone(db, ownerId));
  const [row] = await db
    .select({
      new: sql<number>`count(*) filter (where ${orders.status} = 'new')`.mapWith(Number),
      preparing: sql<number>`count(*) filter (where ${orders.status} = 'preparing')`.mapWith(Number),
      ready: sql<number>`count(*) filter (where ${orders.status} = 'ready')`.mapWith(Number),
      completed: sql<number>`count(*) filter (where ${orders.status} = 'completed')`.mapWith(Number),
      cancelled: sql<number>`count(*) filter (where ${orders.status} = 'cancelled')`.mapWith(Number),
      // Cancelled orders are kept but count for nothing else: not custom work to do, not part of the day's total.
      custom: sql<number>`count(*) filter (where ${orders.isCustomOrder} and ${orders.status} <> 'cancelled')`.mapWith(
        Number,
      ),
      total: sql<number>`count(*) filter (where ${orders.status} <> 'cancelled')`.mapWith(Number),
    })
    .from(orders)
    .where(and(eq(orders.userId, ownerId), workingSet(zone)));
  return row!;
}

/** 0 new, 1 preparing, 2 ready, 3 completed or cancelled: `queueRank()` of the shared domain, in SQL. */
const QUEUE_RANK = sql<number>`(case ${orders.status} ${sql.join(
  ACTIVE_ORDER_STATUSES.map((status) => sql`when ${status} then ${sql.raw(String(queueRank(status)))}`),
  sql` `,
)} else ${sql.raw(String(ACTIVE_ORDER_STATUSES.length))} end)`;
const FINISHED_RANK = ACTIVE_ORDER_STATUSES.length;

/**
 * Queue order: open orders oldest first (new, then preparing, then ready), then the finished ones newest first.
 * Within an open rank the keys are (created_at, id) ascending; among finished orders they are descending.
 */
const QUEUE_ORDER = [
  asc(QUEUE_RANK),
  sql`(case when ${QUEUE_RANK} < ${sql.raw(String(FINISHED_RANK))} then ${orders.createdAt} end) asc`,
  sql`(case when ${QUEUE_RANK} < ${sql.raw(String(FINISHED_RANK))} then ${orders.id} end) asc`,
  desc(orders.createdAt),
  desc(orders.id),
];

/**
 * The orders list's cursor: the last row's queue rank, then the shared (created_at, id) keyset cursor, so the next
 * page starts right after it in queue order whatever the rank.
 */
interface QueueCursor extends KeysetCursor {
  rank: number;
}

const encodeQueueCursor = ({ rank, ...keyset }: QueueCursor) => `${rank}.${encodeKeysetCursor(keyset)}`;

function decodeQueueCursor(value: string): QueueCursor {
  const match = /^(\d)\.(.+)$/.exec(value);
  const rank = Number(match?.[1]);
  if (!match || rank > FINISHED_RANK) throw new HttpError(400, 'Not a valid page cursor', 'cursor');
  return { rank, ...decodeKeysetCursor(match[2]!) };
}

/** The rows after the cursor in queue order. */
function afterInQueue(cursor: QueueCursor): SQL {
  const key = sql`(${orders.createdAt}, ${orders.id})`;
  const cursorKey = sql`(${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
  const rank = sql.raw(String(cursor.rank));
  if (cursor.rank === FINISHED_RANK) return sql`(${QUEUE_RANK} = ${rank} and ${key} < ${cursorKey})`;
  return sql`(${QUEUE_RANK} > ${rank} or (${QUEUE_RANK} = ${rank} and ${key} > ${cursorKey}))`;
}

/** One page of the owner's orders in queue order, filtered and counted by the database. */
export async function listOrders(
  db: Database,
  ownerId: string,
  query: { filter: OrderFilter; cursor?: string; limit: number; includeEarlier: boolean },
): Promise<ListOrdersResponse> {
  const cursor = query.cursor ? decodeQueueCursor(query.cursor) : null;
  const timeZone = await restaurantTimeZone(db, ownerId);
  const [rows, stats] = await Promise.all([
    db
      .select({
        order: orders,
        rank: QUEUE_RANK.mapWith(Number),
        createdAtText: sql<string>`${orders.createdAt}::text`,
      })
      .from(orders)
      .where(
        and(
          eq(orders.userId, ownerId),
          filterCondition(timeZone, query.filter, query.includeEarlier),
          cursor ? afterInQueue(cursor) : undefined,
        ),
      )
      .orderBy(...QUEUE_ORDER)
      .limit(query.limit + 1),
    getOrderStats(db, ownerId, timeZone),
  ]);
  // One row more than the page says whether there is a next page; its cursor is the last row kept.
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const hasMore = rows.length > query.limit && last !== undefined;
  return {
    orders: await attachDetails(
      db,
      page.map((r) => r.order),
    ),
    nextCursor: hasMore ? encodeQueueCursor({ rank: last.rank, at: last.createdAtText, id: last.order.id }) : null,
    stats,
  };
}

type Transition = { to: 'preparing'; readyInMinutes: PrepTime } | { to: 'ready' } | { to: 'completed' };

/** The status each move starts from, from the shared transition rule (new → preparing → ready → completed). */
const FROM = {
  preparing: previousOrderStatus('preparing')!,
  ready: previousOrderStatus('ready')!,
  completed: previousOrderStatus('completed')!,
} satisfies Record<Transition['to'], OrderStatus>;

function conflictReason(current: OrderStatus, transition: Transition): string {
  if (current === transition.to) return `This order is already ${current}.`;
  const action = { preparing: 'given a prep time', ready: 'marked ready', completed: 'completed' }[transition.to];
  return `Only ${FROM[transition.to]} orders can be ${action}; this one is ${current}.`;
}

/**
 * Whether automatic texts are on ("Automatic SMS notifications"; on until the owner turns them off), as SQL that an
 * UPDATE returns with the row it changed, so a status change does not read the setting in a statement of its own.
 * Nested in a second `sql` so drizzle keeps the columns' table names inside the RETURNING clause.
 */
const automaticTextsOn = (ownerId: string) =>
  sql<boolean>`${sql`coalesce((select ${botPreferences.autoSmsEnabled} from ${botPreferences}
    where ${botPreferences.restaurantId} = ${ownerId}), true)`}`;

/**
 * Moves an order one step forward. The status it must be in is part of the UPDATE's WHERE clause, so a double click
 * or a second tab changes nothing the second time and gets a 409 with the reason.
 */
export async function changeOrderStatus(deps: OrderDeps, ownerId: string, orderId: string, transition: Transition) {
  const { db, hub, jobs, sms } = deps;
  return withEvents(db, hub, async (tx, events) => {
    const [updated] = await tx
      .update(orders)
      .set({
        status: transition.to,
        ...(transition.to === 'preparing' ? { readyInMinutes: transition.readyInMinutes } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(orders.id, orderId), eq(orders.userId, ownerId), eq(orders.status, FROM[transition.to])))
      .returning({ id: orders.id, automaticTexts: automaticTextsOn(ownerId) });
    if (!updated) {
      const [current] = await tx
        .select({ status: orders.status })
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, ownerId)));
      if (!current) throw notFound('Order');
      throw new HttpError(409, conflictReason(current.status, transition));
    }

    const textToSend = textFor(transition, updated.automaticTexts);
    const notificationId = textToSend
      ? await queueNotification(tx, { orderId, restaurantId: ownerId, kind: textToSend, provider: sms.name })
      : null;
    if (notificationId) events.afterCommit(() => enqueueSms(jobs, notificationId));
    return (await publishOrderChange(tx, events, ownerId, orderId))!;
  });
}

/** The prep-time and ready texts go out only while automatic texts are on; completing an order sends none. */
function textFor(t: Transition, automaticTexts: boolean) {
  return t.to !== 'completed' && automaticTexts ? t.to : null;
}

/** Why a cancel changed nothing: the order is finished, or it is not ready for a no-show yet. */
function cancelConflict(current: OrderStatus): string {
  if (current === 'cancelled') return 'This order is already cancelled.';
  if (!canCancel(current)) return `Only new, preparing or ready orders can be cancelled; this one is ${current}.`;
  return `Only ready orders can be marked as a no-show; this one is ${current}.`;
}

/**
 * Cancels an order still in the kitchen (new, preparing or ready), with the reason; a no-show only once it is ready.
 * Like the moves forward, the allowed statuses are in the UPDATE's WHERE clause, so crossed clicks get a 409. The
 * customer gets a cancellation text when automatic texts are on.
 */
export async function cancelOrder(deps: OrderDeps, ownerId: string, orderId: string, reason: CancelReason) {
  const { db, hub, jobs, sms } = deps;
  const from = ACTIVE_ORDER_STATUSES.filter((status) => cancelReasonsFor(status).includes(reason));
  return withEvents(db, hub, async (tx, events) => {
    const now = new Date();
    const [updated] = await tx
      .update(orders)
      .set({ status: 'cancelled', cancelReason: reason, cancelledAt: now, updatedAt: now })
      .where(and(eq(orders.id, orderId), eq(orders.userId, ownerId), inArray(orders.status, from)))
      .returning({ id: orders.id, automaticTexts: automaticTextsOn(ownerId) });
    if (!updated) {
      const [current] = await tx
        .select({ status: orders.status })
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, ownerId)));
      if (!current) throw notFound('Order');
      throw new HttpError(409, cancelConflict(current.status));
    }

    const notificationId = updated.automaticTexts
      ? await queueNotification(tx, { orderId, restaurantId: ownerId, kind: 'cancelled', provider: sms.name })
      : null;
    if (notificationId) events.afterCommit(() => enqueueSms(jobs, notificationId));
    return (await publishOrderChange(tx, events, ownerId, orderId))!;
  });
}

export type { Order };
