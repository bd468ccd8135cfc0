import { and, desc, eq, gte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ListOrdersResponse, Order, OrderFilter, OrderStats } from '@shared/contracts/orders';
import { previousOrderStatus, type OrderStatus, type PrepTime } from '@shared/domain/orders';
import type { Database, Transaction } from '../../db/client';
import { botPreferences, orders, restaurantProfiles } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import { decodeKeysetCursor, olderThan, takePage } from '../../http/keyset-cursor';
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

/** The dashboard's working set: every open order, plus orders completed since midnight in the restaurant's zone. */
function workingSet(timeZone: string): SQL {
  const midnight = sql`(date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone})`;
  return or(ne(orders.status, 'completed'), gte(orders.updatedAt, midnight))!;
}

function filterCondition(timeZone: string, filter: OrderFilter, includeEarlier: boolean): SQL | undefined {
  const inView = includeEarlier ? undefined : workingSet(timeZone);
  switch (filter) {
    case 'all':
      return inView;
    case 'custom':
      return and(eq(orders.isCustomOrder, true), inView);
    case 'completed':
      return and(eq(orders.status, 'completed'), inView);
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
      custom: sql<number>`count(*) filter (where ${orders.isCustomOrder})`.mapWith(Number),
      total: sql<number>`count(*)`.mapWith(Number),
    })
    .from(orders)
    .where(and(eq(orders.userId, ownerId), workingSet(zone)));
  return row!;
}

/** One page of the owner's orders, newest first, filtered and counted by the database. */
export async function listOrders(
  db: Database,
  ownerId: string,
  query: { filter: OrderFilter; cursor?: string; limit: number; includeEarlier: boolean },
): Promise<ListOrdersResponse> {
  const cursor = query.cursor ? decodeKeysetCursor(query.cursor) : null;
  const timeZone = await restaurantTimeZone(db, ownerId);
  const after = cursor ? olderThan(orders.createdAt, orders.id, cursor) : undefined;
  const [rows, stats] = await Promise.all([
    db
      .select({ order: orders, createdAtText: sql<string>`${orders.createdAt}::text` })
      .from(orders)
      .where(and(eq(orders.userId, ownerId), filterCondition(timeZone, query.filter, query.includeEarlier), after))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.limit + 1),
    getOrderStats(db, ownerId, timeZone),
  ]);
  const { page, nextCursor } = takePage(rows, query.limit, (r) => ({ at: r.createdAtText, id: r.order.id }));
  return {
    orders: await attachDetails(
      db,
      page.map((r) => r.order),
    ),
    nextCursor,
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
      .returning({ id: orders.id });
    if (!updated) {
      const [current] = await tx
        .select({ status: orders.status })
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, ownerId)));
      if (!current) throw notFound('Order');
      throw new HttpError(409, conflictReason(current.status, transition));
    }

    const textToSend = await textFor(tx, ownerId, transition);
    const notificationId = textToSend
      ? await queueNotification(tx, { orderId, restaurantId: ownerId, kind: textToSend, provider: sms.name })
      : null;
    if (notificationId) events.afterCommit(() => enqueueSms(jobs, notificationId));
    return (await publishOrderChange(tx, events, ownerId, orderId))!;
  });
}

/** Setting a prep time always tells the customer when to come; 'ready' is texted when automatic texts are on. */
async function textFor(tx: Transaction, ownerId: string, t: Transition) {
  if (t.to === 'preparing') return 'preparing' as const;
  if (t.to !== 'ready') return null;
  const [prefs] = await tx
    .select({ autoSmsEnabled: botPreferences.autoSmsEnabled })
    .from(botPreferences)
    .where(eq(botPreferences.restaurantId, ownerId));
  return (prefs?.autoSmsEnabled ?? true) ? ('ready' as const) : null;
}

export type { Order };
