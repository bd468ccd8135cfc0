import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/test-app';
import { orders } from '../../db/schema';
import type { OrderSummary } from '@shared/contracts/me';

describe('owner scoping', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('each owner sees only their own orders, newest first', async () => {
    const ann = await t.signUp({ email: 'ann@example.com' });
    const bob = await t.signUp({ email: 'bob@example.com' });
    await t.db.insert(orders).values([
      {
        userId: ann.userId,
        item: 'Margherita',
        phoneNumber: '5551110000',
        createdAt: new Date('2026-11-20T10:00:00Z'),
      },
      { userId: ann.userId, item: 'Calzone', phoneNumber: '5551110001', createdAt: new Date('2026-11-20T11:00:00Z') },
      { userId: bob.userId, item: 'Pad Thai', phoneNumber: '5552220000' },
    ]);

    const annOrders = (await (await t.request('/api/orders', { cookie: ann.cookie })).json()) as {
      orders: OrderSummary[];
    };
    expect(annOrders.orders.map((o) => o.item)).toEqual(['Calzone', 'Margherita']);
    const bobOrders = (await (await t.request('/api/orders', { cookie: bob.cookie })).json()) as {
      orders: OrderSummary[];
    };
    expect(bobOrders.orders.map((o) => o.item)).toEqual(['Pad Thai']);
  });

  it('refuses a request with no session', async () => {
    const response = await t.request('/api/orders');
    expect(response.status).toBe(401);
  });
});
