import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ListOrdersResponse } from '@shared/contracts/orders';
import type { StartTestCallResponse, TestCallTurn } from '@shared/contracts/test-calls';
import type { AdminOperations } from '@shared/contracts/admin';
import type { CallDetail, CallSummary, ListCallsResponse } from '@shared/contracts/calls';
import {
  createFakeOpenAiApi,
  toolResults,
  type ChatCompletionRequest,
  type FakeOpenAiApi,
} from '../../../../tests/fake-openai-api';
import { createTestApp, type TestApp } from '../../../../tests/test-app';
import { botPreferences, calls, menuItems, modelUsage, restaurantProfiles } from '../../db/schema';
import { createOpenAiCompatibleProvider } from '../../providers/llm/openai-compatible-provider';
import { assistantTools } from '../voice/assistant';
import { MAX_TRANSCRIPT_BYTES, TRANSCRIPT_CUT_MARKER } from '../voice/transcript';
import { MAX_ROUNDS } from './llm-engine';
import { MODEL_HISTORY_BUDGET_BYTES } from './model-history';
import { modelLimitNotice, takeModelRequest } from './model-usage';
import { openAroundTheClock } from '../../../../tests/open-hours';

const API_KEY = 'sk-test-llm-engine-0123456789';
const MODEL = 'gpt-4o-mini';
const STAFF_LINE = '+14155550199';
const FALLBACK_NOTICE = 'The language model did not answer, so the built-in assistant took over this call.';

/** A restaurant open around the clock every day (the tools check the real time), with a small menu. */
async function openRestaurant(t: TestApp, email: string, { forwardingPhone }: { forwardingPhone?: string } = {}) {
  const { cookie, userId } = await t.signUp({ email });
  await t.db
    .update(restaurantProfiles)
    .set({ restaurantName: 'Casa Lupe', timezone: 'UTC', hasCompletedOnboarding: true, forwardingPhone })
    .where(eq(restaurantProfiles.id, userId));
  await t.db.insert(botPreferences).values({
    restaurantId: userId,
    language: 'en',
    greetingMessage: 'Welcome to Casa Lupe!',
    busyMessage: 'We are slammed, call back soon.',
  });
  await openAroundTheClock(t.db, userId);
  await t.db.insert(menuItems).values([
    { restaurantId: userId, name: 'Margherita Pizza', priceCents: 1250 },
    { restaurantId: userId, name: 'Horchata', priceCents: 410 },
    { restaurantId: userId, name: 'Churros', priceCents: 500, isAvailable: false },
  ]);
  return { cookie, userId };
}

const lastMessage = (request: ChatCompletionRequest) => request.messages.at(-1)!;

