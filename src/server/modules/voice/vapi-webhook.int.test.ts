import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CallSummary } from '@shared/contracts/calls';
import type { ListOrdersResponse, OutboxMessage } from '@shared/contracts/orders';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../../tests/test-app';
import {
  assistantRequest,
  endOfCallReport,
  legacyEndOfCallReport,
  speechUpdate,
  statusUpdate,
  toolCalls,
  transcriptMessage,
  transferDestinationRequest,
  vapiCall,
  type ToolCallsShape,
  type VapiCallFixture,
} from '../../../../tests/vapi-payloads';
import { calls, orders, realtimeEvents, restaurantProfiles, toolCallResults } from '../../db/schema';
import type { VapiAssistant } from './assistant';
import { MAX_TRANSCRIPT_BYTES, TRANSCRIPT_CUT_MARKER } from './transcript';
import type { ToolCallResult } from './vapi-webhook.service';

const SECRET = 'vapi-webhook-secret-for-tests-0123456789';
const WEBHOOK = '/api/webhooks/vapi';
const bearer = { authorization: `Bearer ${SECRET}` };

/** A time zone where it is about noon now, so a restaurant open 00:00–23:59 every day is surely open during the test. */
function noonTimeZone(now = new Date()): string {
  const offset = 12 - now.getUTCHours();
  if (offset === 0) return 'Etc/GMT';
  // Etc/GMT zones have the sign reversed: Etc/GMT-5 is five hours ahead of UTC.
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

interface Restaurant {
  cookie: string;
  userId: string;
  phoneNumberId: string;
  number: string;
}

/** An onboarded restaurant open all day, with a menu, a staff line and a Vapi number. */
async function setUpRestaurant(
  t: TestApp,
  { email, phoneNumberId, number }: { email: string; phoneNumberId: string; number: string },
): Promise<Restaurant> {
  const { cookie, userId } = await t.signUp({ email });
  const put = async (path: string, json: unknown) => {
    const response = await t.request(path, { method: 'PUT', cookie, json });
    expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
  };
  await put('/api/restaurant', {
    restaurantName: "Luigi's Pizzeria",
    phoneNumber: '(415) 555-0100',
    address: '1 Market St, San Francisco',
    timezone: noonTimeZone(),
    forwardingPhone: '(415) 555-0142',
  });
  await put('/api/restaurant/hours', {
    hours: [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
      dayOfWeek,
      openTime: '00:00',
      closeTime: '23:59',
      isClosed: false,
    })),
  });
  await put('/api/restaurant/bot', {
    language: 'en',
    greetingMessage: "Welcome to Luigi's! How can I help you today?",
    busyMessage: 'We are swamped right now, please call back in half an hour.',
  });
  for (const item of [
    { name: 'Margherita Pizza', description: 'Tomato, mozzarella, basil', priceCents: 1250, isAvailable: true },
    { name: 'Garlic Knots', priceCents: 600, isAvailable: true },
    { name: 'Tiramisu', priceCents: 795, isAvailable: false },
  ]) {
    const response = await t.request('/api/menu-items', { method: 'POST', cookie, json: item });
    expect(response.status).toBe(201);
  }
  await t.db
    .update(restaurantProfiles)
    .set({ vapiPhoneNumberId: phoneNumberId, vapiPhoneNumber: number, phoneProvisioningStatus: 'active' })
    .where(eq(restaurantProfiles.id, userId));
  return { cookie, userId, phoneNumberId, number };
}

function post(t: TestApp, body: unknown, headers: Record<string, string> = bearer) {
  return t.request(WEBHOOK, { method: 'POST', headers, json: body });
}

async function postOk<T>(t: TestApp, body: unknown): Promise<T> {
  const response = await post(t, body);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as T;
}

async function callRows(t: TestApp, providerCallId?: string) {
  return t.db
    .select()
    .from(calls)
    .where(providerCallId ? eq(calls.providerCallId, providerCallId) : undefined);
}

/** How many call.updated events the dashboards have been sent, over every restaurant. */
async function callEventCount(t: TestApp): Promise<number> {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(realtimeEvents)
    .where(sql`${realtimeEvents.payload}->>'type' = 'call.updated'`);
  return row?.n ?? 0;
}

