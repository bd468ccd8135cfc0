import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallDetail, CallSummary, ListCallsResponse } from '@shared/contracts/calls';
import type { StartTestCallResponse } from '@shared/contracts/test-calls';
import { CALL_ENDED_REASONS, PHONE_CALL_SILENCE_MS, TEST_CALL_IDLE_MS } from '@shared/domain/calls';
import { createTestApp, toolDepsOf, type TestApp } from '../../../../tests/test-app';
import { openAroundTheClock } from '../../../../tests/open-hours';
import {
  assistantRequest,
  endOfCallReport,
  toolCalls,
  vapiCall,
  type VapiCallFixture,
} from '../../../../tests/vapi-payloads';
import { botPreferences, calls, menuItems, realtimeEvents, restaurantProfiles } from '../../db/schema';
import { TEST_CALL_IDLE_ENDED } from '../test-calls/test-calls.service';
import { getCall, listCalls } from './call-log.service';
import { endSilentCalls } from './calls.service';
import { executeToolCall, type ToolDeps } from './tool-executor';

const SECRET = 'vapi-webhook-secret-for-silent-calls-0123';
const SECOND = 1000;
const MINUTE = 60 * SECOND;

type Owner = { cookie: string; userId: string; phoneNumberId: string; number: string };

/**
 * Calls that never say goodbye: a test call left open, a page closed, a phone call whose end-of-call report never
 * came. The sweep ends them with what they came to, and the call log never shows them in progress meanwhile. The
 * clock is passed in (`now`) and the calls' last message (`updated_at`) is set, so nothing here waits.
 */