describe('test calls with a language model', () => {
  let fake: FakeOpenAiApi;
  let t: TestApp;
  let counter = 0;

  beforeAll(async () => {
    fake = createFakeOpenAiApi({ apiKey: API_KEY, model: MODEL });
    t = await createTestApp({
      llm: createOpenAiCompatibleProvider({ baseUrl: fake.baseUrl, apiKey: API_KEY, model: MODEL, fetch: fake.fetch }),
    });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    fake.requests.length = 0;
    expect(fake.pending()).toBe(0);
  });

  async function startCall(options: { forwardingPhone?: string } = {}) {
    const owner = await openRestaurant(t, `llm${++counter}@example.com`, options);
    const response = await t.request('/api/test-calls', { method: 'POST', cookie: owner.cookie, json: {} });
    expect(response.status).toBe(201);
    const call = (await response.json()) as StartTestCallResponse;
    const say = async (text: string) => {
      const turn = await t.request(`/api/test-calls/${call.callId}/messages`, {
        method: 'POST',
        cookie: owner.cookie,
        json: { text },
      });
      expect(turn.status).toBe(200);
      return (await turn.json()) as TestCallTurn;
    };
    const orders = async () => {
      const list = await t.request('/api/orders', { cookie: owner.cookie });
      return ((await list.json()) as ListOrdersResponse).orders;
    };
    const callRow = async () => {
      const found = await t.request(`/api/calls/${call.callId}`, { cookie: owner.cookie });
      return ((await found.json()) as { call: CallSummary }).call;
    };
    return { ...owner, call, say, orders, callRow };
  }

  it('greets without the model, then sends the phone prompt and tools and places a real order through them', async () => {
    const { call, say, orders, callRow } = await startCall();
    expect(call).toMatchObject({
      engine: 'llm',
      reply: 'Welcome to Casa Lupe! This call may be recorded.',
      ended: false,
      notice: null,
    });
    expect(fake.requests).toHaveLength(0);

    fake.script({ toolCalls: [{ name: 'get_menu', arguments: {} }] }, (request) => ({
      content: `${toolResults(request)[0]} What would you like?`,
    }));
    const menu = await say('What do you have today?');
    expect(menu).toMatchObject({ engine: 'llm', notice: null, ended: false });
    expect(menu.reply).toMatch(
      /^Today we have Horchata \$4\.10 and Margherita Pizza \$12\.50\. Sold out today: Churros\./,
    );

    // The phone assistant's prompt and tools, in chat-completions form; the greeting is in the history.
    const first = fake.requests[0]!;
    expect(first.authorization).toBe(`Bearer ${API_KEY}`);
    expect(first.body).toMatchObject({ model: MODEL, tool_choice: 'auto', temperature: 0.2 });
    expect(first.body.messages.map((m) => m.role)).toEqual(['system', 'assistant', 'user']);
    expect(first.body.messages[0]!.content).toMatch(/^You are the phone assistant of Casa Lupe/);
    expect(first.body.messages[0]!.content).toContain('- Margherita Pizza: $12.50');
    expect(first.body.messages[1]!.content).toBe(call.reply);
    expect(first.body.tools!.map((tool) => tool.function.name)).toEqual([
      'get_menu',
      'check_hours',
      'place_order',
      'get_order_status',
      'transfer_to_staff',
      'transferCall',
      'endCall',
    ]);
    const phoneTools = assistantTools('en').flatMap((tool) => (tool.type === 'function' ? [tool.function] : []));
    for (const tool of phoneTools) {
      expect(first.body.tools!.find((offered) => offered.function.name === tool.name)!.function).toEqual(tool);
    }
    // The second request carries the tool's answer for the model's call.
    const second = fake.requests[1]!;
    expect(second.body.messages.map((m) => m.role)).toEqual(['system', 'assistant', 'user', 'assistant', 'tool']);
    expect(lastMessage(second.body).tool_call_id).toBe(second.body.messages[3]!.tool_calls![0]!.id);

    fake.script({
      content: 'Two Margherita Pizza and one Horchata with no ice, $29.10 in total, for Dana. Is that right?',
    });
    const readBack = await say('Two margheritas and a horchata without ice, for Dana.');
    expect(readBack).toMatchObject({ engine: 'llm', orderId: null, draft: { lines: [] } });

    fake.script(
      {
        toolCalls: [
          {
            name: 'place_order',
            arguments: {
              customer_name: 'Dana',
              items: [
                { name: 'Margherita Pizza', quantity: 2 },
                { name: 'horchata', quantity: 1, notes: 'no ice' },
              ],
            },
          },
        ],
      },
      (request) => ({ content: toolResults(request)[0]! }),
    );
    const placed = await say('Yes, that is right.');
    expect(placed).toMatchObject({
      engine: 'llm',
      notice: null,
      ended: false,
      orderId: expect.any(String) as string,
      draft: {
        customerName: 'Dana',
        customText: null,
        totalCents: 2910,
        lines: [
          { name: 'Margherita Pizza', quantity: 2, notes: null, unitPriceCents: 1250 },
          { name: 'Horchata', quantity: 1, notes: 'no ice', unitPriceCents: 410 },
        ],
      },
    });
    expect(placed.reply).toContain('2 Margherita Pizza and 1 Horchata');

    const [order, ...others] = await orders();
    expect(others).toEqual([]);
    expect(order).toMatchObject({
      id: placed.orderId,
      source: 'simulator',
      callId: call.callId,
      customerName: 'Dana',
      totalCents: 2910,
      // Listed by name.
      items: [
        { name: 'Horchata', quantity: 1, unitPriceCents: 410, notes: 'no ice' },
        { name: 'Margherita Pizza', quantity: 2, unitPriceCents: 1250, notes: null },
      ],
    });

    fake.script({ content: 'Thank you, Dana. Goodbye!', toolCalls: [{ name: 'endCall' }] });
    const bye = await say("No, that's all, thanks.");
    expect(bye).toMatchObject({ reply: 'Thank you, Dana. Goodbye!', ended: true, orderId: placed.orderId });
    expect(await callRow()).toMatchObject({ status: 'ended', outcome: 'ordered', orderId: placed.orderId });
    expect(fake.pending()).toBe(0);
  });

  it('lets the executor refuse a sold-out item, and relays its answer', async () => {
    const { say, orders } = await startCall();
    fake.script(
      {
        toolCalls: [
          { name: 'place_order', arguments: { customer_name: 'Sam', items: [{ name: 'Churros', quantity: 3 }] } },
        ],
      },
      (request) => ({ content: toolResults(request)[0]! }),
    );
    const turn = await say('Yes, three churros for Sam.');

    const refusal = lastMessage(fake.requests[1]!.body);
    expect(refusal.role).toBe('tool');
    expect(refusal.content).toBe('Sorry, Churros is sold out today. You could try Horchata and Margherita Pizza.');
    expect(turn).toMatchObject({
      engine: 'llm',
      notice: null,
      orderId: null,
      reply: refusal.content,
      draft: { lines: [] },
    });
    expect(await orders()).toEqual([]);
  });

  it('tells the model when its tool arguments are not JSON, and lets it try again', async () => {
    const { say, orders } = await startCall();
    fake.script(
      { toolCalls: [{ name: 'place_order', arguments: '{"customer_name": "Ana", "items": [' }] },
      {
        toolCalls: [
          { name: 'place_order', arguments: { customer_name: 'Ana', items: [{ name: 'Horchata', quantity: 1 }] } },
        ],
      },
      (request) => ({ content: toolResults(request)[0]! }),
    );
    const turn = await say('Yes please.');

    expect(lastMessage(fake.requests[1]!.body).content).toMatch(/^The arguments for place_order could not be read/);
    expect(turn.orderId).toEqual(expect.any(String));
    expect(await orders()).toHaveLength(1);
  });

  it('transfers the caller when the staff line is set, and the call ends', async () => {
    const { say, callRow } = await startCall({ forwardingPhone: STAFF_LINE });
    fake.script({ content: 'Of course.', toolCalls: [{ name: 'transfer_to_staff' }] });
    const turn = await say('Can I talk to a manager?');
    expect(turn).toMatchObject({
      engine: 'llm',
      transferred: true,
      ended: true,
      reply: 'Of course. One moment, I am transferring you to our staff.',
    });
    // The call ends with the tool's answer: the model is not asked again.
    expect(fake.requests).toHaveLength(1);
    expect(await callRow()).toMatchObject({ status: 'ended', outcome: 'transferred' });
  });

  it(`answers with the last tool answer when the model is still calling tools after ${MAX_ROUNDS} requests`, async () => {
    const { say } = await startCall();
    fake.script(...Array.from({ length: MAX_ROUNDS }, () => ({ toolCalls: [{ name: 'check_hours' }] })));
    const turn = await say('When are you open?');
    expect(fake.requests).toHaveLength(MAX_ROUNDS);
    expect(turn).toMatchObject({ engine: 'llm', notice: null, ended: false });
    expect(turn.reply).toMatch(/^We are open now/);
  });

  it.each([
    ['a server error', (f: FakeOpenAiApi) => f.failNext(500)],
    ['a rate limit', (f: FakeOpenAiApi) => f.failNext(429)],
    ['a reply that is not a chat completion', (f: FakeOpenAiApi) => f.answerNextWith('{"choices": []}')],
  ])('hands the turn, and the rest of the call, to the built-in assistant after %s', async (_, fail) => {
    const { say } = await startCall();
    fail(fake);
    const fallback = await say('What do you have today?');
    expect(fallback).toMatchObject({ engine: 'rules', notice: FALLBACK_NOTICE, ended: false });
    expect(fallback.reply).not.toBe('');
    expect(fake.requests).toHaveLength(1);

    const next = await say('Do you have horchata?');
    expect(next).toMatchObject({ engine: 'rules', notice: null });
    expect(fake.requests).toHaveLength(1);
  });

  it('keeps the built-in assistant when no model is configured', async () => {
    const plain = await createTestApp();
    try {
      const { cookie } = await openRestaurant(plain, 'no-llm@example.com');
      const response = await plain.request('/api/test-calls', { method: 'POST', cookie, json: {} });
      const call = (await response.json()) as StartTestCallResponse;
      expect(call).toMatchObject({ engine: 'rules', notice: null, ended: false });
      const turn = await plain.request(`/api/test-calls/${call.callId}/messages`, {
        method: 'POST',
        cookie,
        json: { text: 'What do you have today?' },
      });
      expect(((await turn.json()) as TestCallTurn).engine).toBe('rules');
    } finally {
      await plain.close();
    }
  });
});

