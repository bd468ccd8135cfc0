import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/test-app';
import { eventData, SseClient } from '../../../../tests/sse-client';
import { menuItems } from '../../db/schema';
import type { ListOrdersResponse, Order, RealtimeEvent } from '@shared/contracts/orders';

/**
 * What a change costs and what it carries: every order change a dashboard sees is an HTTP request, a transaction and
 * an event, and the event is built from what the writes return rather than read back in full. These tests hold the
 * number of SQL statements a change sends (the realtime bench's latency follows it), and check that the order in
 * the event, the response and the list is one and the same.
 */

type Owner = { cookie: string; userId: string };

const PGBOSS = /\bpgboss\./i;
const decoder = new TextDecoder();

/** The SQL text of a frontend protocol message that starts a statement: Parse ('P') or simple Query ('Q'). */
function statementOf(message: Uint8Array): string | null {
  if (message[0] !== 0x50 && message[0] !== 0x51) return null;
  const fields = decoder.decode(message.subarray(5)).split('\0');
  return (message[0] === 0x50 ? fields[1] : fields[0]) ?? '';
}

/**
 * The SQL statements the app sends while `run` runs, in order; pg-boss's own (the job queue's bookkeeping, which runs
 * on timers of its own) are left out. PGlite is watched at its protocol entry point, PostgreSQL at pg's client.
 */
async function statementsDuring(t: TestApp, run: () => Promise<unknown>): Promise<string[]> {
  const pglite = t.database.pglite;
  const spy = pglite ? vi.spyOn(pglite, 'execProtocolStream') : vi.spyOn(pg.Client.prototype, 'query');
  let calls: unknown[][];
  try {
    await run();
  } finally {
    calls = [...spy.mock.calls];
    spy.mockRestore();
  }
  const texts = calls.map(([first]) => {
    if (first instanceof Uint8Array) return statementOf(first);
    return typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? '');
  });
  return texts
    .filter((text): text is string => text !== null && !PGBOSS.test(text))
    .map((text) => text.replace(/\s+/g, ' ').trim());
}

/** The statements one a line, cut short, for a failure message. */
function listing(statements: string[]): string {
  return statements.map((text) => text.slice(0, 120)).join('\n');
}

