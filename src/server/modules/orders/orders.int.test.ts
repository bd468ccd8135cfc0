import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/test-app';
import { eventData, SseClient } from '../../../../tests/sse-client';
import { notifications, orderItems, orders } from '../../db/schema';
import { SEND_SMS_QUEUE } from '../notifications/notifications.service';
import { SAMPLE_MENU } from './test-orders';
import type { ApiError } from '@shared/contracts/me';
import type { ListOrdersQuery, ListOrdersResponse, Order, OrderStats, RealtimeEvent } from '@shared/contracts/orders';
import { compareQueueOrder } from '@shared/domain/orders';
import type { BotPreferencesResponse, MenuItem } from '@shared/contracts/restaurant';
import { DEFAULT_BUSY_MESSAGE } from '@shared/contracts/restaurant';

type Owner = { cookie: string; userId: string };
type NewOrderRow = typeof orders.$inferInsert;

const DAY_MS = 24 * 60 * 60 * 1000;
/** The 555-01XX block is reserved for fiction; test orders must never text a real person. */
const FICTIONAL_PHONE = /^\+1[2-9]\d{2}55501\d{2}$/;

describe('orders', () => {
  let t: TestApp;
  let emailCounter = 0;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const newOwner = (): Promise<Owner> => t.signUp({ email: `orders${++emailCounter}@example.com` });

  async function list(cookie: string, query: ListOrdersQuery = {}) {
    const params = new URLSearchParams(
      Object.entries(query)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, String(v)]),
    );
    const response = await t.request(`/api/orders?${params.toString()}`, { cookie });
    expect(response.status).toBe(200);
    return (await response.json()) as ListOrdersResponse;
  }

  async function insertOrders(userId: string, rows: Partial<NewOrderRow>[]) {
    return t.db
      .insert(orders)
      .values(rows.map((r, i) => ({ item: `Order ${i}`, phoneNumber: '5551230000', ...r, userId })))
      .returning();
  }

  const act = (cookie: string | undefined, id: string, action: 'prep-time' | 'ready' | 'complete', json?: unknown) =>
    t.request(`/api/orders/${id}/${action}`, { method: 'POST', cookie, json: json ?? {} });

  async function actOk(cookie: string, id: string, action: 'prep-time' | 'ready' | 'complete', json?: unknown) {
    const response = await act(cookie, id, action, json);
    expect(response.status).toBe(200);
    return ((await response.json()) as { order: Order }).order;
  }

  async function readOrder(id: string) {
    const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
    return row!;
  }

  /** pg-boss jobs that would send this text. */
  async function sendSmsJobsFor(notificationId: string) {
    // Both drivers answer raw SQL with { rows }; drizzle types it loosely across them.
    const result: unknown = await t.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = ${SEND_SMS_QUEUE} and data->>'notificationId' = ${notificationId}`,
    );
    return (result as { rows: { n: number }[] }).rows[0]!.n;
  }

  const textsFor = (orderId: string) => t.db.select().from(notifications).where(eq(notifications.orderId, orderId));

  async function expectConflict(response: Response, reason: string) {
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: reason });
  }

  async function expectBadRequest(response: Response, field: string, message?: string) {
    expect(response.status).toBe(400);
    const body = (await response.json()) as ApiError;
    expect(body.field).toBe(field);
    if (message) expect(body.error).toBe(`${field}: ${message}`);
  }

  async function createTestOrder(cookie: string, json: unknown = {}) {
    const response = await t.request('/api/orders/test', { method: 'POST', cookie, json });
    expect(response.status).toBe(201);
    return ((await response.json()) as { order: Order }).order;
  }

  describe('listing', () => {
    it('each owner sees only their own orders, the oldest waiting first', async () => {
      const ann = await newOwner();
      const bob = await newOwner();
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
        orders: Order[];
      };
      expect(annOrders.orders.map((o) => o.item)).toEqual(['Margherita', 'Calzone']);
      const bobOrders = (await (await t.request('/api/orders', { cookie: bob.cookie })).json()) as {
        orders: Order[];
      };
      expect(bobOrders.orders.map((o) => o.item)).toEqual(['Pad Thai']);
    });

    it('refuses a request with no session', async () => {
      const response = await t.request('/api/orders');
      expect(response.status).toBe(401);
    });

    describe('filters, counts and earlier days', () => {
      let owner: Owner;
      const ids: Record<string, string> = {};

      beforeAll(async () => {
        owner = await newOwner();
        const other = await newOwner();
        const now = Date.now();
        const minutesAgo = (m: number) => new Date(now - m * 60_000);
        const rows = await insertOrders(owner.userId, [
          { item: 'new plain', status: 'new', createdAt: minutesAgo(1) },
          { item: 'new custom', status: 'new', isCustomOrder: true, customOrderText: 'Cake', createdAt: minutesAgo(2) },
          { item: 'preparing', status: 'preparing', readyInMinutes: 20, createdAt: minutesAgo(3) },
          { item: 'ready custom', status: 'ready', isCustomOrder: true, createdAt: minutesAgo(4) },
          { item: 'completed today', status: 'completed', createdAt: minutesAgo(5) },
          // Created days ago but finished just now: still part of today's work.
          { item: 'completed today, old order', status: 'completed', createdAt: new Date(now - 3 * DAY_MS) },
          {
            item: 'completed earlier',
            status: 'completed',
            createdAt: new Date(now - 3 * DAY_MS + 60_000),
            updatedAt: new Date(now - 2 * DAY_MS),
          },
          {
            item: 'completed earlier custom',
            status: 'completed',
            isCustomOrder: true,
            createdAt: new Date(now - 3 * DAY_MS + 120_000),
            updatedAt: new Date(now - 2 * DAY_MS),
          },
          // An open order from days ago is still open work and always listed.
          { item: 'preparing since yesterday', status: 'preparing', createdAt: new Date(now - DAY_MS - 60_000) },
          // Cancelled today: kept in the day's history, counted only as cancelled.
          {
            item: 'cancelled today',
            status: 'cancelled',
            isCustomOrder: true,
            cancelReason: 'duplicate',
            cancelledAt: minutesAgo(1),
            createdAt: minutesAgo(6),
          },
          {
            item: 'cancelled earlier',
            status: 'cancelled',
            cancelReason: 'no_show',
            cancelledAt: new Date(now - 2 * DAY_MS),
            createdAt: new Date(now - 2 * DAY_MS - 60_000),
            updatedAt: new Date(now - 2 * DAY_MS),
          },
        ]);
        for (const row of rows) ids[row.item] = row.id;
        // Someone else's orders never show up, in lists or counts.
        await insertOrders(other.userId, [
          { item: 'theirs new', status: 'new' },
          { item: 'theirs completed', status: 'completed' },
          { item: 'theirs custom', status: 'ready', isCustomOrder: true },
        ]);
      });

      const itemsOf = (response: ListOrdersResponse) => response.orders.map((o) => o.item);
      const expectedStats: OrderStats = {
        new: 2,
        preparing: 2,
        ready: 1,
        completed: 2,
        cancelled: 1,
        custom: 2,
        total: 7,
      };

      it('all: the open orders oldest first (new, preparing, ready), then today’s finished ones newest first', async () => {
        const response = await list(owner.cookie);
        expect(itemsOf(response)).toEqual([
          'new custom',
          'new plain',
          'preparing since yesterday',
          'preparing',
          'ready custom',
          'completed today',
          'cancelled today',
          'completed today, old order',
        ]);
        expect(response.nextCursor).toBeNull();
        expect(response.stats).toEqual(expectedStats);
      });

      it.each([
        ['new', ['new custom', 'new plain']],
        ['preparing', ['preparing since yesterday', 'preparing']],
        ['ready', ['ready custom']],
        ['completed', ['completed today', 'completed today, old order']],
        ['cancelled', ['cancelled today']],
        ['custom', ['new custom', 'ready custom', 'cancelled today']],
      ] as const)('filter %s lists only those orders and the counts stay whole', async (filter, expected) => {
        const response = await list(owner.cookie, { filter });
        expect(itemsOf(response)).toEqual(expected);
        expect(response.stats).toEqual(expectedStats);
      });

      it('completed and cancelled orders from earlier days are included when asked for', async () => {
        expect(itemsOf(await list(owner.cookie, { includeEarlier: 'true' }))).toEqual([
          'new custom',
          'new plain',
          'preparing since yesterday',
          'preparing',
          'ready custom',
          'completed today',
          'cancelled today',
          'cancelled earlier',
          'completed earlier custom',
          'completed earlier',
          'completed today, old order',
        ]);
        expect(itemsOf(await list(owner.cookie, { filter: 'completed', includeEarlier: 'true' }))).toEqual([
          'completed today',
          'completed earlier custom',
          'completed earlier',
          'completed today, old order',
        ]);
        expect(itemsOf(await list(owner.cookie, { filter: 'custom', includeEarlier: 'true' }))).toEqual([
          'new custom',
          'ready custom',
          'cancelled today',
          'completed earlier custom',
        ]);
        expect(itemsOf(await list(owner.cookie, { filter: 'cancelled', includeEarlier: 'true' }))).toEqual([
          'cancelled today',
          'cancelled earlier',
        ]);
        expect(itemsOf(await list(owner.cookie, { includeEarlier: 'false' }))).not.toContain('completed earlier');
        expect(itemsOf(await list(owner.cookie, { includeEarlier: 'false' }))).not.toContain('cancelled earlier');
      });

      it('each listed order carries its line items and text states', async () => {
        await t.db.insert(orderItems).values([
          { orderId: ids['new plain']!, name: 'Pad Thai', quantity: 2, unitPriceCents: 1300 },
          { orderId: ids['new plain']!, name: 'Garlic Bread', quantity: 1, unitPriceCents: 500, notes: 'extra crispy' },
        ]);
        const first = (await list(owner.cookie, { filter: 'new' })).orders.find((o) => o.id === ids['new plain']);
        expect(first).toMatchObject({
          id: ids['new plain'],
          status: 'new',
          isCustomOrder: false,
          notifications: [],
          notifiedAt: null,
          items: [
            { name: 'Garlic Bread', quantity: 1, unitPriceCents: 500, notes: 'extra crispy' },
            { name: 'Pad Thai', quantity: 2, unitPriceCents: 1300, notes: null },
          ],
        });
      });

      it('a bad filter, limit or cursor is a 400 naming the parameter', async () => {
        await expectBadRequest(await t.request('/api/orders?filter=archived', { cookie: owner.cookie }), 'filter');
        await expectBadRequest(await t.request('/api/orders?limit=0', { cookie: owner.cookie }), 'limit');
        await expectBadRequest(await t.request('/api/orders?limit=5000', { cookie: owner.cookie }), 'limit');
        await expectBadRequest(
          await t.request('/api/orders?includeEarlier=yes', { cookie: owner.cookie }),
          'includeEarlier',
        );
        const keyset = Buffer.from(`2026-01-01 00:00:00.123456+00|${crypto.randomUUID()}`).toString('base64url');
        for (const cursor of [
          'not-a-cursor',
          Buffer.from('yesterday|abc').toString('base64url'),
          `0.${Buffer.from('yesterday|abc').toString('base64url')}`,
          // A well-formed keyset without its queue rank, or with a rank that does not exist.
          keyset,
          `4.${keyset}`,
          `x.${keyset}`,
          'x'.repeat(201),
        ]) {
          await expectBadRequest(
            await t.request(`/api/orders?cursor=${encodeURIComponent(cursor)}`, { cookie: owner.cookie }),
            'cursor',
          );
        }
        const response = await t.request('/api/orders?cursor=%25%25%25', { cookie: owner.cookie });
        await expectBadRequest(response, 'cursor', 'Not a valid page cursor');
      });

      it('a tampered cursor whose id is not a real uuid is a 400, not a server error', async () => {
        // Passes the cursor's shape check ([0-9a-f-]{36}) but is not a uuid: the database must never see it.
        const cursor = `0.${Buffer.from(`2026-01-01T00:00:00.000Z|${'-'.repeat(36)}`).toString('base64url')}`;
        await expectBadRequest(await t.request(`/api/orders?cursor=${cursor}`, { cookie: owner.cookie }), 'cursor');
      });
    });

    it('“today” is the restaurant’s own day, in its time zone', async () => {
      for (const timezone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
        const owner = await newOwner();
        const saved = await t.request('/api/restaurant', {
          method: 'PUT',
          cookie: owner.cookie,
          json: { restaurantName: 'Far Away Diner', phoneNumber: '555-987-6543', address: '1 Atoll Road', timezone },
        });
        expect(saved.status).toBe(200);

        // These zones have had no daylight saving for decades: local midnight is a fixed offset from UTC midnight.
        const parts = new Intl.DateTimeFormat('en-CA', { timeZone: timezone, dateStyle: 'short' }).format(new Date());
        const offsetMs = timezone === 'Pacific/Kiritimati' ? 14 * 3600_000 : -11 * 3600_000;
        const localMidnight = Date.parse(`${parts}T00:00:00Z`) - offsetMs;
        await insertOrders(owner.userId, [
          { item: 'before local midnight', status: 'completed', updatedAt: new Date(localMidnight - 60_000) },
          { item: 'after local midnight', status: 'completed', updatedAt: new Date(localMidnight + 60_000) },
        ]);
        const response = await list(owner.cookie, { filter: 'completed' });
        expect(
          response.orders.map((o) => o.item),
          timezone,
        ).toEqual(['after local midnight']);
        expect(response.stats.completed, timezone).toBe(1);
      }
    });

    it('pages of 50 cover 130 orders exactly once, oldest first, ties broken stably', async () => {
      const owner = await newOwner();
      const base = Date.parse('2026-05-01T12:00:00.000Z');
      // 60 distinct times, then 70 orders in groups of 7 sharing a time, so ties straddle the page boundaries.
      const createdAt = (i: number) =>
        new Date(i < 60 ? base - i * 1000 : base - 60_000 - Math.floor((i - 60) / 7) * 1000);
      const inserted = await insertOrders(
        owner.userId,
        Array.from({ length: 130 }, (_, i) => ({ item: `#${i}`, createdAt: createdAt(i) })),
      );

      const seen: Order[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await list(owner.cookie, { limit: 50, cursor });
        pages++;
        expect(page.orders.length).toBeLessThanOrEqual(50);
        expect(page.stats.total).toBe(130);
        seen.push(...page.orders);
        cursor = page.nextCursor ?? undefined;
      } while (cursor && pages < 10);

      expect(pages).toBe(3);
      expect(seen).toHaveLength(130);
      expect(new Set(seen.map((o) => o.id)).size).toBe(130);
      expect(new Set(seen.map((o) => o.id))).toEqual(new Set(inserted.map((o) => o.id)));
      for (let i = 1; i < seen.length; i++) {
        const [prev, next] = [seen[i - 1]!, seen[i]!];
        expect(prev.createdAt <= next.createdAt).toBe(true);
        if (prev.createdAt === next.createdAt) expect(prev.id < next.id).toBe(true);
      }

      // The same holds with a filter applied.
      const newOnly: string[] = [];
      cursor = undefined;
      do {
        const page = await list(owner.cookie, { filter: 'new', limit: 50, cursor });
        newOnly.push(...page.orders.map((o) => o.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(newOnly).toEqual(seen.map((o) => o.id));
    });

    it('queue order holds across pages: every rank boundary and tie, open orders up, finished ones down', async () => {
      const owner = await newOwner();
      const base = Date.now() - 60 * 60_000;
      const statuses = ['new', 'preparing', 'ready', 'completed', 'cancelled'] as const;
      // 45 orders, 5 statuses, created in groups of 3 sharing a millisecond so ties straddle the pages.
      const inserted = await insertOrders(
        owner.userId,
        Array.from({ length: 45 }, (_, i) => ({
          item: `q${i}`,
          status: statuses[(i * 7) % 5]!,
          readyInMinutes: 10,
          createdAt: new Date(base + Math.floor(i / 3) * 1000),
        })),
      );
      const expected = inserted
        .map((o) => ({ id: o.id, status: o.status, createdAt: o.createdAt.toISOString() }))
        .sort(compareQueueOrder)
        .map((o) => o.id);

      for (const limit of [1, 4, 7, 45]) {
        const seen: Order[] = [];
        let cursor: string | undefined;
        let pages = 0;
        do {
          const page = await list(owner.cookie, { limit, cursor });
          seen.push(...page.orders);
          cursor = page.nextCursor ?? undefined;
        } while (cursor && ++pages < 100);
        expect(
          seen.map((o) => o.id),
          `pages of ${limit}`,
        ).toEqual(expected);
      }
      // The shape a kitchen reads: every new order, then every preparing, ready, and only then the finished ones.
      const firstPage = await list(owner.cookie, { limit: 45 });
      const rankOf: Record<string, number> = { new: 0, preparing: 1, ready: 2, completed: 3, cancelled: 3 };
      const ranks = firstPage.orders.map((o) => rankOf[o.status]!);
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));

      // An order moving on while the owner pages is found again at its new place on a later page; nothing is skipped.
      const page1 = await list(owner.cookie, { limit: 5 });
      const waiting = page1.orders.find((o) => o.status === 'new')!;
      await t.db.update(orders).set({ status: 'ready' }).where(eq(orders.id, waiting.id));
      const rest: string[] = [];
      let cursor = page1.nextCursor ?? undefined;
      while (cursor) {
        const page = await list(owner.cookie, { limit: 5, cursor });
        rest.push(...page.orders.map((o) => o.id));
        cursor = page.nextCursor ?? undefined;
      }
      expect(rest).toContain(waiting.id);
      expect(new Set([...page1.orders.map((o) => o.id), ...rest]).size).toBe(45);
    });

    it('orders created within the same millisecond (Postgres keeps microseconds) are not skipped by paging', async () => {
      const owner = await newOwner();
      const inserted = await insertOrders(
        owner.userId,
        Array.from({ length: 5 }, (_, i) => ({ item: `same-ms ${i}` })),
      );
      // One INSERT statement stamps every row with the same now(), to the microsecond; make that deterministic.
      await t.db.execute(
        sql`update ${orders} set created_at = '2026-05-01T12:00:00.123456Z' where user_id = ${owner.userId}`,
      );
      // And two more orders in the same millisecond but different microseconds.
      const [a, b] = await insertOrders(owner.userId, [{ item: 'same-ms a' }, { item: 'same-ms b' }]);
      await t.db.execute(sql`update ${orders} set created_at = '2026-05-01T12:00:00.123900Z' where id = ${a!.id}`);
      await t.db.execute(sql`update ${orders} set created_at = '2026-05-01T12:00:00.123100Z' where id = ${b!.id}`);

      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await list(owner.cookie, { limit: 2, cursor });
        seen.push(...page.orders.map((o) => o.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor && ++pages < 10);
      expect(seen).toHaveLength(7);
      expect(new Set(seen)).toEqual(new Set([...inserted.map((o) => o.id), a!.id, b!.id]));
    });
  });

  describe('status changes', () => {
    let owner: Owner;
    let stranger: Owner;
    beforeAll(async () => {
      owner = await newOwner();
      stranger = await newOwner();
    });

    it('prep time → preparing with the minutes, and a “preparing” text queued and handed to the job queue', async () => {
      const order = await createTestOrder(owner.cookie);
      expect(order.status).toBe('new');

      const updated = await actOk(owner.cookie, order.id, 'prep-time', { minutes: 15 });
      expect(updated).toMatchObject({ id: order.id, status: 'preparing', readyInMinutes: 15 });
      expect(updated.notifications).toEqual([
        { kind: 'preparing', status: 'queued', lastError: null, updatedAt: expect.any(String) as string },
      ]);

      const texts = await textsFor(order.id);
      expect(texts).toHaveLength(1);
      expect(texts[0]).toMatchObject({
        kind: 'preparing',
        status: 'queued',
        to: order.phoneNumber,
        restaurantId: owner.userId,
        provider: 'local',
        attempts: 0,
      });
      expect(texts[0]!.body).toContain('15 minutes');

      expect(await sendSmsJobsFor(texts[0]!.id)).toBe(1);

      expect((await readOrder(order.id)).status).toBe('preparing');
    });

    it('only 10, 15, 20 or 30 minutes; anything else is a 400 and changes nothing', async () => {
      const order = await createTestOrder(owner.cookie);
      const before = await readOrder(order.id);
      for (const minutes of [25, 0, -10, 15.5, '15', null]) {
        await expectBadRequest(
          await act(owner.cookie, order.id, 'prep-time', { minutes }),
          'minutes',
          'Prep time must be 10, 15, 20 or 30 minutes',
        );
      }
      expect((await act(owner.cookie, order.id, 'prep-time', {})).status).toBe(400);
      expect(await readOrder(order.id)).toEqual(before);
      expect(await textsFor(order.id)).toEqual([]);

      for (const minutes of [10, 20, 30] as const) {
        const each = await createTestOrder(owner.cookie);
        expect((await actOk(owner.cookie, each.id, 'prep-time', { minutes })).readyInMinutes).toBe(minutes);
      }
    });

    it('walks new → preparing → ready → completed; any repeated or skipped step is a 409 that changes nothing', async () => {
      const order = await createTestOrder(owner.cookie);

      await expectConflict(
        await act(owner.cookie, order.id, 'ready'),
        'Only preparing orders can be marked ready; this one is new.',
      );
      await expectConflict(
        await act(owner.cookie, order.id, 'complete'),
        'Only ready orders can be completed; this one is new.',
      );
      expect(await readOrder(order.id)).toMatchObject({ status: 'new', readyInMinutes: null });

      await actOk(owner.cookie, order.id, 'prep-time', { minutes: 15 });
      const preparing = await readOrder(order.id);
      await expectConflict(
        await act(owner.cookie, order.id, 'prep-time', { minutes: 30 }),
        'This order is already preparing.',
      );
      await expectConflict(
        await act(owner.cookie, order.id, 'complete'),
        'Only ready orders can be completed; this one is preparing.',
      );
      expect(await readOrder(order.id)).toEqual(preparing);
      expect(await textsFor(order.id)).toHaveLength(1);

      const ready = await actOk(owner.cookie, order.id, 'ready');
      expect(ready).toMatchObject({ status: 'ready', readyInMinutes: 15 });
      expect(ready.notifications.map((n) => [n.kind, n.status])).toEqual([
        ['preparing', 'queued'],
        ['ready', 'queued'],
      ]);
      const readyRow = await readOrder(order.id);
      await expectConflict(await act(owner.cookie, order.id, 'ready'), 'This order is already ready.');
      await expectConflict(
        await act(owner.cookie, order.id, 'prep-time', { minutes: 10 }),
        'Only new orders can be given a prep time; this one is ready.',
      );
      expect(await readOrder(order.id)).toEqual(readyRow);

      const completed = await actOk(owner.cookie, order.id, 'complete');
      expect(completed.status).toBe('completed');
      const completedRow = await readOrder(order.id);
      await expectConflict(await act(owner.cookie, order.id, 'complete'), 'This order is already completed.');
      await expectConflict(
        await act(owner.cookie, order.id, 'ready'),
        'Only preparing orders can be marked ready; this one is completed.',
      );
      expect(await readOrder(order.id)).toEqual(completedRow);
      // Completing texts nobody; each step texted once.
      expect((await textsFor(order.id)).map((n) => n.kind).sort()).toEqual(['preparing', 'ready']);
    });

    it('another owner’s order is not found, for every action, and stays as it was', async () => {
      const theirs = await createTestOrder(stranger.cookie);
      const before = await readOrder(theirs.id);
      for (const [action, json] of [
        ['prep-time', { minutes: 15 }],
        ['ready', {}],
        ['complete', {}],
      ] as const) {
        const response = await act(owner.cookie, theirs.id, action, json);
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual({ error: 'Order not found' });
      }
      expect(await readOrder(theirs.id)).toEqual(before);
      expect(await textsFor(theirs.id)).toEqual([]);

      const missing = await act(owner.cookie, '00000000-0000-4000-8000-000000000000', 'prep-time', { minutes: 15 });
      expect(missing.status).toBe(404);
    });

    it('a malformed id is a 400 naming the id; no session is a 401', async () => {
      for (const action of ['prep-time', 'ready', 'complete'] as const) {
        await expectBadRequest(await act(owner.cookie, 'not-a-uuid', action, { minutes: 15 }), 'id', 'Not an order id');
      }
      const order = await createTestOrder(owner.cookie);
      expect((await act(undefined, order.id, 'prep-time', { minutes: 15 })).status).toBe(401);
      expect((await readOrder(order.id)).status).toBe('new');
    });

    it('with automatic texts off neither the prep-time nor the ready text is queued; back on, both are', async () => {
      const quiet = await newOwner();
      const setAutoSms = async (autoSmsEnabled: boolean) => {
        const response = await t.request('/api/restaurant/preferences', {
          method: 'PUT',
          cookie: quiet.cookie,
          json: { autoSmsEnabled, allowCustomOrders: true },
        });
        expect(response.status).toBe(200);
      };
      await setAutoSms(false);

      const order = await createTestOrder(quiet.cookie);
      const preparing = await actOk(quiet.cookie, order.id, 'prep-time', { minutes: 20 });
      expect(preparing).toMatchObject({ status: 'preparing', readyInMinutes: 20, notifications: [] });
      const ready = await actOk(quiet.cookie, order.id, 'ready');
      expect(ready).toMatchObject({ status: 'ready', notifications: [] });
      await actOk(quiet.cookie, order.id, 'complete');
      expect(await textsFor(order.id)).toEqual([]);

      // Turned back on: the next order's steps are texted again.
      await setAutoSms(true);
      const next = await createTestOrder(quiet.cookie);
      await actOk(quiet.cookie, next.id, 'prep-time', { minutes: 10 });
      await actOk(quiet.cookie, next.id, 'ready');
      expect((await textsFor(next.id)).map((n) => n.kind).sort()).toEqual(['preparing', 'ready']);
    });
  });

  describe('order numbers', () => {
    const numbersOf = (list: Order[]) => list.map((o) => o.dailyNumber);

    it('every new order gets the next number of the restaurant’s day, said in its texts; each restaurant counts alone', async () => {
      const owner = await newOwner();
      const neighbour = await newOwner();
      const first = await createTestOrder(owner.cookie);
      const second = await createTestOrder(owner.cookie, { isCustomOrder: true });
      const theirs = await createTestOrder(neighbour.cookie);
      const third = await createTestOrder(owner.cookie);
      expect(numbersOf([first, second, third])).toEqual([1, 2, 3]);
      expect(theirs.dailyNumber).toBe(1);

      const row = await readOrder(second.id);
      expect(row).toMatchObject({ dailyNumber: 2, businessDate: new Date().toISOString().slice(0, 10) });

      // The customer hears the same number at the counter that the kitchen sees on the card.
      await actOk(owner.cookie, second.id, 'prep-time', { minutes: 15 });
      const [text] = await textsFor(second.id);
      expect(text!.body).toBe(
        'Your restaurant: your order #2 is being prepared and will be ready for pickup in about 15 minutes.',
      );
    });

    it('orders placed at the same moment get distinct, consecutive numbers', async () => {
      const owner = await newOwner();
      const created = await Promise.all(
        Array.from({ length: 8 }, (_, i) => createTestOrder(owner.cookie, { isCustomOrder: i % 2 === 0 })),
      );
      expect(numbersOf(created).sort((a, b) => a! - b!)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    });

    it('a new local day starts again at 1, in the restaurant’s time zone', async () => {
      // At any instant one of these zones is on a different date from UTC (+14 h and −12 h).
      for (const timezone of ['Pacific/Kiritimati', 'Etc/GMT+12']) {
        const owner = await newOwner();
        const saved = await t.request('/api/restaurant', {
          method: 'PUT',
          cookie: owner.cookie,
          json: { restaurantName: 'Far Away Diner', phoneNumber: '555-987-6543', address: '1 Atoll Road', timezone },
        });
        expect(saved.status).toBe(200);
        const localDate = (at: number) =>
          new Intl.DateTimeFormat('en-CA', { timeZone: timezone, dateStyle: 'short' }).format(new Date(at));
        const today = localDate(Date.now());
        const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
        const utcToday = new Date().toISOString().slice(0, 10);
        // Yesterday's numbers, and numbers on the UTC date (which is not the restaurant's today) in case it mixed them up.
        await insertOrders(owner.userId, [
          ...[1, 2, 3].map((n) => ({ dailyNumber: n, businessDate: yesterday, status: 'completed' as const })),
          ...(utcToday !== today ? [4, 5].map((n) => ({ dailyNumber: n, businessDate: utcToday })) : []),
        ]);

        const order = await createTestOrder(owner.cookie);
        expect(order.dailyNumber, timezone).toBe(1);
        expect((await readOrder(order.id)).businessDate, timezone).toBe(today);
        expect((await createTestOrder(owner.cookie)).dailyNumber, timezone).toBe(2);
      }
    });

    it('the unique index refuses a second order with the same number on the same day', async () => {
      const owner = await newOwner();
      const [first] = await insertOrders(owner.userId, [{ dailyNumber: 7, businessDate: '2026-05-01' }]);
      expect(first).toBeDefined();
      await expect(insertOrders(owner.userId, [{ dailyNumber: 7, businessDate: '2026-05-01' }])).rejects.toThrow();
      await insertOrders(owner.userId, [{ dailyNumber: 7, businessDate: '2026-05-02' }]);
    });
  });

  describe('cancel and no-show', () => {
    let owner: Owner;
    let stranger: Owner;
    beforeAll(async () => {
      owner = await newOwner();
      stranger = await newOwner();
    });

    const cancel = (cookie: string | undefined, id: string, json: unknown) =>
      t.request(`/api/orders/${id}/cancel`, { method: 'POST', cookie, json });

    async function cancelOk(cookie: string, id: string, reason: string) {
      const response = await cancel(cookie, id, { reason });
      expect(response.status).toBe(200);
      return ((await response.json()) as { order: Order }).order;
    }

    /** A test order walked to `status`. */
    async function orderIn(cookie: string, status: 'new' | 'preparing' | 'ready' | 'completed') {
      const order = await createTestOrder(cookie);
      if (status === 'new') return order;
      await actOk(cookie, order.id, 'prep-time', { minutes: 10 });
      if (status === 'preparing') return readOrder(order.id);
      await actOk(cookie, order.id, 'ready');
      if (status === 'ready') return readOrder(order.id);
      await actOk(cookie, order.id, 'complete');
      return readOrder(order.id);
    }

    it.each(['new', 'preparing', 'ready'] as const)(
      'a %s order can be cancelled with a reason: kept, listed under Cancelled, out of the counts',
      async (status) => {
        const order = await orderIn(owner.cookie, status);
        const before = (await list(owner.cookie)).stats;
        const cancelled = await cancelOk(owner.cookie, order.id, 'customer_cancelled');
        expect(cancelled).toMatchObject({
          id: order.id,
          status: 'cancelled',
          cancelReason: 'customer_cancelled',
          cancelledAt: expect.any(String) as string,
        });
        expect(Date.parse(cancelled.cancelledAt!)).toBeGreaterThan(Date.now() - 60_000);

        const after = await list(owner.cookie, { filter: 'cancelled' });
        expect(after.orders.map((o) => o.id)).toContain(order.id);
        expect(after.stats).toMatchObject({
          [status]: before[status] - 1,
          cancelled: before.cancelled + 1,
          total: before.total - 1,
        });
        // Still in the day's list, after every open order.
        const all = (await list(owner.cookie)).orders;
        const index = all.findIndex((o) => o.id === order.id);
        expect(all.slice(index).every((o) => o.status === 'completed' || o.status === 'cancelled')).toBe(true);
      },
    );

    it('a no-show only once the order is ready', async () => {
      for (const status of ['new', 'preparing'] as const) {
        const order = await orderIn(owner.cookie, status);
        const before = await readOrder(order.id);
        await expectConflict(
          await cancel(owner.cookie, order.id, { reason: 'no_show' }),
          `Only ready orders can be marked as a no-show; this one is ${status}.`,
        );
        expect(await readOrder(order.id)).toEqual(before);
      }
      const ready = await orderIn(owner.cookie, 'ready');
      expect(await cancelOk(owner.cookie, ready.id, 'no_show')).toMatchObject({
        status: 'cancelled',
        cancelReason: 'no_show',
      });
    });

    it('a completed or already cancelled order cannot be cancelled, nor moved on: 409 with the reason', async () => {
      const completed = await orderIn(owner.cookie, 'completed');
      await expectConflict(
        await cancel(owner.cookie, completed.id, { reason: 'duplicate' }),
        'Only new, preparing or ready orders can be cancelled; this one is completed.',
      );
      expect((await readOrder(completed.id)).status).toBe('completed');

      const order = await orderIn(owner.cookie, 'preparing');
      await cancelOk(owner.cookie, order.id, 'kitchen_unable');
      const cancelledRow = await readOrder(order.id);
      await expectConflict(
        await cancel(owner.cookie, order.id, { reason: 'duplicate' }),
        'This order is already cancelled.',
      );
      await expectConflict(
        await act(owner.cookie, order.id, 'ready'),
        'Only preparing orders can be marked ready; this one is cancelled.',
      );
      await expectConflict(
        await act(owner.cookie, order.id, 'complete'),
        'Only ready orders can be completed; this one is cancelled.',
      );
      expect(await readOrder(order.id)).toEqual(cancelledRow);
    });

    it('crossed clicks: cancel after someone completed it is a 409, and completing a cancelled order too', async () => {
      const order = await orderIn(owner.cookie, 'ready');
      const [cancelled, completed] = await Promise.all([
        cancel(owner.cookie, order.id, { reason: 'no_show' }),
        act(owner.cookie, order.id, 'complete'),
      ]);
      expect([cancelled.status, completed.status].sort()).toEqual([200, 409]);
      const row = await readOrder(order.id);
      expect(row.status).toBe(cancelled.status === 200 ? 'cancelled' : 'completed');
    });

    it('another owner’s order is not found and stays as it was; bad input is a 400; no session a 401', async () => {
      const theirs = await createTestOrder(stranger.cookie);
      const before = await readOrder(theirs.id);
      const response = await cancel(owner.cookie, theirs.id, { reason: 'duplicate' });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'Order not found' });
      expect((await cancel(owner.cookie, crypto.randomUUID(), { reason: 'duplicate' })).status).toBe(404);
      expect(await readOrder(theirs.id)).toEqual(before);
      expect(await textsFor(theirs.id)).toEqual([]);

      const mine = await createTestOrder(owner.cookie);
      await expectBadRequest(await cancel(owner.cookie, mine.id, {}), 'reason', 'Choose why the order is cancelled');
      await expectBadRequest(
        await cancel(owner.cookie, mine.id, { reason: 'changed_mind' }),
        'reason',
        'Choose why the order is cancelled',
      );
      await expectBadRequest(await cancel(owner.cookie, 'not-a-uuid', { reason: 'duplicate' }), 'id');
      expect((await cancel(undefined, mine.id, { reason: 'duplicate' })).status).toBe(401);
      expect((await readOrder(mine.id)).status).toBe('new');
    });

    it('the customer gets a cancellation text with the number while automatic texts are on, and none when off', async () => {
      const texting = await newOwner();
      const order = await orderIn(texting.cookie, 'preparing');
      const cancelled = await cancelOk(texting.cookie, order.id, 'kitchen_unable');
      expect(cancelled.notifications.map((n) => [n.kind, n.status])).toEqual([
        ['preparing', 'queued'],
        ['cancelled', 'queued'],
      ]);
      const text = (await textsFor(order.id)).find((n) => n.kind === 'cancelled')!;
      expect(text.body).toBe(
        `Your restaurant: your order #${order.dailyNumber} has been cancelled. Please call us with any questions.`,
      );
      expect(await sendSmsJobsFor(text.id)).toBe(1);

      const off = await t.request('/api/restaurant/preferences', {
        method: 'PUT',
        cookie: texting.cookie,
        json: { autoSmsEnabled: false, allowCustomOrders: true },
      });
      expect(off.status).toBe(200);
      const quiet = await createTestOrder(texting.cookie);
      const quietlyCancelled = await cancelOk(texting.cookie, quiet.id, 'duplicate');
      expect(quietlyCancelled.notifications).toEqual([]);
      expect(await textsFor(quiet.id)).toEqual([]);
    });

    it('other open dashboards see the cancellation live', async () => {
      const order = await createTestOrder(owner.cookie);
      const stream = new SseClient(await t.request('/api/events', { cookie: owner.cookie }));
      const strangerStream = new SseClient(await t.request('/api/events', { cookie: stranger.cookie }));
      try {
        expect((await stream.next()).event).toBe('ready');
        expect((await strangerStream.next()).event).toBe('ready');
        await cancelOk(owner.cookie, order.id, 'duplicate');
        const event = eventData<RealtimeEvent>(
          await stream.nextMatching((f) => f.event === 'message' && f.data.includes(order.id)),
        );
        expect(event).toMatchObject({
          type: 'order.updated',
          order: { id: order.id, status: 'cancelled', cancelReason: 'duplicate', dailyNumber: order.dailyNumber },
        });
        // The other owner's stream hears nothing of it: its next frame is its own later change.
        const theirs = await createTestOrder(stranger.cookie);
        const next = eventData<RealtimeEvent>(await strangerStream.nextMatching((f) => f.event === 'message'));
        expect(next).toMatchObject({ type: 'order.created', order: { id: theirs.id } });
      } finally {
        await stream.close();
        await strangerStream.close();
      }
    });
  });

  describe('test orders', () => {
    it('are built only from the owner’s available menu, with correct totals and a fictional phone', async () => {
      const owner = await newOwner();
      const neighbour = await newOwner();
      await t.request('/api/menu-items', {
        method: 'POST',
        cookie: neighbour.cookie,
        json: { name: 'Neighbour’s Special', priceCents: 9900 },
      });

      const menu: MenuItem[] = [];
      for (const [name, priceCents] of [
        ['Pho', 1250],
        ['Banh Mi', 825],
        ['Spring Rolls', 600],
        ['Iced Coffee', 475],
        ['Sold-out Special', 2100],
      ] as const) {
        const response = await t.request('/api/menu-items', {
          method: 'POST',
          cookie: owner.cookie,
          json: { name, priceCents, preparationTime: 10 },
        });
        expect(response.status).toBe(201);
        menu.push((await response.json()) as MenuItem);
      }
      const soldOut = menu.find((m) => m.name === 'Sold-out Special')!;
      const patched = await t.request(`/api/menu-items/${soldOut.id}/availability`, {
        method: 'PATCH',
        cookie: owner.cookie,
        json: { isAvailable: false },
      });
      expect(patched.status).toBe(200);
      const available = new Map(menu.filter((m) => m.id !== soldOut.id).map((m) => [m.name, m]));

      const created: Order[] = [];
      for (let i = 0; i < 15; i++) created.push(await createTestOrder(owner.cookie));

      const namesUsed = new Set<string>();
      for (const order of created) {
        expect(order).toMatchObject({ status: 'new', source: 'test', isCustomOrder: false, customOrderText: null });
        expect(order.phoneNumber).toMatch(FICTIONAL_PHONE);
        expect(order.customerName).toEqual(expect.any(String));
        expect(order.items.length).toBeGreaterThanOrEqual(1);
        expect(order.items.length).toBeLessThanOrEqual(3);
        let totalCents = 0;
        for (const line of order.items) {
          const menuItem = available.get(line.name);
          expect(menuItem, `${line.name} is on the available menu`).toBeDefined();
          expect(line.unitPriceCents).toBe(menuItem!.priceCents);
          expect(line.quantity).toBeGreaterThanOrEqual(1);
          totalCents += line.quantity * line.unitPriceCents;
          namesUsed.add(line.name);
        }
        expect(new Set(order.items.map((l) => l.name)).size).toBe(order.items.length);
        expect(order.totalCents).toBe(totalCents);
        expect(order.quantity).toBe(order.items.reduce((n, l) => n + l.quantity, 0));
        for (const line of order.items) expect(order.item).toContain(`${line.quantity}× ${line.name}`);
      }
      expect(namesUsed.has(soldOut.name)).toBe(false);
      expect(namesUsed.has('Neighbour’s Special')).toBe(false);

      // Line items point at the menu rows they came from.
      const lines = await t.db
        .select({ menuItemId: orderItems.menuItemId })
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            created.map((o) => o.id),
          ),
        );
      for (const line of lines) expect([...available.values()].map((m) => m.id)).toContain(line.menuItemId);

      const listed = await list(owner.cookie, { filter: 'new' });
      expect(listed.stats.new).toBe(15);
    });

    it('with no menu (or nothing available) the sample menu is used', async () => {
      const owner = await newOwner();
      const sample = new Map(SAMPLE_MENU.map((m) => [m.name, m.priceCents]));
      for (let i = 0; i < 5; i++) {
        const order = await createTestOrder(owner.cookie, { isCustomOrder: false });
        expect(order.items.length).toBeGreaterThan(0);
        for (const line of order.items) expect(line.unitPriceCents).toBe(sample.get(line.name));
        expect(order.totalCents).toBe(order.items.reduce((sum, l) => sum + l.quantity * l.unitPriceCents, 0));
      }

      const response = await t.request('/api/menu-items', {
        method: 'POST',
        cookie: owner.cookie,
        json: { name: 'Only Dish', priceCents: 1000 },
      });
      const only = (await response.json()) as MenuItem;
      await t.request(`/api/menu-items/${only.id}/availability`, {
        method: 'PATCH',
        cookie: owner.cookie,
        json: { isAvailable: false },
      });
      const order = await createTestOrder(owner.cookie);
      for (const line of order.items) expect(sample.has(line.name)).toBe(true);
    });

    it('a custom order keeps the given text; without text it gets a sample request', async () => {
      const owner = await newOwner();
      const text = 'Three dozen cupcakes, vanilla, blue frosting, for Friday noon.';
      const custom = await createTestOrder(owner.cookie, { isCustomOrder: true, customOrderText: `  ${text}  ` });
      expect(custom).toMatchObject({
        status: 'new',
        source: 'test',
        isCustomOrder: true,
        customOrderText: text,
        item: 'Custom order',
        quantity: 1,
        items: [],
        totalCents: null,
      });
      expect(custom.phoneNumber).toMatch(FICTIONAL_PHONE);

      for (const json of [{ isCustomOrder: true }, { isCustomOrder: true, customOrderText: '   ' }]) {
        const sample = await createTestOrder(owner.cookie, json);
        expect(sample).toMatchObject({ isCustomOrder: true, item: 'Custom order', items: [], totalCents: null });
        expect(sample.customOrderText?.trim().length).toBeGreaterThan(10);
      }

      const listed = await list(owner.cookie, { filter: 'custom' });
      expect(listed.orders).toHaveLength(3);
      expect(listed.stats.custom).toBe(3);
    });

    it('refuses a bad body or no session', async () => {
      const owner = await newOwner();
      await expectBadRequest(
        await t.request('/api/orders/test', {
          method: 'POST',
          cookie: owner.cookie,
          json: { isCustomOrder: true, customOrderText: 'x'.repeat(501) },
        }),
        'customOrderText',
      );
      await expectBadRequest(
        await t.request('/api/orders/test', { method: 'POST', cookie: owner.cookie, json: { isCustomOrder: 'yes' } }),
        'isCustomOrder',
      );
      expect((await t.request('/api/orders/test', { method: 'POST', json: {} })).status).toBe(401);
      expect((await list(owner.cookie)).orders).toEqual([]);
    });
  });

  describe('busy mode', () => {
    const getBot = async (cookie: string) => {
      const response = await t.request('/api/restaurant/bot', { cookie });
      expect(response.status).toBe(200);
      return (await response.json()) as BotPreferencesResponse;
    };
    const setBusy = (cookie: string, json: unknown) =>
      t.request('/api/restaurant/busy-mode', { method: 'PUT', cookie, json });

    it('toggles on and off, even for an owner who never saved the assistant step', async () => {
      const owner = await newOwner();
      const bystander = await newOwner();
      expect(await getBot(owner.cookie)).toMatchObject({ isBusyMode: false, isSaved: false });

      const on = await setBusy(owner.cookie, { isBusyMode: true });
      expect(on.status).toBe(200);
      expect(await on.json()).toEqual({ isBusyMode: true });
      expect(await getBot(owner.cookie)).toMatchObject({
        isBusyMode: true,
        language: 'en',
        busyMessage: DEFAULT_BUSY_MESSAGE,
        autoSmsEnabled: true,
      });
      expect((await getBot(bystander.cookie)).isBusyMode).toBe(false);

      // Saving the assistant step afterwards keeps busy mode as it was.
      const saved = await t.request('/api/restaurant/bot', {
        method: 'PUT',
        cookie: owner.cookie,
        json: { language: 'fr', greetingMessage: 'Bonjour !', busyMessage: 'Trop occupé.' },
      });
      expect(saved.status).toBe(200);
      expect(await getBot(owner.cookie)).toMatchObject({ isBusyMode: true, language: 'fr' });

      const off = await setBusy(owner.cookie, { isBusyMode: false });
      expect(await off.json()).toEqual({ isBusyMode: false });
      expect(await getBot(owner.cookie)).toMatchObject({
        isBusyMode: false,
        language: 'fr',
        busyMessage: 'Trop occupé.',
      });
    });

    it('refuses a bad body or no session', async () => {
      const owner = await newOwner();
      await expectBadRequest(await setBusy(owner.cookie, { isBusyMode: 'on' }), 'isBusyMode');
      await expectBadRequest(await setBusy(owner.cookie, {}), 'isBusyMode');
      expect((await t.request('/api/restaurant/busy-mode', { method: 'PUT', json: { isBusyMode: true } })).status).toBe(
        401,
      );
      expect((await getBot(owner.cookie)).isBusyMode).toBe(false);
    });
  });
});