describe('calls that end by themselves', () => {
  let t: TestApp;
  let deps: ToolDeps;
  let counter = 0;

  beforeAll(async () => {
    t = await createTestApp({ vapiWebhookSecret: SECRET });
    deps = toolDepsOf(t);
  });
  afterAll(() => t.close());

  /** An onboarded restaurant open around the clock, with one dish and a Vapi number. */
  async function newOwner(): Promise<Owner> {
    const n = ++counter;
    const { cookie, userId } = await t.signUp({ email: `silent${n}@example.com` });
    const phoneNumberId = randomUUID();
    const number = `+1415555${String(1000 + n).slice(-4)}`;
    await t.db
      .update(restaurantProfiles)
      .set({
        restaurantName: 'Casa Lupe',
        timezone: 'UTC',
        hasCompletedOnboarding: true,
        vapiPhoneNumberId: phoneNumberId,
        vapiPhoneNumber: number,
        phoneProvisioningStatus: 'active',
      })
      .where(eq(restaurantProfiles.id, userId));
    await openAroundTheClock(t.db, userId);
    await t.db
      .insert(botPreferences)
      .values({ restaurantId: userId, language: 'en', greetingMessage: 'Welcome to Casa Lupe!' });
    await t.db.insert(menuItems).values({ restaurantId: userId, name: 'Horchata', priceCents: 410 });
    return { cookie, userId, phoneNumberId, number };
  }

  async function startTestCall(owner: Owner): Promise<string> {
    const response = await t.request('/api/test-calls', { method: 'POST', cookie: owner.cookie, json: {} });
    expect(response.status).toBe(201);
    return ((await response.json()) as StartTestCallResponse).callId;
  }

  /** A phone call as Vapi starts it; with `order`, its assistant places an order through the webhook. */
  async function startPhoneCall(owner: Owner, { order = false } = {}): Promise<{ id: string; c: VapiCallFixture }> {
    const c = vapiCall({ phoneNumberId: owner.phoneNumberId, number: owner.number });
    await webhook(assistantRequest(c));
    if (order) {
      const placed = toolCalls(c, [
        { name: 'place_order', args: { customer_name: 'Dana', items: [{ name: 'Horchata' }] } },
      ]);
      const answer = (await webhook(placed.body)) as { results: { result?: string }[] };
      expect(answer.results[0]?.result).toMatch(/Your order number is/);
    }
    const [row] = await t.db.select({ id: calls.id }).from(calls).where(eq(calls.providerCallId, c.callId));
    return { id: row!.id, c };
  }

  async function webhook(body: unknown): Promise<unknown> {
    const response = await t.request('/api/webhooks/vapi', {
      method: 'POST',
      headers: { 'x-vapi-secret': SECRET },
      json: body,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return response.json();
  }

  /** An order placed in a test call, through the same tool executor as the call's turns. */
  async function orderInTestCall(owner: Owner, callId: string) {
    const answer = await executeToolCall(
      deps,
      { id: callId, restaurantId: owner.userId, callerNumber: '+12025550123', kind: 'test' },
      {
        id: `turn-1-${randomUUID()}`,
        name: 'place_order',
        args: { customer_name: 'Dana', items: [{ name: 'Horchata' }] },
      },
    );
    expect(answer.result).toMatch(/Your order number is/);
  }

  /** Sets when the calls last heard anything (started half a minute before): the clock the sweep reads them by. */
  const lastHeardAt = (ids: string[], at: Date) =>
    Promise.all(
      ids.map((id) =>
        t.db
          .update(calls)
          .set({ startedAt: new Date(at.getTime() - 30 * SECOND), updatedAt: at })
          .where(eq(calls.id, id)),
      ),
    );

  const row = async (id: string) => (await t.db.select().from(calls).where(eq(calls.id, id)))[0]!;

  async function listed(owner: Owner): Promise<CallSummary[]> {
    const response = await t.request('/api/calls', { cookie: owner.cookie });
    expect(response.status).toBe(200);
    return ((await response.json()) as ListCallsResponse).calls;
  }

  async function callEvents(id: string): Promise<CallSummary[]> {
    const rows = await t.db
      .select({ payload: realtimeEvents.payload })
      .from(realtimeEvents)
      .where(
        sql`${realtimeEvents.payload}->>'type' = 'call.updated' and ${realtimeEvents.payload}->'call'->>'id' = ${id}`,
      )
      .orderBy(realtimeEvents.id);
    return rows.map((r) => (r.payload as { call: CallSummary }).call);
  }

  it('ends test calls idle for 2 minutes and phone calls silent for 15, each with the outcome it reached', async () => {
    const owner = await newOwner();
    const testOrdered = await startTestCall(owner);
    await orderInTestCall(owner, testOrdered);
    const testIdle = await startTestCall(owner);
    const phoneOrdered = (await startPhoneCall(owner, { order: true })).id;
    const phoneSilent = (await startPhoneCall(owner)).id;
    const lastHeard = new Date(Date.now() + 60 * MINUTE);
    await lastHeardAt([testOrdered, testIdle, phoneOrdered, phoneSilent], lastHeard);
    const after = (ms: number) => new Date(lastHeard.getTime() + ms);

    // A second short of 2 minutes: nothing is over yet.
    expect(await endSilentCalls({ db: t.db, hub: t.hub }, after(TEST_CALL_IDLE_MS - SECOND))).toBe(0);
    expect((await row(testIdle)).status).toBe('in-progress');

    // At 2 minutes, the test calls end where they stood: at their last message.
    expect(await endSilentCalls({ db: t.db, hub: t.hub }, after(TEST_CALL_IDLE_MS))).toBe(2);
    expect(await row(testOrdered)).toMatchObject({
      status: 'ended',
      outcome: 'ordered',
      endedAt: lastHeard,
      endedReason: CALL_ENDED_REASONS.testCallIdle,
      conversation: expect.objectContaining({ stage: 'ended' }) as unknown,
    });
    expect(await row(testIdle)).toMatchObject({
      status: 'ended',
      outcome: 'no_order',
      endedReason: CALL_ENDED_REASONS.testCallIdle,
    });
    expect((await row(phoneOrdered)).status).toBe('in-progress');

    // Open call logs hear of it.
    expect((await callEvents(testOrdered)).at(-1)).toMatchObject({ status: 'ended', outcome: 'ordered' });

    // A phone call gets 15 minutes from its last message.
    expect(await endSilentCalls({ db: t.db, hub: t.hub }, after(PHONE_CALL_SILENCE_MS - SECOND))).toBe(0);
    expect(await endSilentCalls({ db: t.db, hub: t.hub }, after(PHONE_CALL_SILENCE_MS))).toBe(2);
    expect(await row(phoneOrdered)).toMatchObject({
      status: 'ended',
      outcome: 'ordered',
      endedAt: lastHeard,
      endedReason: CALL_ENDED_REASONS.phoneCallSilent,
    });
    expect(await row(phoneSilent)).toMatchObject({
      status: 'ended',
      outcome: 'no_order',
      endedReason: CALL_ENDED_REASONS.phoneCallSilent,
    });
    const byId = new Map((await listed(owner)).map((c) => [c.id, c]));
    expect(byId.get(phoneOrdered)).toMatchObject({
      status: 'ended',
      outcome: 'ordered',
      orderLabel: '#2 · 1 Horchata',
    });
    expect(byId.get(testOrdered)).toMatchObject({
      status: 'ended',
      outcome: 'ordered',
      durationSeconds: expect.any(Number) as number,
    });

    // A second sweep finds nothing, and a call already ended is left as it was.
    const events = (await callEvents(phoneOrdered)).length;
    expect(await endSilentCalls({ db: t.db, hub: t.hub }, after(60 * MINUTE))).toBe(0);
    expect(await callEvents(phoneOrdered)).toHaveLength(events);
  });

  it('measures a phone call’s silence from its last tool call', async () => {
    const owner = await newOwner();
    const { id, c } = await startPhoneCall(owner);
    const longAgo = new Date(Date.now() - 30 * MINUTE);
    await lastHeardAt([id], longAgo);
    await webhook(toolCalls(c, [{ name: 'get_menu' }]).body);
    const heard = (await row(id)).updatedAt;
    expect(heard.getTime()).toBeGreaterThan(longAgo.getTime());
    expect(
      await endSilentCalls({ db: t.db, hub: t.hub }, new Date(heard.getTime() + PHONE_CALL_SILENCE_MS - SECOND)),
    ).toBe(0);
    expect((await row(id)).status).toBe('in-progress');
  });

  it('a late end-of-call report still fills in the call the sweep closed, and its reason decides the outcome', async () => {
    const owner = await newOwner();
    const transferred = await startPhoneCall(owner);
    const ordered = await startPhoneCall(owner, { order: true });
    const lastHeard = new Date(Date.now() - 20 * MINUTE);
    await lastHeardAt([transferred.id, ordered.id], lastHeard);
    expect(await endSilentCalls({ db: t.db, hub: t.hub })).toBeGreaterThanOrEqual(2);
    expect((await row(transferred.id)).outcome).toBe('no_order');

    for (const { c } of [transferred, ordered]) {
      await webhook(
        endOfCallReport(c, { endedReason: 'assistant-forwarded-call', transcript: 'AI: Connecting you now.' }),
      );
    }
    expect(await row(transferred.id)).toMatchObject({
      status: 'ended',
      outcome: 'transferred',
      endedReason: 'assistant-forwarded-call',
      transcript: 'AI: Connecting you now.',
    });
    // An order is never forgotten.
    expect(await row(ordered.id)).toMatchObject({ outcome: 'ordered', endedReason: 'assistant-forwarded-call' });
  });

  it('the call log never shows a call in progress past its limit, even before the sweep has run', async () => {
    const owner = await newOwner();
    const testCall = await startTestCall(owner);
    await orderInTestCall(owner, testCall);
    const phone = (await startPhoneCall(owner)).id;
    const fresh = await startTestCall(owner);
    const threeMinutesAgo = new Date(Date.now() - 3 * MINUTE);
    await lastHeardAt([testCall, phone], threeMinutesAgo);

    // Through the API, on the real clock: the idle test call reads as ended (ordered), the rest as they are.
    const byId = new Map((await listed(owner)).map((c) => [c.id, c]));
    expect(byId.get(testCall)).toMatchObject({
      status: 'ended',
      outcome: 'ordered',
      endedAt: threeMinutesAgo.toISOString(),
      endedReason: CALL_ENDED_REASONS.testCallIdle,
    });
    expect(byId.get(phone)).toMatchObject({ status: 'in-progress', outcome: null, endedAt: null });
    expect(byId.get(fresh)).toMatchObject({ status: 'in-progress' });
    const detail = await t.request(`/api/calls/${testCall}`, { cookie: owner.cookie });
    expect(((await detail.json()) as { call: CallDetail }).call).toMatchObject({ status: 'ended', outcome: 'ordered' });
    expect((await row(testCall)).status).toBe('in-progress');

    // With the clock 15 minutes on, the phone call reads as ended with no order, on the list and on its own.
    const later = new Date(threeMinutesAgo.getTime() + PHONE_CALL_SILENCE_MS);
    const page = await listCalls(t.db, owner.userId, { limit: 50 }, later);
    expect(page.calls.find((c) => c.id === phone)).toMatchObject({
      status: 'ended',
      outcome: 'no_order',
      endedReason: CALL_ENDED_REASONS.phoneCallSilent,
      durationSeconds: expect.any(Number) as number,
    });
    expect(await getCall(t.db, owner.userId, phone, later)).toMatchObject({ status: 'ended', outcome: 'no_order' });
    // Another owner reads none of it.
    const other = await newOwner();
    expect((await listCalls(t.db, other.userId, { limit: 50 }, later)).calls).toEqual([]);
  });

  it('a message to a test call left idle is refused with the reason, and the call ends as of its last message', async () => {
    const owner = await newOwner();
    const callId = await startTestCall(owner);
    const lastHeard = new Date(Date.now() - TEST_CALL_IDLE_MS - SECOND);
    await lastHeardAt([callId], lastHeard);
    const response = await t.request(`/api/test-calls/${callId}/messages`, {
      method: 'POST',
      cookie: owner.cookie,
      json: { text: 'One horchata, please' },
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ error: TEST_CALL_IDLE_ENDED });
    expect(await row(callId)).toMatchObject({
      status: 'ended',
      outcome: 'no_order',
      endedAt: lastHeard,
      endedReason: CALL_ENDED_REASONS.testCallIdle,
    });
    expect((await row(callId)).transcript).not.toContain('One horchata');
  });

  it('a page that closes on a test call hangs it up, and an order placed in it reads Ordered', async () => {
    const owner = await newOwner();
    const ordered = await startTestCall(owner);
    await orderInTestCall(owner, ordered);
    const hungUp = await startTestCall(owner);
    const end = (id: string, query = '', cookie = owner.cookie) =>
      t.request(`/api/test-calls/${id}/end${query}`, { method: 'POST', cookie });

    expect((await end(ordered, '?left=1')).status).toBe(204);
    expect(await row(ordered)).toMatchObject({
      status: 'ended',
      outcome: 'ordered',
      endedReason: CALL_ENDED_REASONS.testCallLeft,
    });
    expect((await end(hungUp)).status).toBe(204);
    expect(await row(hungUp)).toMatchObject({
      status: 'ended',
      outcome: 'no_order',
      endedReason: 'customer-ended-call',
    });
    // Twice is harmless; a bad flag is a 400 with the reason; another owner's call is not found.
    expect((await end(ordered, '?left=1')).status).toBe(204);
    const bad = await end(hungUp, '?left=yes');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: expect.stringContaining('left must be 1') as string });
    const stranger = await newOwner();
    const open = await startTestCall(owner);
    expect((await end(open, '?left=1', stranger.cookie)).status).toBe(404);
    expect((await row(open)).status).toBe('in-progress');
  });

  it('hanging up a test call already left too long ends it as idle, at its last message', async () => {
    const owner = await newOwner();
    const callId = await startTestCall(owner);
    const lastHeard = new Date(Date.now() - 10 * MINUTE);
    await lastHeardAt([callId], lastHeard);
    const response = await t.request(`/api/test-calls/${callId}/end?left=1`, { method: 'POST', cookie: owner.cookie });
    expect(response.status).toBe(204);
    expect(await row(callId)).toMatchObject({
      status: 'ended',
      endedAt: lastHeard,
      endedReason: CALL_ENDED_REASONS.testCallIdle,
    });
    // Only this owner's call was touched by their hang-up.
    const [stillOpen] = await t.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(calls)
      .where(and(eq(calls.restaurantId, owner.userId), eq(calls.status, 'in-progress')));
    expect(stillOpen?.n).toBe(0);
  });
});
