// Needs a real PostgreSQL server: PGlite's one connection runs these "at once" requests one after the other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/test-app';
import { notifications, orders } from '../../db/schema';
import type { Order } from '@shared/contracts/orders';

describe('order status changes racing each other', () => {
  let t: TestApp;
  let owner: { cookie: string; userId: string };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.signUp({ email: 'racing@example.com' });
  });
  afterAll(() => t.close());

  const act = (id: string, action: 'prep-time' | 'ready', json: unknown = {}) =>
    t.request(`/api/orders/${id}/${action}`, { method: 'POST', cookie: owner.cookie, json });

  async function createTestOrder() {
    const response = await t.request('/api/orders/test', { method: 'POST', cookie: owner.cookie, json: {} });
    expect(response.status).toBe(201);
    return ((await response.json()) as { order: Order }).order;
  }

  async function readOrder(id: string) {
    const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
    return row!;
  }

  const textsFor = (orderId: string) => t.db.select().from(notifications).where(eq(notifications.orderId, orderId));

  it('two prep-time clicks at once: exactly one wins, the other is a 409, and one text is queued', async () => {
    const order = await createTestOrder();
    const responses = await Promise.all([
      act(order.id, 'prep-time', { minutes: 15 }),
      act(order.id, 'prep-time', { minutes: 20 }),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = responses.find((r) => r.status === 200)!;
    const loser = responses.find((r) => r.status === 409)!;
    const won = ((await winner.json()) as { order: Order }).order;
    expect(await loser.json()).toEqual({ error: 'This order is already preparing.' });
    expect((await readOrder(order.id)).readyInMinutes).toBe(won.readyInMinutes);
    expect(await textsFor(order.id)).toHaveLength(1);
  });

  it('five tabs marking ready at once: one 200, four 409s, one “ready” text', async () => {
    const order = await createTestOrder();
    expect((await act(order.id, 'prep-time', { minutes: 10 })).status).toBe(200);
    const responses = await Promise.all(Array.from({ length: 5 }, () => act(order.id, 'ready')));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const texts = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.orderId, order.id), eq(notifications.kind, 'ready')));
    expect(texts).toHaveLength(1);
  });
});