describe('what the language model costs one account', () => {
  const DAILY_LIMIT = 3;
  const ADMIN_EMAIL = 'ops@pickupline.test';
  let fake: FakeOpenAiApi;
  let t: TestApp;
  let counter = 0;

  beforeAll(async () => {
    fake = createFakeOpenAiApi({ apiKey: API_KEY, model: MODEL });
    t = await createTestApp({
      adminEmails: [ADMIN_EMAIL],
      llm: createOpenAiCompatibleProvider({ baseUrl: fake.baseUrl, apiKey: API_KEY, model: MODEL, fetch: fake.fetch }),
      llmDailyRequestsPerAccount: DAILY_LIMIT,
    });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    fake.requests.length = 0;
    expect(fake.pending()).toBe(0);
  });

  async function openCall(owner: { cookie: string }) {
    const response = await t.request('/api/test-calls', { method: 'POST', cookie: owner.cookie, json: {} });
    expect(response.status).toBe(201);
    const call = (await response.json()) as StartTestCallResponse;
    const say = async (text: string) => {
      const turn = await t.request(`/api/test-calls/${call.callId}/messages`, {
        method: 'POST',
        cookie: owner.cookie,
        json: { text },
      });
      expect(turn.status).toBe(200);
      return (await turn.json()) as TestCallTurn;
    };
    return { call, say };
  }
  const newOwner = () => openRestaurant(t, `spend${++counter}@example.com`);
  const usageOf = async (userId: string) => t.db.select().from(modelUsage).where(eq(modelUsage.accountId, userId));

  it(`after ${DAILY_LIMIT} requests a day, the built-in assistant answers with a notice and no request is sent`, async () => {
    const owner = await newOwner();
    const { say } = await openCall(owner);
    fake.script({ toolCalls: [{ name: 'get_menu' }] }, (request) => ({ content: toolResults(request)[0]! }));
    expect(await say('What do you have?')).toMatchObject({ engine: 'llm', notice: null });
    fake.script({ content: 'Margherita Pizza is $12.50. Anything else?' });
    expect(await say('How much is the pizza?')).toMatchObject({ engine: 'llm', notice: null });
    expect(fake.requests).toHaveLength(DAILY_LIMIT);

    const capped = await say('Do you have horchata?');
    expect(capped).toMatchObject({ engine: 'rules', notice: modelLimitNotice(DAILY_LIMIT), ended: false });
    expect(capped.reply).not.toBe('');
    const next = await say('Two margheritas, please.');
    expect(next).toMatchObject({ engine: 'rules', notice: null });

    // A new call the same day: its first turn says so again, still without asking the model.
    const again = await openCall(owner);
    expect(await again.say('Hello?')).toMatchObject({ engine: 'rules', notice: modelLimitNotice(DAILY_LIMIT) });
    expect(fake.requests).toHaveLength(DAILY_LIMIT);
    expect(await usageOf(owner.userId)).toMatchObject([
      { day: new Date().toISOString().slice(0, 10), requests: DAILY_LIMIT, refused: 2 },
    ]);

    // Another account has its own day.
    const other = await newOwner();
    fake.script({ content: 'Hello! What can I get you?' });
    expect(await (await openCall(other)).say('Hi.')).toMatchObject({ engine: 'llm', notice: null });
    expect(fake.requests).toHaveLength(DAILY_LIMIT + 1);

    // The administrator sees both, the capped account first.
    const admin = await t.signUp({ email: ADMIN_EMAIL });
    const response = await t.request('/api/admin/operations', { cookie: admin.cookie });
    expect(response.status).toBe(200);
    const { modelUsage: usage } = (await response.json()) as AdminOperations;
    expect(usage.dailyLimitPerAccount).toBe(DAILY_LIMIT);
    const today = new Date().toISOString().slice(0, 10);
    const mine = usage.days.filter((d) => d.accountId === owner.userId || d.accountId === other.userId);
    expect(mine).toEqual([
      {
        day: today,
        accountId: owner.userId,
        restaurantName: 'Casa Lupe',
        email: `spend${counter - 1}@example.com`,
        requests: DAILY_LIMIT,
        refused: 2,
      },
      {
        day: today,
        accountId: other.userId,
        restaurantName: 'Casa Lupe',
        email: `spend${counter}@example.com`,
        requests: 1,
        refused: 0,
      },
    ]);
    // Only an administrator sees it.
    expect((await t.request('/api/admin/operations', { cookie: owner.cookie })).status).toBe(403);
  });

  it('keeps an order placed in the turn the requests ran out, and says what the tool answered', async () => {
    const owner = await newOwner();
    const { say } = await openCall(owner);
    fake.script({ content: 'Two Margherita Pizza for Dana, $25.00. Is that right?' });
    await say('Two margheritas for Dana.');
    fake.script(
      { toolCalls: [{ name: 'check_hours' }] },
      {
        toolCalls: [
          {
            name: 'place_order',
            arguments: { customer_name: 'Dana', items: [{ name: 'Margherita Pizza', quantity: 2 }] },
          },
        ],
      },
    );
    const turn = await say('Yes. Are you open now?');
    expect(fake.requests).toHaveLength(DAILY_LIMIT);
    expect(turn).toMatchObject({
      engine: 'rules',
      notice: modelLimitNotice(DAILY_LIMIT),
      orderId: expect.any(String) as string,
      draft: { customerName: 'Dana', totalCents: 2500 },
    });
    expect(turn.reply).toContain('2 Margherita Pizza');
    const orders = await t.request('/api/orders', { cookie: owner.cookie });
    expect(((await orders.json()) as ListOrdersResponse).orders.map((o) => o.id)).toEqual([turn.orderId]);
  });

  it('counts in one statement: requests at once never go past the cap, and the next day starts again', async () => {
    const { userId } = await newOwner();
    const now = new Date('2026-05-01T23:59:59.000Z');
    const taken = await Promise.all(
      Array.from({ length: 20 }, () => takeModelRequest(t.db, { accountId: userId, limit: 5, now })),
    );
    expect(taken.filter(Boolean)).toHaveLength(5);
    expect(await usageOf(userId)).toMatchObject([{ day: '2026-05-01', requests: 5, refused: 15 }]);

    const tomorrow = new Date('2026-05-02T00:00:00.000Z');
    expect(await takeModelRequest(t.db, { accountId: userId, limit: 5, now: tomorrow })).toBe(true);
    const days = await usageOf(userId);
    expect(days.map((d) => [d.day, d.requests]).sort()).toEqual([
      ['2026-05-01', 5],
      ['2026-05-02', 1],
    ]);
  });
});

