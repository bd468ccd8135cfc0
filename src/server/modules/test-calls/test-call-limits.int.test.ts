import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { StartTestCallResponse, TestCallTurn } from '@shared/contracts/test-calls';
import { createTestApp, type TestApp } from '../../../../tests/test-app';
import { largeMenu, longTurn } from '../../../../bench/lib/large-menu';
import { calls, menuItems, orders } from '../../db/schema';
import { testOrderLimitOf } from '../../http/creation-limit';
import type { TestCallLimits } from '../../http/types';
import { TEST_CALL_LIMITS } from './test-call-limits';
import { openAroundTheClock } from '../../../../tests/open-hours';

/** Small limits, so each one is reached in a few requests. */
const LIMITS: TestCallLimits = {
  calls: { limit: 3, windowSeconds: 600, refusal: 'You have started 3 test calls in the last 10 minutes.' },
  turnsPerCall: 4,
  turns: { max: 6, window: 60 },
  turnsAtOnce: 2,
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ testCallLimits: LIMITS, testOrderLimit: testOrderLimitOf({ max: 2, window: 3600 }) });
});
afterAll(() => t.close());

let accounts = 0;
async function owner() {
  const account = await t.signUp({ email: `call-limits-${++accounts}@example.com` });
  await openAroundTheClock(t.db, account.userId);
  return account;
}

const start = (cookie: string) => t.request('/api/test-calls', { method: 'POST', cookie, json: { language: 'en' } });
const say = (cookie: string, callId: string, text: string) =>
  t.request(`/api/test-calls/${callId}/messages`, { method: 'POST', cookie, json: { text } });

async function startedCall(cookie: string) {
  const response = await start(cookie);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as StartTestCallResponse).callId;
}

async function refusal(response: Response) {
  expect(response.status).toBe(429);
  const wait = Number(response.headers.get('retry-after'));
  expect(wait).toBeGreaterThan(0);
  return { wait, error: ((await response.json()) as { error: string }).error };
}

const countRows = async (table: typeof calls | typeof orders, ownerId: string) =>
  (
    await t.db
      .select({ id: table.id })
      .from(table)
      .where(eq(table === calls ? calls.restaurantId : orders.userId, ownerId))
  ).length;

