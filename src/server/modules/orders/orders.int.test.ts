import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/test-app';
import { notifications, orderItems, orders } from '../../db/schema';
import { SEND_SMS_QUEUE } from '../notifications/notifications.service';
import { SAMPLE_MENU } from './test-orders';
import type { ApiError } from '@shared/contracts/me';
import type { ListOrdersQuery, ListOrdersResponse, Order, OrderStats } from '@shared/contracts/orders';
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
    it('each owner sees only their own orders, newest first', async () => {
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
      expect(annOrders.orders.map((o) => o.item)).toEqual(['Calzone', 'Margherita']);
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
      const expectedStats: OrderStats = { new: 2, preparing: 2, ready: 1, completed: 2, custom: 2, total: 7 };

      it('all: every open order and today’s completed ones, newest first, with the counts', async () => {
        const response = await list(owner.cookie);
        expect(itemsOf(response)).toEqual([
          'new plain',
          'new custom',
          'preparing',
          'ready custom',
          'completed today',
          'preparing since yesterday',
          'completed today, old order',
        ]);
        expect(response.nextCursor).toBeNull();
        expect(response.stats).toEqual(expectedStats);
      });

      it.each([
        ['new', ['new plain', 'new custom']],
        ['preparing', ['preparing', 'preparing since yesterday']],
        ['ready', ['ready custom']],
        ['completed', ['completed today', 'completed today, old order']],
        ['custom', ['new custom', 'ready custom']],
      ] as const)('filter %s lists only those orders and the counts stay whole', async (filter, expected) => {
        const response = await list(owner.cookie, { filter });
        expect(itemsOf(response)).toEqual(expected);
        expect(response.stats).toEqual(expectedStats);
      });

      it('completed orders from earlier days are included when asked for', async () => {
        expect(itemsOf(await list(owner.cookie, { includeEarlier: 'true' }))).toEqual([
          'new plain',
          'new custom',
          'preparing',
          'ready custom',
          'completed today',
          'preparing since yesterday',
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
          'completed earlier custom',
        ]);
        expect(itemsOf(await list(owner.cookie, { includeEarlier: 'false' }))).not.toContain('completed earlier');
      });

      it('each listed order carries its line items and text states', async () => {
        await t.db.insert(orderItems).values([
          { orderId: ids['new plain']!, name: 'Pad Thai', quantity: 2, unitPriceCents: 1300 },
          { orderId: ids['new plain']!, name: 'Garlic Bread', quantity: 1, unitPriceCents: 500, notes: 'extra crispy' },
        ]);
        const [first] = (await list(owner.cookie, { filter: 'new' })).orders;
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
        await expectBadRequest(await t.request('/api/orders?filter=cancelled', { cookie: owner.cookie }), 'filter');
        await expectBadRequest(await t.request('/api/orders?limit=0', { cookie: owner.cookie }), 'limit');
        await expectBadRequest(await t.request('/api/orders?limit=5000', { cookie: owner.cookie }), 'limit');
        await expectBadRequest(
          await t.request('/api/orders?includeEarlier=yes', { cookie: owner.cookie }),
          'includeEarlier',
        );
        for (const cursor of ['not-a-cursor', Buffer.from('yesterday|abc').toString('base64url'), 'x'.repeat(201)]) {
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
        const cursor = Buffer.from(`2026-01-01T00:00:00.000Z|${'-'.repeat(36)}`).toString('base64url');
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

    it('pages of 50 cover 130 orders exactly once, newest first, ties broken stably', async () => {
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
        expect(prev.createdAt >= next.createdAt).toBe(true);
        if (prev.createdAt === next.createdAt) expect(prev.id > next.id).toBe(true);
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

    it('“ready” is texted only while automatic texts are on; the prep-time text always is', async () => {
      const quiet = await newOwner();
      const off = await t.request('/api/restaurant/preferences', {
        method: 'PUT',
        cookie: quiet.cookie,
        json: { autoSmsEnabled: false },
      });
      expect(off.status).toBe(200);

      const order = await createTestOrder(quiet.cookie);
      await actOk(quiet.cookie, order.id, 'prep-time', { minutes: 20 });
      const ready = await actOk(quiet.cookie, order.id, 'ready');
      expect(ready.status).toBe('ready');
      expect(ready.notifications.map((n) => n.kind)).toEqual(['preparing']);
      expect((await textsFor(order.id)).map((n) => n.kind)).toEqual(['preparing']);

      // Turned back on: the next order's ready step is texted again.
      await t.request('/api/restaurant/preferences', {
        method: 'PUT',
        cookie: quiet.cookie,
        json: { autoSmsEnabled: true },
      });
      const next = await createTestOrder(quiet.cookie);
      await actOk(quiet.cookie, next.id, 'prep-time', { minutes: 10 });
      await actOk(quiet.cookie, next.id, 'ready');
      expect((await textsFor(next.id)).map((n) => n.kind).sort()).toEqual(['preparing', 'ready']);
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