describe('how much one call sends and keeps', () => {
  let fake: FakeOpenAiApi;
  let t: TestApp;

  beforeAll(async () => {
    fake = createFakeOpenAiApi({ apiKey: API_KEY, model: MODEL });
    t = await createTestApp({
      llm: createOpenAiCompatibleProvider({ baseUrl: fake.baseUrl, apiKey: API_KEY, model: MODEL, fetch: fake.fetch }),
    });
  });
  afterAll(() => t.close());

  it('sends each request within the budget, the order in every one once it is placed', async () => {
    const owner = await openRestaurant(t, 'long-call@example.com');
    const started = (await (
      await t.request('/api/test-calls', { method: 'POST', cookie: owner.cookie, json: {} })
    ).json()) as StartTestCallResponse;
    const say = async (text: string) => {
      const response = await t.request(`/api/test-calls/${started.callId}/messages`, {
        method: 'POST',
        cookie: owner.cookie,
        json: { text },
      });
      expect(response.status).toBe(200);
      return (await response.json()) as TestCallTurn;
    };
    fake.script(
      {
        toolCalls: [
          {
            name: 'place_order',
            arguments: { customer_name: 'Dana', items: [{ name: 'Margherita Pizza', quantity: 2 }] },
          },
        ],
      },
      (request) => ({ content: toolResults(request)[0]! }),
    );
    expect((await say('Two margheritas for Dana, yes.')).orderId).toEqual(expect.any(String));

    const turns = 30;
    for (let i = 1; i <= turns; i++) {
      fake.script({ content: `Answer ${i}: ${'Of course, happy to tell you more about it. '.repeat(40)}` });
      await say(`Question ${i}: ${'What else can you tell me about the pizza and the horchata? '.repeat(15)}`);
    }

    // Each request's messages, as the budget counts them: each message's JSON.
    const sizes = fake.requests.map((r) =>
      r.body.messages.reduce((sum, m) => sum + Buffer.byteLength(JSON.stringify(m), 'utf8'), 0),
    );
    expect(sizes).toHaveLength(turns + 2);
    for (const size of sizes) expect(size).toBeLessThanOrEqual(MODEL_HISTORY_BUDGET_BYTES);
    const last = fake.requests.at(-1)!.body.messages;
    expect(last[0]!.content).toMatch(/^You are the phone assistant of Casa Lupe/);
    expect(last[0]!.content).toContain('- The order has been placed');
    expect(last[0]!.content).toContain('for Dana): 2 × Margherita Pizza; total $25.00');
    expect(last.at(-1)!.content).toMatch(/^Question 30: /);
    expect(last.at(-2)!.content).toMatch(/^Answer 29: /);
    // Long turns fill the budget rather than grow past it.
    expect(sizes.at(-1)).toBeGreaterThan(MODEL_HISTORY_BUDGET_BYTES / 2);
    const [row] = await t.db
      .select({ conversation: calls.conversation })
      .from(calls)
      .where(eq(calls.id, started.callId));
    expect(Buffer.byteLength(JSON.stringify(row!.conversation), 'utf8')).toBeLessThan(3 * MODEL_HISTORY_BUDGET_BYTES);
  });

  it('caps the transcript it appends to, and lists calls without it', async () => {
    const owner = await openRestaurant(t, 'long-transcript@example.com');
    const started = (await (
      await t.request('/api/test-calls', { method: 'POST', cookie: owner.cookie, json: {} })
    ).json()) as StartTestCallResponse;
    const earlier = Array.from(
      { length: 700 },
      (_, i) => `Caller: question ${i + 1}, ${'with many words about the menu '.repeat(3)}`,
    );
    const greeting = `Assistant: ${started.reply}`;
    await t.db
      .update(calls)
      .set({ transcript: [greeting, ...earlier].join('\n') })
      .where(eq(calls.id, started.callId));

    fake.script({ content: 'We have Margherita Pizza and Horchata.' });
    await t.request(`/api/test-calls/${started.callId}/messages`, {
      method: 'POST',
      cookie: owner.cookie,
      json: { text: 'What do you have?' },
    });
    const [row] = await t.db.select({ transcript: calls.transcript }).from(calls).where(eq(calls.id, started.callId));
    const transcript = row!.transcript!;
    expect(Buffer.byteLength(transcript, 'utf8')).toBeLessThanOrEqual(MAX_TRANSCRIPT_BYTES);
    const lines = transcript.split('\n');
    expect(lines[0]).toBe(greeting);
    expect(lines).toContain(TRANSCRIPT_CUT_MARKER);
    expect(lines.slice(-2)).toEqual(['Caller: What do you have?', 'Assistant: We have Margherita Pizza and Horchata.']);

    const list = (await (await t.request('/api/calls', { cookie: owner.cookie })).json()) as ListCallsResponse;
    expect(list.calls.map((c) => c.id)).toEqual([started.callId]);
    expect(list.calls[0]).not.toHaveProperty('transcript');
    const one = (await (await t.request(`/api/calls/${started.callId}`, { cookie: owner.cookie })).json()) as {
      call: CallDetail;
    };
    expect(one.call.transcript).toBe(transcript);
  });
});