describe('what one account may do with test calls', () => {
  it('starts a limited number of calls, then answers 429 with when to try again and starts nothing', async () => {
    const { cookie, userId } = await owner();
    for (let i = 0; i < LIMITS.calls.limit; i++) await startedCall(cookie);
    const { wait, error } = await refusal(await start(cookie));
    expect(wait).toBeLessThanOrEqual(600);
    expect(error).toMatch(
      /^You have started 3 test calls in the last 10 minutes\. Try again in \d+ (seconds?|minutes)\.$/,
    );
    expect(await countRows(calls, userId)).toBe(LIMITS.calls.limit);
    // Another account is not held back by this one.
    const other = await owner();
    await startedCall(other.cookie);
  });

  it('takes a limited number of turns in one call', async () => {
    const { cookie } = await owner();
    const callId = await startedCall(cookie);
    for (let i = 0; i < LIMITS.turnsPerCall; i++)
      expect((await say(cookie, callId, 'what are your hours?')).status).toBe(200);
    const { error } = await refusal(await say(cookie, callId, 'what are your hours?'));
    expect(error).toBe('This test call has reached 4 messages, the most one call takes. Hang up and start a new one.');
  });

  it('takes a limited number of turns a minute from one account, across its calls', async () => {
    const { cookie } = await owner();
    const first = await startedCall(cookie);
    const second = await startedCall(cookie);
    for (let i = 0; i < 3; i++) expect((await say(cookie, first, 'what are your hours?')).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await say(cookie, second, 'what are your hours?')).status).toBe(200);
    const { wait, error } = await refusal(await say(cookie, second, 'what are your hours?'));
    expect(wait).toBeLessThanOrEqual(60);
    expect(error).toMatch(/^You have sent 6 messages to test calls in the last minute\. Try again in \d+ seconds?\.$/);
  });

  it('refuses a second message to a call before its first is answered, without working on it', async () => {
    const { cookie, userId } = await owner();
    const callId = await startedCall(cookie);
    const [a, b] = await Promise.all([say(cookie, callId, 'what are your hours?'), say(cookie, callId, 'hello')]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const refused = a.status === 409 ? a : b;
    expect(((await refused.json()) as { error: string }).error).toBe(
      'The assistant is still answering your last message. Wait for its answer, then go on.',
    );
    // One turn was taken: the conversation moved on by one, and the transcript holds one exchange.
    const [row] = await t.db
      .select()
      .from(calls)
      .where(and(eq(calls.id, callId), eq(calls.restaurantId, userId)));
    expect((row!.conversation as { turn: number }).turn).toBe(1);
    expect(row!.transcript!.split('\n')).toHaveLength(3);
  });

  it('counts orders placed in test calls toward the test-order limit, one limit for both', async () => {
    const { cookie, userId } = await owner();
    await t.db.insert(menuItems).values({ restaurantId: userId, name: 'Pad Thai', priceCents: 1300 });
    const testOrder = () => t.request('/api/orders/test', { method: 'POST', cookie, json: { isCustomOrder: true } });
    expect((await testOrder()).status).toBe(201);

    // One test order, then an order placed in a test call: the limit of two is reached.
    const callId = await startedCall(cookie);
    expect((await say(cookie, callId, 'two pad thai please')).status).toBe(200);
    expect((await say(cookie, callId, "that's all, my name is Dana")).status).toBe(200);
    const placed = (await (await say(cookie, callId, 'yes')).json()) as TestCallTurn;
    expect(placed.orderId).not.toBeNull();
    expect((await refusal(await testOrder())).error).toMatch(/^You have created 2 test orders in the last hour\./);

    // And a test call cannot place a third: the placing turn answers 429 with the same sentence, and nothing is placed.
    const next = await startedCall(cookie);
    expect((await say(cookie, next, 'one pad thai please')).status).toBe(200);
    expect((await say(cookie, next, "that's all, my name is Dana")).status).toBe(200);
    expect((await refusal(await say(cookie, next, 'yes'))).error).toMatch(
      /^You have created 2 test orders in the last hour\./,
    );
    expect(await countRows(orders, userId)).toBe(2);
  });
});

describe('a turn on the largest menu', () => {
  it('runs off the thread that answers everyone else', async () => {
    // The turn's time budget is not the point here, and a busy machine may take longer than the product's 5 s.
    const app = await createTestApp({ testCallLimits: { ...TEST_CALL_LIMITS, turnBudgetMs: 60_000 } });
    try {
      const { cookie, userId } = await app.signUp({ email: 'large-menu-turn@example.com' });
      await openAroundTheClock(app.db, userId);
      const menu = largeMenu();
      await app.db.insert(menuItems).values(
        menu.map(({ name, aliases, priceCents, options }) => ({
          restaurantId: userId,
          name,
          aliases,
          priceCents,
          options,
        })),
      );
      const started = await app.request('/api/test-calls', { method: 'POST', cookie, json: { language: 'en' } });
      const { callId } = (await started.json()) as StartTestCallResponse;

      // The first turn after the menu changed also builds the menu's lexicon: the longest turn there is. While it
      // runs, this thread is busy only for the request and its database statements (the database is in this process
      // too, and reads the large menu); the rest of the time it waits for the worker. Were the turn worked on this
      // thread, it would be busy nearly all the time. Measured as the event loop's utilization, which a CPU-starved
      // machine stretches on both sides alike, unlike the longest gap between timer ticks.
      const before = performance.eventLoopUtilization();
      const response = await app.request(`/api/test-calls/${callId}/messages`, {
        method: 'POST',
        cookie,
        json: { text: longTurn(menu) },
      });
      const busy = performance.eventLoopUtilization(before).utilization;
      expect(response.status, await response.clone().text()).toBe(200);
      expect(((await response.json()) as TestCallTurn).draft.lines.length).toBeGreaterThan(0);
      expect(busy).toBeLessThan(0.5);
    } finally {
      await app.close();
    }
  });
});
