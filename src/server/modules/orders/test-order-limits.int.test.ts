import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/test-app';
import { orders, realtimeEvents } from '../../db/schema';
import { testOrderLimitOf } from '../../http/creation-limit';
import { TEST_ORDER_CREATION_LIMIT } from './test-orders';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const testOrder = (cookie: string) =>
  t.request('/api/orders/test', { method: 'POST', cookie, json: { isCustomOrder: true } });

async function countOrders(ownerId: string, source: 'test' | 'phone' = 'test') {
  const rows = await t.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, ownerId), eq(orders.source, source)));
  return rows.length;
}

async function countEvents(ownerId: string) {
  const rows = await t.db
    .select({ id: realtimeEvents.id })
    .from(realtimeEvents)
    .where(eq(realtimeEvents.userId, ownerId));
  return rows.length;
}

describe('how many test orders an account may create', () => {
  it(`takes ${TEST_ORDER_CREATION_LIMIT.limit} in a minute, then answers 429 with when to try again and writes nothing`, async () => {
    const { cookie, userId } = await t.signUp({ email: 'test-order-flood@example.com' });
    const { limit } = TEST_ORDER_CREATION_LIMIT;
    for (let i = 0; i < limit; i++) expect((await testOrder(cookie)).status).toBe(201);
    const events = await countEvents(userId);

    const refused = await testOrder(cookie);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(((await refused.json()) as { error: string }).error).toBe(
      `You have created 30 test orders in the last minute. Try again in ${wait} second${wait === 1 ? '' : 's'}.`,
    );
    expect(await countOrders(userId)).toBe(limit);
    expect(await countEvents(userId)).toBe(events);
  });

  it('makes room as test orders age out of the minute', async () => {
    const { cookie, userId } = await t.signUp({ email: 'test-order-ageing@example.com' });
    const { limit } = TEST_ORDER_CREATION_LIMIT;
    for (let i = 0; i < limit; i++) expect((await testOrder(cookie)).status).toBe(201);
    expect((await testOrder(cookie)).status).toBe(429);
    // The five oldest were created two minutes ago.
    await t.db.execute(sql`
      update orders set created_at = created_at - interval '2 minutes'
      where id in (select id from orders where user_id = ${userId} order by created_at limit 5)`);
    for (let i = 0; i < 5; i++) expect((await testOrder(cookie)).status).toBe(201);
    expect((await testOrder(cookie)).status).toBe(429);
  });

  it('counts each account on its own, and never its phone orders', async () => {
    const { cookie, userId } = await t.signUp({ email: 'test-order-phone@example.com' });
    // A rush of phone orders a moment ago: they are the product working, not a flood.
    const phoneOrders = Array.from({ length: 40 }, (_, i) => ({
      userId,
      dailyNumber: i + 1,
      businessDate: '2026-11-23',
      item: 'Pad Thai',
      quantity: 1,
      phoneNumber: '+14155550100',
      customerName: 'Maria Garcia',
      source: 'phone' as const,
    }));
    await t.db.insert(orders).values(phoneOrders);
    expect(await countOrders(userId, 'phone')).toBe(40);
    expect((await testOrder(cookie)).status).toBe(201);
  });

  it('follows the limit the server was given (TEST_ORDER_LIMIT)', async () => {
    const strict = await createTestApp({ testOrderLimit: testOrderLimitOf({ max: 2, window: 3600 }) });
    try {
      const { cookie } = await strict.signUp({ email: 'test-order-strict@example.com' });
      const post = () => strict.request('/api/orders/test', { method: 'POST', cookie, json: {} });
      expect((await post()).status).toBe(201);
      expect((await post()).status).toBe(201);
      const refused = await post();
      expect(refused.status).toBe(429);
      const { error } = (await refused.json()) as { error: string };
      expect(error).toMatch(/^You have created 2 test orders in the last hour\. Try again in \d+ minutes\.$/);
    } finally {
      await strict.close();
    }
  });
});
