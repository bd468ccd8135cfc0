import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Order, OrderItemLine, OrderNotification } from '@shared/contracts/orders';
import { centsFromNumeric } from '@shared/domain/money';
import type { ChosenOption } from '@shared/domain/menu-options';
import type { EventRecorder } from '../../realtime/with-events';
import type { Database, Transaction } from '../../db/client';
import { notifications, orderItems, orders } from '../../db/schema';

/**
 * The order as dashboards see it — the row, its line items and the state of its customer texts — read by the orders
 * and notifications modules alike, so neither has to import the other to show a change.
 */

export type OrderRow = typeof orders.$inferSelect;
type ItemRow = Pick<typeof orderItems.$inferSelect, 'name' | 'quantity' | 'unitPriceCents' | 'notes' | 'options'>;
type TextRow = Pick<typeof notifications.$inferSelect, 'kind' | 'status' | 'lastError' | 'updatedAt'>;

/** The order as the API shows it, from its row, its line items (by name) and its texts (oldest first). */
export function orderOf(r: OrderRow, items: readonly ItemRow[], texts: readonly TextRow[]): Order {
  return {
    id: r.id,
    dailyNumber: r.dailyNumber,
    item: r.item,
    quantity: r.quantity,
    items: items.map((i) => ({
      name: i.name,
      quantity: i.quantity,
      unitPriceCents: i.unitPriceCents,
      notes: i.notes,
      options: i.options,
    })),
    phoneNumber: r.phoneNumber,
    customerName: r.customerName,
    status: r.status,
    isCustomOrder: r.isCustomOrder,
    customOrderText: r.customOrderText,
    readyInMinutes: r.readyInMinutes,
    prepMinutes: r.prepMinutes,
    quotedReadyAt: r.quotedReadyAt?.toISOString() ?? null,
    scheduledFor: r.scheduledFor?.toISOString() ?? null,
    totalCents: r.totalCents,
    source: r.source,
    callId: r.callId,
    needsReview: r.needsReview,
    reviewReason: r.reviewReason,
    cancelReason: r.cancelReason,
    cancelledAt: r.cancelledAt?.toISOString() ?? null,
    notifiedAt: r.notifiedAt?.toISOString() ?? null,
    notifications: texts.map((t) => ({
      kind: t.kind,
      status: t.status,
      lastError: t.lastError,
      updatedAt: t.updatedAt.toISOString(),
    })),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** A line item as `json_build_object` hands it over: the price as numeric text, so cents stay exact. */
type ItemJson = Omit<OrderItemLine, 'unitPriceCents' | 'options'> & { unitPrice: string; options: ChosenOption[] };
type TextJson = Omit<OrderNotification, 'updatedAt'> & { updatedAt: string };

/**
 * A correlated subquery as a field of a select. Drizzle writes the top-level columns of a single-table select's SQL
 * fields unqualified ("id"), which inside the subquery would name its own table's column; nested one level deeper
 * they keep their table ("orders"."id").
 */
const correlated = <T>(query: SQL) => sql<T>`${query}`;

/** The order's line items by name, as JSON, in the same statement that reads the order. */
const itemsJson = correlated<ItemJson[]>(sql`coalesce((
  select json_agg(json_build_object(
    'name', ${orderItems.name}, 'quantity', ${orderItems.quantity}, 'unitPrice', ${orderItems.unitPriceCents}::text,
    'notes', ${orderItems.notes}, 'options', ${orderItems.options}
  ) order by ${orderItems.name})
  from ${orderItems} where ${orderItems.orderId} = ${orders.id}), '[]'::json)`);

/** The order's customer texts, oldest first, as JSON, in the same statement that reads the order. */
const textsJson = correlated<TextJson[]>(sql`coalesce((
  select json_agg(json_build_object(
    'kind', ${notifications.kind}, 'status', ${notifications.status}, 'lastError', ${notifications.lastError},
    'updatedAt', ${notifications.updatedAt}
  ) order by ${notifications.createdAt})
  from ${notifications} where ${notifications.orderId} = ${orders.id}), '[]'::json)`);

/**
 * Orders with their line items and text states, in the order of `ids`: one statement whatever the count, because
 * every change a dashboard sees reads its order back inside the writer's transaction.
 */
export async function loadOrders(db: Database | Transaction, ownerId: string, ids: string[]): Promise<Order[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ order: orders, items: itemsJson, texts: textsJson })
    .from(orders)
    .where(and(eq(orders.userId, ownerId), inArray(orders.id, ids)));
  const byId = new Map(
    rows.map(({ order, items, texts }) => [
      order.id,
      orderOf(
        order,
        items.map(({ unitPrice, ...line }) => ({ ...line, unitPriceCents: centsFromNumeric(unitPrice) })),
        texts.map((t) => ({ ...t, updatedAt: new Date(t.updatedAt) })),
      ),
    ]),
  );
  return ids.map((id) => byId.get(id)).filter((o): o is Order => o !== undefined);
}

/** Line items and text states for rows already read (a page of the list): two queries whatever the count. */
export async function attachDetails(db: Database | Transaction, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [items, texts] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.orderId), asc(orderItems.name)),
    db
      .select({
        orderId: notifications.orderId,
        kind: notifications.kind,
        status: notifications.status,
        lastError: notifications.lastError,
        updatedAt: notifications.updatedAt,
      })
      .from(notifications)
      .where(inArray(notifications.orderId, ids))
      .orderBy(asc(notifications.createdAt)),
  ]);
  return rows.map((r) =>
    orderOf(
      r,
      items.filter((i) => i.orderId === r.id),
      texts.filter((t) => t.orderId === r.id),
    ),
  );
}

/** Records an `order.updated` event carrying the order as it now is (inside the writer's transaction). */
export async function publishOrderChange(
  tx: Transaction,
  events: EventRecorder,
  restaurantId: string,
  orderId: string,
): Promise<Order | null> {
  const [order] = await loadOrders(tx, restaurantId, [orderId]);
  if (order) await events.record(restaurantId, { type: 'order.updated', order });
  return order ?? null;
}
