import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ListOrdersResponse } from '@shared/contracts/orders';
import type { StartTestCallResponse, TestCallTurn } from '@shared/contracts/test-calls';
import type { CallSummary } from '@shared/contracts/calls';
import {
  createFakeOpenAiApi,
  toolResults,
  type ChatCompletionRequest,
  type FakeOpenAiApi,
} from '../../../../tests/fake-openai-api';
import { createTestApp, type TestApp } from '../../../../tests/test-app';
import { botPreferences, businessHours, menuItems, restaurantProfiles } from '../../db/schema';
import { createOpenAiCompatibleProvider } from '../../providers/llm/openai-compatible-provider';
import { assistantTools } from '../voice/assistant';
import { MAX_ROUNDS } from './llm-engine';

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
  await t.db.insert(businessHours).values(
    [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
      restaurantId: userId,
      dayOfWeek,
      openTime: '00:00',
      closeTime: '24:00',
    })),
  );
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