describe('order changes', () => {
  let t: TestApp;
  let owner: Owner;
  let emailCounter = 0;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await newOwner();
  });
  afterAll(() => t.close());

  const newOwner = (): Promise<Owner> => t.signUp({ email: `changes${++emailCounter}@example.com` });

  async function post(cookie: string, path: string, json: unknown, status = 200) {
    const response = await t.request(path, { method: 'POST', cookie, json });
    expect(response.status, await response.clone().text()).toBe(status);
    return ((await response.json()) as { order: Order }).order;
  }

  const createTestOrder = (cookie: string, json: unknown = {}) => post(cookie, '/api/orders/test', json, 201);

  async function listed(cookie: string, id: string) {
    const response = await t.request('/api/orders?filter=all', { cookie });
    const order = ((await response.json()) as ListOrdersResponse).orders.find((o) => o.id === id);
    expect(order, `order ${id} is listed`).toBeDefined();
    return order!;
  }

  describe('statements per change (the session check included)', () => {
    it('a custom test order: the session (one read), then BEGIN, the account’s limit with the lock (PostgreSQL), INSERT, event with NOTIFY, COMMIT', async () => {
      await createTestOrder(owner.cookie, { isCustomOrder: true }); // the first request warms caches up
      const statements = await statementsDuring(t, () =>
        createTestOrder(owner.cookie, { isCustomOrder: true, customOrderText: 'Cake for 12' }),
      );
      expect(statements.length, listing(statements)).toBeLessThanOrEqual(6);
      // The count is of statements really seen: the transaction's own are all there.
      for (const expected of [/^begin$/im, /^insert into "orders"/m, /pg_notify/, /^commit$/im]) {
        expect(statements.join('\n')).toMatch(expected);
      }
      // Embedded PGlite runs one transaction at a time: its order numbers need no lock. The account's test-order
      // limit is read in the statement that takes it.
      const locks = statements.filter((s) => s.includes('pg_advisory_xact_lock'));
      expect(locks).toHaveLength(process.env.TEST_DB === 'postgres' ? 1 : 0);
      // (Test orders and orders placed in test calls: one limit for both, read in one statement.)
      expect(
        statements.filter((s) => /"orders"\."?source"? (=|in) /.test(s) || /"source" (=|in) /.test(s)),
      ).toHaveLength(1);
    });

    it('a test order from the menu adds the menu read and one INSERT of its lines', async () => {
      const statements = await statementsDuring(t, () => createTestOrder(owner.cookie, { isCustomOrder: false }));
      expect(statements.length, listing(statements)).toBeLessThanOrEqual(8);
    });

    it('a status change that texts the customer, one that does not, and a cancel', async () => {
      const order = await createTestOrder(owner.cookie);
      const prep = await statementsDuring(t, () =>
        post(owner.cookie, `/api/orders/${order.id}/prep-time`, { minutes: 15 }),
      );
      expect(prep.length, listing(prep)).toBeLessThanOrEqual(8);

      await post(owner.cookie, `/api/orders/${order.id}/ready`, {});
      const complete = await statementsDuring(t, () => post(owner.cookie, `/api/orders/${order.id}/complete`, {}));
      expect(complete.length, listing(complete)).toBeLessThanOrEqual(6);

      const other = await createTestOrder(owner.cookie);
      const cancel = await statementsDuring(t, () =>
        post(owner.cookie, `/api/orders/${other.id}/cancel`, { reason: 'duplicate' }),
      );
      expect(cancel.length, listing(cancel)).toBeLessThanOrEqual(8);
    });

    it('counts what it should: a stale change still reads the status for its 409, and rolls back', async () => {
      const order = await createTestOrder(owner.cookie);
      await post(owner.cookie, `/api/orders/${order.id}/ready`, {}, 409);
      const stale = await statementsDuring(t, () => post(owner.cookie, `/api/orders/${order.id}/ready`, {}, 409));
      expect(stale.filter((s) => /^(begin|rollback)$/i.test(s.trim()))).toHaveLength(2);
      expect(stale.some((s) => s.startsWith('update "orders"'))).toBe(true);
      expect(stale.some((s) => s.startsWith('select "status" from "orders"'))).toBe(true);
    });
  });

  describe('the order an event carries', () => {
    let chef: Owner;
    beforeAll(async () => {
      chef = await newOwner();
      // Names whose order differs between byte order and a language's collation, with options and cents.
      await t.db.insert(menuItems).values([
        {
          restaurantId: chef.userId,
          name: 'banh mi',
          priceCents: 825,
          options: [
            {
              name: 'Size',
              required: true,
              multiple: false,
              choices: [
                { name: 'Regular', priceDeltaCents: 0 },
                { name: 'Large', priceDeltaCents: 199 },
              ],
            },
          ],
        },
        { restaurantId: chef.userId, name: 'Pho', priceCents: 1250 },
        { restaurantId: chef.userId, name: 'Éclair', priceCents: 405 },
        { restaurantId: chef.userId, name: 'spring rolls', priceCents: 600 },
      ]);
    });

    it('a new order: the event, the response and the list agree to the last field', async () => {
      const stream = new SseClient(await t.request('/api/events', { cookie: chef.cookie }));
      try {
        expect((await stream.next()).event).toBe('ready');
        for (let i = 0; i < 6; i++) {
          const created = await createTestOrder(chef.cookie, { isCustomOrder: false });
          const event = eventData<RealtimeEvent>(
            await stream.nextMatching((f) => f.event === 'message' && f.data.includes(created.id)),
          );
          expect(event).toEqual({ type: 'order.created', order: created });
          expect(await listed(chef.cookie, created.id)).toEqual(created);
        }
        const custom = await createTestOrder(chef.cookie, { isCustomOrder: true, customOrderText: 'Party tray' });
        expect(await listed(chef.cookie, custom.id)).toEqual(custom);
      } finally {
        await stream.close();
      }
    });

    it('a status change: the order read back with its lines and texts is the one the list shows', async () => {
      const order = await createTestOrder(chef.cookie, { isCustomOrder: false });
      const stream = new SseClient(await t.request('/api/events', { cookie: chef.cookie }));
      try {
        expect((await stream.next()).event).toBe('ready');
        for (const [action, json] of [
          ['prep-time', { minutes: 20 }],
          ['ready', {}],
          ['complete', {}],
        ] as const) {
          const changed = await post(chef.cookie, `/api/orders/${order.id}/${action}`, json);
          const event = eventData<RealtimeEvent>(
            await stream.nextMatching((f) => f.event === 'message' && f.data.includes(changed.updatedAt)),
          );
          expect(event).toEqual({ type: 'order.updated', order: changed });
          expect(await listed(chef.cookie, order.id)).toEqual(changed);
        }
        const final = await listed(chef.cookie, order.id);
        expect(final.notifications.map((n) => n.kind)).toEqual(['preparing', 'ready']);
        expect(final.items.length).toBeGreaterThan(0);
      } finally {
        await stream.close();
      }
    });
  });
});
