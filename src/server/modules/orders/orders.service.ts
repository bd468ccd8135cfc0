import { desc, eq } from 'drizzle-orm';
import type { OrderSummary } from '@shared/contracts/me';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';

/** The owner's orders, newest first. Scoped by the owner's id, which only ever comes from the session. */
export async function listOrders(db: Database, { ownerId, limit = 200 }: { ownerId: string; limit?: number }) {
  const rows = await db
    .select({
      id: orders.id,
      item: orders.item,
      quantity: orders.quantity,
      phoneNumber: orders.phoneNumber,
      customerName: orders.customerName,
      status: orders.status,
      isCustomOrder: orders.isCustomOrder,
      customOrderText: orders.customOrderText,
      readyInMinutes: orders.readyInMinutes,
      total: orders.total,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.userId, ownerId))
    .orderBy(desc(orders.createdAt))
    .limit(limit);
  return rows.map((r): OrderSummary => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
