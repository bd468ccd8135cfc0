import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Order } from '@shared/contracts/orders';
import type { EventRecorder } from '../../realtime/with-events';
import type { Database, Transaction } from '../../db/client';
import { notifications, orderItems, orders } from '../../db/schema';

/**
 * The order as dashboards see it — the row, its line items and the state of its customer texts — read by the orders
 * and notifications modules alike, so neither has to import the other to show a change.
 */

type OrderRow = typeof orders.$inferSelect;

/** Orders with their line items and text states, in the order of `ids`, three queries whatever the count. */
export async function loadOrders(db: Database | Transaction, ownerId: string, ids: string[]): Promise<Order[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, ownerId), inArray(orders.id, ids)));
  return attachDetails(db, rows, ids);
}

export async function attachDetails(db: Database | Transaction, rows: OrderRow[], order?: string[]): Promise<Order[]> {
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
  const byId = new Map(rows.map((r) => [r.id, r]));
  const sequence = order ?? ids;
  return sequence
    .map((id) => byId.get(id))
    .filter((r): r is OrderRow => r !== undefined)
    .map((r) => ({
      id: r.id,
      dailyNumber: r.dailyNumber,
      item: r.item,
      quantity: r.quantity,
      items: items
        .filter((i) => i.orderId === r.id)
        .map((i) => ({
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
      totalCents: r.totalCents,
      source: r.source,
      callId: r.callId,
      needsReview: r.needsReview,
      reviewReason: r.reviewReason,
      cancelReason: r.cancelReason,
      cancelledAt: r.cancelledAt?.toISOString() ?? null,
      notifiedAt: r.notifiedAt?.toISOString() ?? null,
      notifications: texts
        .filter((t) => t.orderId === r.id)
        .map((t) => ({ kind: t.kind, status: t.status, lastError: t.lastError, updatedAt: t.updatedAt.toISOString() })),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    }));
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