describe('Vapi webhook', () => {
  let t: TestApp;
  let restaurant: Restaurant;
  const call = (overrides: Partial<VapiCallFixture> = {}) =>
    vapiCall({ phoneNumberId: restaurant.phoneNumberId, number: restaurant.number, ...overrides });

  beforeAll(async () => {
    t = await createTestApp({ vapiWebhookSecret: SECRET });
    restaurant = await setUpRestaurant(t, {
      email: 'luigi@example.com',
      phoneNumberId: 'a3c3c0de-0000-4000-8000-000000000001',
      number: '+14155550123',
    });
  });
  afterAll(() => t.close());

  describe('authentication', () => {
    it('refuses everything when no secret is configured, and writes nothing', async () => {
      const open = await createTestApp();
      try {
        const c = vapiCall();
        for (const headers of [bearer, { 'x-vapi-secret': SECRET }, {}] as Record<string, string>[]) {
          const response = await post(open, assistantRequest(c), headers);
          expect(response.status).toBe(401);
          expect(await response.json()).toEqual({ error: expect.any(String) as string });
        }
        expect(await callRows(open)).toEqual([]);
      } finally {
        await open.close();
      }
    });

    it('refuses a missing or wrong secret before reading the body, and writes nothing', async () => {
      const c = call();
      const attempts: Record<string, string>[] = [
        {},
        { authorization: 'Bearer not-the-secret' },
        { authorization: SECRET }, // no Bearer prefix
        { 'x-vapi-secret': 'not-the-secret' },
        { 'x-vapi-secret': `${SECRET}x` },
        { authorization: 'Basic dmFwaTpzZWNyZXQ=' },
      ];
      for (const headers of attempts) {
        const response = await post(t, assistantRequest(c), headers);
        expect(response.status, JSON.stringify(headers)).toBe(401);
        expect(await response.json()).toEqual({ error: 'Missing or invalid webhook secret' });
      }
      // Not even a broken body is looked at.
      const garbage = await t.request(WEBHOOK, {
        method: 'POST',
        body: '{not json',
        headers: { 'x-vapi-secret': 'no' },
      });
      expect(garbage.status).toBe(401);
      expect(await callRows(t, c.callId)).toEqual([]);
    });

    it('accepts the secret as Authorization: Bearer or as X-Vapi-Secret', async () => {
      for (const headers of [bearer, { authorization: `bearer  ${SECRET}` }, { 'x-vapi-secret': SECRET }]) {
        const response = await post(t, speechUpdate(call()), headers);
        expect(response.status, JSON.stringify(headers)).toBe(200);
        expect(await response.json()).toEqual({});
      }
    });

    it('refuses a body that is not a Vapi message with 400, and one over 1 MB with 413', async () => {
      const notJson = await t.request(WEBHOOK, { method: 'POST', body: '{"message":', headers: bearer });
      expect(notJson.status).toBe(400);
      expect(await notJson.json()).toEqual({ error: 'The body is not valid JSON' });
      for (const body of [{}, { message: {} }, { message: { type: '' } }, { message: 'tool-calls' }, []]) {
        const response = await post(t, body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(((await response.json()) as { error: string }).error).toMatch(/^Not a Vapi server message: /);
      }
      const huge = { message: { type: 'conversation-update', padding: 'x'.repeat(1024 * 1024) } };
      const tooLarge = await post(t, huge);
      expect(tooLarge.status).toBe(413);
    });
  });

  describe('assistant-request', () => {
    it("answers with the restaurant's assistant and records the call", async () => {
      const c = call();
      const { assistant } = await postOk<{ assistant: VapiAssistant }>(t, assistantRequest(c));
      expect(assistant.firstMessage).toBe("Welcome to Luigi's! How can I help you today? This call may be recorded.");
      expect(assistant.transcriber.language).toBe('en');
      expect(assistant.metadata).toEqual({ restaurantId: restaurant.userId });
      expect(assistant.server).toMatchObject({
        url: `${TEST_ORIGIN}/api/webhooks/vapi`,
        headers: { 'X-Vapi-Secret': SECRET },
      });
      const names = assistant.model.tools.map((tool) => (tool.type === 'function' ? tool.function.name : tool.type));
      expect(names).toEqual([
        'get_menu',
        'check_hours',
        'place_order',
        'get_order_status',
        'transfer_to_staff',
        'transferCall',
        'endCall',
      ]);
      const prompt = assistant.model.messages[0]!.content;
      expect(prompt).toContain('- Margherita Pizza: $12.50 (Tomato, mozzarella, basil)');
      expect(prompt).toMatch(/Sold out today[^\n]*\n- Tiramisu/);
      expect(prompt).toContain('The restaurant is open');

      const [row] = await callRows(t, c.callId);
      expect(row).toMatchObject({
        restaurantId: restaurant.userId,
        callerNumber: c.caller,
        kind: 'phone',
        status: 'in-progress',
        outcome: null,
      });
      // A repeated request answers the same and records nothing new.
      await postOk(t, assistantRequest(c));
      expect(await callRows(t, c.callId)).toHaveLength(1);
    });

    it('finds the restaurant by the number called when the number id is unknown', async () => {
      const c = call({ phoneNumberId: 'not-a-known-id' });
      const { assistant } = await postOk<{ assistant: VapiAssistant }>(t, assistantRequest(c));
      expect(assistant.metadata).toEqual({ restaurantId: restaurant.userId });
    });

    it('applies a change in Settings to the very next call', async () => {
      const { cookie } = restaurant;
      await t.request('/api/restaurant/busy-mode', { method: 'PUT', cookie, json: { isBusyMode: true } });
      await t.request('/api/restaurant/bot', {
        method: 'PUT',
        cookie,
        json: {
          language: 'es',
          greetingMessage: '¡Bienvenido a Luigi! ¿En qué le puedo ayudar?',
          busyMessage: 'Estamos muy ocupados, llame en media hora.',
        },
      });
      try {
        const { assistant } = await postOk<{ assistant: VapiAssistant }>(t, assistantRequest(call()));
        expect(assistant.transcriber.language).toBe('es');
        expect(assistant.firstMessage).toBe(
          'Estamos muy ocupados, llame en media hora. Esta llamada puede ser grabada.',
        );
        expect(assistant.model.messages[0]!.content).toContain('El modo ocupado está ACTIVADO');
      } finally {
        await t.request('/api/restaurant/busy-mode', { method: 'PUT', cookie, json: { isBusyMode: false } });
        await t.request('/api/restaurant/bot', {
          method: 'PUT',
          cookie,
          json: {
            language: 'en',
            greetingMessage: "Welcome to Luigi's! How can I help you today?",
            busyMessage: 'We are swamped right now, please call back in half an hour.',
          },
        });
      }
      const { assistant } = await postOk<{ assistant: VapiAssistant }>(t, assistantRequest(call()));
      expect(assistant.firstMessage).toContain("Welcome to Luigi's!");
    });

    it('does not answer a call it could not record, since nothing later in the call could be', async () => {
      const c = call({ callId: `unrecordable-${randomUUID()}` });
      await t.db.execute(
        sql.raw(
          `alter table calls add constraint calls_test_unrecordable check (provider_call_id not like 'unrecordable-%')`,
        ),
      );
      try {
        const response = await post(t, assistantRequest(c));
        expect(response.status).toBe(500);
        expect(await response.json()).not.toHaveProperty('assistant');
      } finally {
        await t.db.execute(sql.raw('alter table calls drop constraint calls_test_unrecordable'));
      }
      expect(await callRows(t, c.callId)).toEqual([]);
    });

    it('answers a call to an unknown number with the not-in-service assistant', async () => {
      const c = vapiCall({ phoneNumberId: 'unknown-number-id', number: '+19995550000' });
      const response = await post(t, assistantRequest(c));
      expect(response.status).toBe(200);
      const { assistant } = (await response.json()) as { assistant: VapiAssistant };
      expect(assistant.firstMessage).toMatch(/not in service/);
      expect(assistant.model.tools).toEqual([{ type: 'endCall' }]);
      expect(await callRows(t, c.callId)).toEqual([]);
    });
  });

  describe('tool-calls', () => {
    const cases: [ToolCallsShape, 'string' | 'object'][] = [
      ['spec', 'string'],
      ['spec', 'object'],
      ['toolWithToolCallList', 'string'],
      ['legacyToolCalls', 'object'],
      ['flat', 'object'],
    ];
    it.each(cases)('answers every tool call in order (%s, arguments as %s)', async (shape, argsAs) => {
      const c = call();
      await postOk(t, assistantRequest(c));
      const { body, ids } = toolCalls(
        c,
        [{ name: 'get_menu' }, { name: 'check_hours' }, { name: 'get_menu', args: {} }],
        { shape, argsAs },
      );
      const { results } = await postOk<{ results: ToolCallResult[] }>(t, body);
      expect(results.map((r) => [r.toolCallId, r.name])).toEqual([
        [ids[0], 'get_menu'],
        [ids[1], 'check_hours'],
        [ids[2], 'get_menu'],
      ]);
      for (const r of results) {
        expect('result' in r ? r.result : r.error).not.toMatch(/[\r\n]/);
      }
      expect(results[0]).toEqual({
        toolCallId: ids[0],
        name: 'get_menu',
        result: expect.stringContaining('Margherita Pizza') as string,
      });
      expect(results[0]).toMatchObject({ result: expect.stringContaining('Tiramisu') as string });
      expect(results[1]).toMatchObject({ result: expect.stringMatching(/open/i) as string });
    });

    it('answers a tool call whose arguments are broken JSON with an error, and the others normally', async () => {
      const c = call();
      await postOk(t, assistantRequest(c));
      const { body, ids } = toolCalls(c, [{ name: 'place_order' }, { name: 'get_menu' }], { shape: 'spec' });
      const list = (body.message as unknown as { toolCallList: { function: { arguments: string } }[] }).toolCallList;
      list[0]!.function.arguments = '{"customer_name": "Dana", "items": [';
      const { results } = await postOk<{ results: ToolCallResult[] }>(t, body);
      expect(results[0]).toEqual({
        toolCallId: ids[0],
        name: 'place_order',
        error: expect.stringContaining('JSON') as string,
      });
      expect(results[1]).toMatchObject({ toolCallId: ids[1], name: 'get_menu', result: expect.any(String) as string });
      expect(await t.db.select().from(orders).where(eq(orders.userId, restaurant.userId))).toEqual([]);
    });

    it('answers a place_order refusal as an error, still with HTTP 200', async () => {
      const c = call();
      await postOk(t, assistantRequest(c));
      const { body, ids } = toolCalls(c, [
        { name: 'place_order', args: { customer_name: 'Dana', items: [{ name: 'Tiramisu', quantity: 1 }] } },
      ]);
      const { results } = await postOk<{ results: ToolCallResult[] }>(t, body);
      expect(results).toHaveLength(1);
      expect(results[0]).toMatchObject({ toolCallId: ids[0], name: 'place_order' });
      const answer = results[0]!;
      expect('result' in answer ? answer.result : answer.error).toMatch(/sold out/i);
    });

    it('answers tool calls for a call that never had an assistant-request with errors, writing nothing', async () => {
      const c = call();
      const order = { customer_name: 'Dana', items: [{ name: 'Margherita Pizza', quantity: 1 }] };
      const { body, ids } = toolCalls(c, [{ name: 'check_hours' }, { name: 'place_order', args: order }]);
      expect(await postOk(t, body)).toEqual({
        results: [
          { toolCallId: ids[0], name: 'check_hours', error: expect.stringMatching(/not known/) as string },
          { toolCallId: ids[1], name: 'place_order', error: expect.stringMatching(/not known/) as string },
        ],
      });
      expect(await callRows(t, c.callId)).toEqual([]);
      expect(await t.db.select().from(orders).where(eq(orders.userId, restaurant.userId))).toEqual([]);
      expect(await t.db.select().from(toolCallResults).where(eq(toolCallResults.toolCallId, ids[1]!))).toEqual([]);
    });

    it('fills in the caller number of a call whose assistant-request had none', async () => {
      const c = call();
      await postOk(t, assistantRequest({ ...c, caller: null }));
      expect((await callRows(t, c.callId))[0]?.callerNumber).toBeNull();
      await postOk(t, toolCalls(c, [{ name: 'check_hours' }]).body);
      expect(await callRows(t, c.callId)).toEqual([expect.objectContaining({ callerNumber: c.caller })]);
    });

    it('answers tool calls for an unknown number with errors, recording nothing', async () => {
      const c = vapiCall({ phoneNumberId: 'unknown-number-id', number: '+19995550000' });
      const { body, ids } = toolCalls(c, [{ name: 'get_menu' }]);
      const response = await post(t, body);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        results: [{ toolCallId: ids[0], name: 'get_menu', error: expect.any(String) as string }],
      });
      expect(await callRows(t, c.callId)).toEqual([]);
    });
  });

  describe('status-update and end-of-call-report', () => {
    it('moves the status forward only, and never reopens an ended call', async () => {
      const c = call();
      await postOk(t, assistantRequest(c));
      await postOk(t, statusUpdate(c, 'in-progress'));
      await postOk(t, endOfCallReport(c));
      const [ended] = await callRows(t, c.callId);
      expect(ended).toMatchObject({ status: 'ended', endedReason: 'customer-ended-call', outcome: 'no_order' });

      for (const late of ['ringing', 'in-progress', 'forwarding', 'queued']) {
        expect(await postOk(t, statusUpdate(c, late))).toEqual({});
      }
      await postOk(t, statusUpdate(c, 'ended', 'silence-timed-out'));
      const [after] = await callRows(t, c.callId);
      expect(after).toMatchObject({
        status: 'ended',
        endedReason: 'customer-ended-call',
        outcome: 'no_order',
        endedAt: ended!.endedAt,
        updatedAt: ended!.updatedAt,
      });
    });

    it('ends a call on status-update alone, and ignores statuses that are not ours', async () => {
      const c = call();
      await postOk(t, assistantRequest(c));
      const [started] = await callRows(t, c.callId);
      await postOk(t, statusUpdate(c, 'not-found'));
      expect((await callRows(t, c.callId))[0]).toEqual(started);
      await postOk(t, statusUpdate(c, 'ended', 'assistant-forwarded-call'));
      expect((await callRows(t, c.callId))[0]).toMatchObject({
        status: 'ended',
        endedReason: 'assistant-forwarded-call',
        outcome: 'transferred',
        endedAt: new Date('2026-03-10T15:04:12.000Z'),
      });
    });

    it('records the end-of-call report once, however often it arrives', async () => {
      const c = call();
      await postOk(t, assistantRequest(c));
      await postOk(t, endOfCallReport(c));
      const [first] = await callRows(t, c.callId);
      await postOk(t, endOfCallReport(c));
      // A thinner copy erases nothing.
      await postOk(t, { message: { type: 'end-of-call-report', call: { id: c.callId } } });
      const rows = await callRows(t, c.callId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toEqual(first);
      expect(rows[0]).toMatchObject({
        status: 'ended',
        startedAt: new Date('2026-03-10T15:00:02.000Z'),
        endedAt: new Date('2026-03-10T15:04:12.000Z'),
        summary: 'The caller ordered two Margherita pizzas for pickup under the name Dana.',
        transcript: expect.stringContaining('Two Margherita pizzas, please.') as string,
        recordingUrl: 'https://storage.vapi.ai/recordings/mono-combined.wav',
        outcome: 'no_order',
      });
    });

    it('keeps a transcript longer than the cap as its beginning and its end, with a marker between', async () => {
      const c = call();
      await postOk(t, assistantRequest(c));
      const said = Array.from({ length: 6000 }, (_, i) => `${i % 2 ? 'AI' : 'User'}: line ${i + 1} of a long call.`);
      const transcript = said.join('\n');
      expect(Buffer.byteLength(transcript)).toBeGreaterThan(2 * MAX_TRANSCRIPT_BYTES);
      await postOk(t, endOfCallReport(c, { transcript }));
      const [row] = await callRows(t, c.callId);
      expect(Buffer.byteLength(row!.transcript!)).toBeLessThanOrEqual(MAX_TRANSCRIPT_BYTES);
      const lines = row!.transcript!.split('\n');
      expect(lines[0]).toBe(said[0]);
      expect(lines.at(-1)).toBe(said.at(-1));
      expect(lines.filter((line) => line === TRANSCRIPT_CUT_MARKER)).toHaveLength(1);
      // The same report again changes nothing.
      await postOk(t, endOfCallReport(c, { transcript }));
      expect((await callRows(t, c.callId))[0]).toEqual(row);
    });

    it('reads the older report shape', async () => {
      const c = call();
      await postOk(t, assistantRequest(c));
      await postOk(t, legacyEndOfCallReport(c, { durationSeconds: 95, recordingUrl: 'https://example.com/r.wav' }));
      const [row] = await callRows(t, c.callId);
      expect(row).toMatchObject({
        status: 'ended',
        callerNumber: c.caller,
        startedAt: new Date('2026-03-10T15:00:02.000Z'),
        endedAt: new Date('2026-03-10T15:01:37.000Z'),
        recordingUrl: 'https://example.com/r.wav',
        summary: expect.any(String) as string,
        transcript: expect.any(String) as string,
      });
    });

    it('derives the outcome from the ended reason unless a tool set one', async () => {
      const forwarded = call();
      await postOk(t, assistantRequest(forwarded));
      await postOk(t, endOfCallReport(forwarded, { endedReason: 'assistant-forwarded-call' }));
      const failed = call();
      await postOk(t, assistantRequest(failed));
      await postOk(t, endOfCallReport(failed, { endedReason: 'pipeline-error-openai-llm-failed' }));
      const busy = call();
      await postOk(t, assistantRequest(busy));
      await t.db.update(calls).set({ outcome: 'busy' }).where(eq(calls.providerCallId, busy.callId));
      await postOk(t, endOfCallReport(busy, { endedReason: 'assistant-forwarded-call' }));
      const outcome = async (c: VapiCallFixture) => (await callRows(t, c.callId))[0]?.outcome;
      expect(await outcome(forwarded)).toBe('transferred');
      expect(await outcome(failed)).toBe('failed');
      expect(await outcome(busy)).toBe('busy');
    });

    it('ignores messages about calls to unknown numbers', async () => {
      const c = vapiCall({ phoneNumberId: 'unknown-number-id', number: '+19995550000' });
      expect(await postOk(t, statusUpdate(c, 'in-progress'))).toEqual({});
      expect(await postOk(t, endOfCallReport(c))).toEqual({});
      expect(await callRows(t, c.callId)).toEqual([]);
    });

    it('ignores messages about a call to a known number that never had an assistant-request', async () => {
      const c = call();
      const eventsBefore = await callEventCount(t);
      const messages = [
        statusUpdate(c, 'in-progress'),
        statusUpdate(c, 'ended', 'customer-ended-call'),
        endOfCallReport(c),
        legacyEndOfCallReport(c),
        speechUpdate(c),
        transcriptMessage(c),
      ];
      for (const body of messages) expect(await postOk(t, body)).toEqual({});
      expect(await callRows(t, c.callId)).toEqual([]);
      expect(await callEventCount(t)).toBe(eventsBefore);
    });

    it('ignores messages that name a test call', async () => {
      const testCallId = `test_${randomUUID()}`;
      await t.db.insert(calls).values({ providerCallId: testCallId, restaurantId: restaurant.userId, kind: 'test' });
      const [before] = await callRows(t, testCallId);
      const c = call({ callId: testCallId });
      await postOk(t, endOfCallReport(c, { recordingUrl: 'https://storage.vapi.ai/recordings/not-ours.wav' }));
      await postOk(t, statusUpdate(c, 'ended', 'customer-ended-call'));
      expect(await callRows(t, testCallId)).toEqual([before]);
    });

    it.each([
      ['javascript:', 'javascript:alert(document.cookie)'],
      ['javascript: in capitals, after spaces', '  JavaScript:alert(1)'],
      ['http:', 'http://storage.vapi.ai/recordings/mono-combined.wav'],
      ['data:', 'data:text/html,<script>alert(1)</script>'],
      ['a relative path', '/recordings/mono-combined.wav'],
    ])('does not store a recording link that is %s', async (_, recordingUrl) => {
      const c = call();
      await postOk(t, assistantRequest(c));
      await postOk(t, legacyEndOfCallReport(c, { recordingUrl }));
      const [row] = await callRows(t, c.callId);
      expect(row).toMatchObject({ status: 'ended', recordingUrl: null, transcript: expect.any(String) as string });
    });

    it('stores an https recording link, taking the next spelling when the first is not https', async () => {
      const c = call();
      await postOk(t, assistantRequest(c));
      await postOk(t, endOfCallReport(c, { recordingUrl: 'javascript:alert(1)' }));
      // artifact.recordingUrl, the older spelling the report also carries.
      expect((await callRows(t, c.callId))[0]?.recordingUrl).toBe('https://storage.vapi.ai/recordings/deprecated.wav');

      const plain = call();
      await postOk(t, assistantRequest(plain));
      await postOk(t, legacyEndOfCallReport(plain, { recordingUrl: 'https://storage.vapi.ai/recordings/r1.wav' }));
      expect((await callRows(t, plain.callId))[0]?.recordingUrl).toBe('https://storage.vapi.ai/recordings/r1.wav');
    });

    it('shows no link for a recording stored before links were checked', async () => {
      const c = call();
      await postOk(t, assistantRequest(c));
      const [row] = await callRows(t, c.callId);
      await t.db.update(calls).set({ recordingUrl: 'javascript:alert(1)' }).where(eq(calls.id, row!.id));
      const response = await t.request(`/api/calls/${row!.id}`, { cookie: restaurant.cookie });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { call: CallSummary }).call.recordingUrl).toBeNull();
    });
  });

  describe('transfer-destination-request', () => {
    it("transfers to the restaurant's staff line and marks the call transferred", async () => {
      const c = call();
      await postOk(t, assistantRequest(c));
      const answer = await postOk(t, transferDestinationRequest(c));
      expect(answer).toEqual({
        destination: { type: 'number', number: '+14155550142', message: 'Connecting you now.' },
      });
      expect((await callRows(t, c.callId))[0]?.outcome).toBe('transferred');
    });

    it('keeps an ordered call ordered', async () => {
      const c = call();
      await postOk(t, assistantRequest(c));
      await t.db.update(calls).set({ outcome: 'ordered' }).where(eq(calls.providerCallId, c.callId));
      await postOk(t, transferDestinationRequest(c));
      expect((await callRows(t, c.callId))[0]?.outcome).toBe('ordered');
    });

    it('refuses, in words, a transfer on a call that never had an assistant-request, and writes nothing', async () => {
      const c = call();
      const answer = await postOk<{ error: string }>(t, transferDestinationRequest(c));
      expect(answer).toEqual({ error: expect.stringMatching(/nobody is available/) as string });
      expect(await callRows(t, c.callId)).toEqual([]);
    });

    it('refuses, in words, when the restaurant has no staff line', async () => {
      const { cookie } = restaurant;
      const info = {
        restaurantName: "Luigi's Pizzeria",
        phoneNumber: '(415) 555-0100',
        address: '1 Market St, San Francisco',
        timezone: noonTimeZone(),
      };
      await t.request('/api/restaurant', { method: 'PUT', cookie, json: { ...info, forwardingPhone: '' } });
      try {
        const c = call();
        await postOk(t, assistantRequest(c));
        const answer = await postOk<{ error: string }>(t, transferDestinationRequest(c));
        expect(answer).toEqual({ error: expect.stringMatching(/nobody is available/) as string });
        expect((await callRows(t, c.callId))[0]?.outcome).toBeNull();
      } finally {
        await t.request('/api/restaurant', {
          method: 'PUT',
          cookie,
          json: { ...info, forwardingPhone: '(415) 555-0142' },
        });
      }
    });
  });
});

describe('a phone order from the first webhook to the dashboard', () => {
  let t: TestApp;
  let restaurant: Restaurant;

  beforeAll(async () => {
    t = await createTestApp({ vapiWebhookSecret: SECRET, withWorkers: true });
    restaurant = await setUpRestaurant(t, {
      email: 'owner@example.com',
      phoneNumberId: 'b7e2d0aa-0000-4000-8000-000000000002',
      number: '+14155550177',
    });
  });
  afterAll(() => t.close());

  async function ordersOnDashboard() {
    const response = await t.request('/api/orders', { cookie: restaurant.cookie });
    expect(response.status).toBe(200);
    return ((await response.json()) as ListOrdersResponse).orders;
  }
  async function texts() {
    const response = await t.request('/api/notifications', { cookie: restaurant.cookie });
    expect(response.status).toBe(200);
    return ((await response.json()) as { messages: OutboxMessage[] }).messages;
  }

  it('makes one order, one confirmation text and one call, and a replay of every webhook changes nothing', async () => {
    const c = vapiCall({ phoneNumberId: restaurant.phoneNumberId, number: restaurant.number, caller: '+12125550187' });
    const menu = toolCalls(c, [{ name: 'get_menu' }]);
    const order = toolCalls(
      c,
      [
        {
          name: 'place_order',
          args: {
            customer_name: 'Dana',
            items: [
              { name: 'Margherita Pizza', quantity: 2, notes: 'no basil' },
              { name: 'garlic knots', quantity: 1 },
            ],
          },
        },
      ],
      { shape: 'spec', argsAs: 'string' },
    );
    const webhooks = [
      assistantRequest(c),
      statusUpdate(c, 'in-progress'),
      menu.body,
      order.body,
      statusUpdate(c, 'ended', 'customer-ended-call'),
      endOfCallReport(c),
    ];

    const answers: unknown[] = [];
    for (const body of webhooks) answers.push(await postOk(t, body));

    const [assistant, , menuAnswer, orderAnswer] = answers as [
      { assistant: VapiAssistant },
      unknown,
      { results: ToolCallResult[] },
      { results: ToolCallResult[] },
    ];
    expect(assistant.assistant.metadata).toEqual({ restaurantId: restaurant.userId });
    expect(menuAnswer.results[0]).toMatchObject({ toolCallId: menu.ids[0], name: 'get_menu' });
    expect(orderAnswer.results).toEqual([
      { toolCallId: order.ids[0], name: 'place_order', result: expect.stringContaining('Dana') as string },
    ]);

    const placed = await ordersOnDashboard();
    expect(placed).toHaveLength(1);
    const [dashboardOrder] = placed;
    const [callRow, ...otherCalls] = await t.db.select().from(calls).where(eq(calls.restaurantId, restaurant.userId));
    expect(otherCalls).toEqual([]);
    expect(dashboardOrder).toMatchObject({
      source: 'phone',
      phoneNumber: '+12125550187',
      customerName: 'Dana',
      status: 'new',
      totalCents: 2 * 1250 + 600,
      callId: callRow!.id,
    });
    expect(callRow).toMatchObject({
      providerCallId: c.callId,
      callerNumber: '+12125550187',
      status: 'ended',
      outcome: 'ordered',
      orderId: dashboardOrder!.id,
      transcript: expect.any(String) as string,
      summary: expect.any(String) as string,
      recordingUrl: expect.any(String) as string,
    });

    const confirmation = await vi.waitFor(
      async () => {
        const [text, ...more] = await texts();
        expect(more).toEqual([]);
        expect(text).toMatchObject({ kind: 'confirmed', to: '+12125550187', orderId: dashboardOrder!.id });
        expect(text!.status).toBe('delivered');
        return text!;
      },
      { timeout: 10_000, interval: 50 },
    );
    // Sending the text stamps the order; from here on the dashboard's view of it is settled.
    const settled = await ordersOnDashboard();
    expect(settled).toMatchObject([{ id: dashboardOrder!.id, notifiedAt: expect.any(String) as string }]);

    // The dashboards heard of the call, ending with the order on it.
    const events = await t.db
      .select({ payload: realtimeEvents.payload })
      .from(realtimeEvents)
      .where(
        and(eq(realtimeEvents.userId, restaurant.userId), sql`${realtimeEvents.payload}->>'type' = 'call.updated'`),
      )
      .orderBy(realtimeEvents.id);
    const lastCall = (events.at(-1)?.payload as { call: CallSummary } | undefined)?.call;
    expect(lastCall).toMatchObject({
      id: callRow!.id,
      status: 'ended',
      outcome: 'ordered',
      orderId: dashboardOrder!.id,
    });

    // Every webhook again, as a retrying provider would send them: the same answers, nothing new.
    const eventCount = events.length;
    const replayed: unknown[] = [];
    for (const body of webhooks) replayed.push(await postOk(t, body));
    expect(replayed.slice(1)).toEqual(answers.slice(1));
    const again = replayed[0] as { assistant: VapiAssistant };
    expect(again.assistant.firstMessage).toBe(assistant.assistant.firstMessage);
    expect(again.assistant.model.tools).toEqual(assistant.assistant.model.tools);

    expect(await ordersOnDashboard()).toEqual(settled);
    expect(await texts()).toEqual([confirmation]);
    expect(await t.db.select().from(calls).where(eq(calls.restaurantId, restaurant.userId))).toEqual([callRow]);
    expect(await t.db.select().from(toolCallResults).where(eq(toolCallResults.callId, callRow!.id))).toHaveLength(2);
    const eventsAfter = await t.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(realtimeEvents)
      .where(
        and(eq(realtimeEvents.userId, restaurant.userId), sql`${realtimeEvents.payload}->>'type' = 'call.updated'`),
      );
    expect(eventsAfter[0]!.n).toBe(eventCount);
  });
});
