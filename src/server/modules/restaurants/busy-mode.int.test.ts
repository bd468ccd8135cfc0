import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '@shared/contracts/me';
import type { RealtimeEvent } from '@shared/contracts/orders';
import type { BotPreferencesResponse } from '@shared/contracts/restaurant';
import type { StartTestCallResponse } from '@shared/contracts/test-calls';
import { createTestApp, toolDepsOf, type TestApp } from '../../../../tests/test-app';
import { eventData, SseClient } from '../../../../tests/sse-client';
import { botPreferences, calls, menuItems, orders, restaurantProfiles } from '../../db/schema';
import { loadCallContext } from '../voice/call-context';
import { executeToolCall, type ToolDeps } from '../voice/tool-executor';
import { endExpiredBusyModes, setBusyMode } from './restaurant.service';

const MINUTE = 60_000;
// Monday 23 November 2026, 12:00 UTC: open by the default hours (Monday to Saturday 09:00–17:00).
const NOON_MONDAY = new Date('2026-11-23T12:00:00Z');
const GREETING = 'Welcome to Casa Lupe!';
const BUSY_MESSAGE = 'We are slammed right now, please call back in twenty minutes.';

type Owner = { cookie: string; userId: string };

describe('busy mode with a timer', () => {
  let t: TestApp;
  let deps: ToolDeps;
  let counter = 0;
  const streams: SseClient[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    deps = toolDepsOf(t);
  });
  afterEach(async () => {
    await Promise.all(streams.splice(0).map((s) => s.close()));
  });
  afterAll(() => t.close());

  /** An owner with a named restaurant (UTC), their own greeting and busy message, and one dish. */
  async function newOwner(): Promise<Owner> {
    const owner = await t.signUp({ email: `busy${++counter}@example.com` });
    await t.db
      .update(restaurantProfiles)
      .set({ restaurantName: 'Casa Lupe', timezone: 'UTC', hasCompletedOnboarding: true })
      .where(eq(restaurantProfiles.id, owner.userId));
    const saved = await t.request('/api/restaurant/bot', {
      method: 'PUT',
      cookie: owner.cookie,
      json: { language: 'en', greetingMessage: GREETING, busyMessage: BUSY_MESSAGE },
    });
    expect(saved.status).toBe(200);
    await t.db.insert(menuItems).values({ restaurantId: owner.userId, name: 'Carnitas Burrito', priceCents: 1100 });
    return owner;
  }

  const setBusy = (owner: Owner, json: unknown) =>
    t.request('/api/restaurant/busy-mode', { method: 'PUT', cookie: owner.cookie, json });

  async function readBot(owner: Owner) {
    const response = await t.request('/api/restaurant/bot', { cookie: owner.cookie });
    expect(response.status).toBe(200);
    return (await response.json()) as BotPreferencesResponse;
  }

  async function storedRow(owner: Owner) {
    const [row] = await t.db.select().from(botPreferences).where(eq(botPreferences.restaurantId, owner.userId));
    return row!;
  }

  /** Opens the owner's event stream and reads past its opening 'ready' frame. */
  async function follow(owner: Owner) {
    const response = await t.request('/api/events', { cookie: owner.cookie });
    expect(response.status).toBe(200);
    const stream = new SseClient(response);
    streams.push(stream);
    expect((await stream.next()).event).toBe('ready');
    return stream;
  }

  const nextEvent = async (stream: SseClient) => eventData<RealtimeEvent>(await stream.next());

  async function startTestCall(owner: Owner) {
    const response = await t.request('/api/test-calls', { method: 'POST', cookie: owner.cookie, json: {} });
    expect(response.status).toBe(201);
    return (await response.json()) as StartTestCallResponse;
  }

  describe('PUT /api/restaurant/busy-mode', () => {
    it('on for 15, 30 or 60 minutes ends that many minutes later by the server’s clock', async () => {
      const owner = await newOwner();
      for (const minutes of [15, 30, 60]) {
        const before = Date.now();
        const response = await setBusy(owner, { isBusyMode: true, durationMinutes: minutes });
        const after = Date.now();
        expect(response.status).toBe(200);
        const body = (await response.json()) as { isBusyMode: boolean; busyUntil: string };
        expect(body.isBusyMode).toBe(true);
        const ends = Date.parse(body.busyUntil);
        expect(ends).toBeGreaterThanOrEqual(before + minutes * MINUTE);
        expect(ends).toBeLessThanOrEqual(after + minutes * MINUTE);

        expect(await readBot(owner)).toMatchObject({ isBusyMode: true, busyUntil: body.busyUntil });
        expect(await storedRow(owner)).toMatchObject({ isBusyMode: true, busyUntil: new Date(body.busyUntil) });
      }
    });

    it('refuses any other duration, and a duration with "off", saying why and changing nothing', async () => {
      const owner = await newOwner();
      for (const durationMinutes of [0, 5, 14, 45, 90, 120, -15, 15.5, '15', 'forever', true, [15]]) {
        const response = await setBusy(owner, { isBusyMode: true, durationMinutes });
        expect(response.status, JSON.stringify(durationMinutes)).toBe(400);
        expect(await response.json()).toEqual({
          field: 'durationMinutes',
          error:
            'durationMinutes: Busy mode can last 15, 30 or 60 minutes; leave the duration out to stay busy until switched off',
        } satisfies ApiError);
      }
      const off = await setBusy(owner, { isBusyMode: false, durationMinutes: 30 });
      expect(off.status).toBe(400);
      expect(await off.json()).toEqual({
        field: 'durationMinutes',
        error: 'durationMinutes: Only switching busy mode on takes a duration',
      });
      expect(await readBot(owner)).toMatchObject({ isBusyMode: false, busyUntil: null });
    });

    it('without a duration it stays on until switched off, and {isBusyMode} alone answers as it always did', async () => {
      const owner = await newOwner();
      expect((await setBusy(owner, { isBusyMode: true, durationMinutes: 15 })).status).toBe(200);

      // Switched on again without a timer: the earlier end time no longer applies.
      const on = await setBusy(owner, { isBusyMode: true });
      expect(on.status).toBe(200);
      expect(await on.json()).toEqual({ isBusyMode: true });
      expect(await readBot(owner)).toMatchObject({ isBusyMode: true, busyUntil: null });
      expect(await storedRow(owner)).toMatchObject({ isBusyMode: true, busyUntil: null });
      const aYearOn = new Date(Date.now() + 365 * 24 * 60 * MINUTE);
      expect((await loadCallContext(t.db, owner.userId, aYearOn))!.isBusyMode).toBe(true);

      expect(await (await setBusy(owner, { isBusyMode: true, durationMinutes: null })).json()).toEqual({
        isBusyMode: true,
      });

      expect((await setBusy(owner, { isBusyMode: true, durationMinutes: 60 })).status).toBe(200);
      const off = await setBusy(owner, { isBusyMode: false });
      expect(await off.json()).toEqual({ isBusyMode: false });
      expect(await storedRow(owner)).toMatchObject({ isBusyMode: false, busyUntil: null });
    });

    it('tells open dashboards when it ends', async () => {
      const owner = await newOwner();
      const live = await follow(owner);
      const response = await setBusy(owner, { isBusyMode: true, durationMinutes: 30 });
      const { busyUntil } = (await response.json()) as { busyUntil: string };
      expect(await nextEvent(live)).toEqual({ type: 'restaurant.updated', isBusyMode: true, busyUntil });
      await setBusy(owner, { isBusyMode: true });
      expect(await nextEvent(live)).toEqual({ type: 'restaurant.updated', isBusyMode: true });
    });
  });

  describe('once its time is up', () => {
    it('the assistant’s context and its tools read it as off, with nothing having switched it off', async () => {
      const owner = await newOwner();
      await setBusyMode(deps, owner.userId, { isBusyMode: true, durationMinutes: 15 }, NOON_MONDAY);
      const at = (minutes: number) => new Date(NOON_MONDAY.getTime() + minutes * MINUTE);

      expect((await loadCallContext(t.db, owner.userId, at(14.99)))!.isBusyMode).toBe(true);
      expect((await loadCallContext(t.db, owner.userId, at(15)))!.isBusyMode).toBe(false);

      const [call] = await t.db
        .insert(calls)
        .values({ providerCallId: `vapi-${randomUUID()}`, restaurantId: owner.userId, callerNumber: '+14155550142' })
        .returning();
      const active = { id: call!.id, restaurantId: owner.userId, callerNumber: call!.callerNumber, kind: call!.kind };
      const placeOrder = (now: Date) =>
        executeToolCall(
          deps,
          active,
          {
            id: `tool-${randomUUID()}`,
            name: 'place_order',
            args: { customer_name: 'Dana', items: [{ name: 'Carnitas Burrito', quantity: 1 }] },
          },
          now,
        );

      const during = await placeOrder(at(10));
      expect(during).toMatchObject({ result: BUSY_MESSAGE, outcome: 'busy' });
      const afterwards = await placeOrder(at(16));
      expect(afterwards.outcome).toBe('ordered');
      expect(await t.db.select().from(orders).where(eq(orders.userId, owner.userId))).toHaveLength(1);
      // Still stored as on: only the clock ended it.
      expect(await storedRow(owner)).toMatchObject({ isBusyMode: true });
    });

    it('the test call greets as usual and Settings show it off', async () => {
      const owner = await newOwner();
      await setBusy(owner, { isBusyMode: true, durationMinutes: 15 });
      expect((await startTestCall(owner)).reply.startsWith(BUSY_MESSAGE)).toBe(true);

      // Fifteen minutes later, before the sweep has run.
      await t.db
        .update(botPreferences)
        .set({ busyUntil: new Date(Date.now() - 1000) })
        .where(eq(botPreferences.restaurantId, owner.userId));
      expect(await storedRow(owner)).toMatchObject({ isBusyMode: true });
      expect((await startTestCall(owner)).reply.startsWith(GREETING)).toBe(true);
      expect(await readBot(owner)).toMatchObject({ isBusyMode: false, busyUntil: null });
    });
  });

  describe('the sweep', () => {
    it('switches off busy modes whose time is up, once, and tells their open dashboards', async () => {
      const expired = await newOwner();
      const running = await newOwner();
      const untilOff = await newOwner();
      await setBusyMode(
        deps,
        expired.userId,
        { isBusyMode: true, durationMinutes: 15 },
        new Date(Date.now() - 16 * MINUTE),
      );
      await setBusy(running, { isBusyMode: true, durationMinutes: 30 });
      await setBusy(untilOff, { isBusyMode: true });
      const expiredLive = await follow(expired);
      const runningLive = await follow(running);

      expect(await endExpiredBusyModes({ db: t.db, hub: t.hub })).toBeGreaterThanOrEqual(1);
      expect(await nextEvent(expiredLive)).toEqual({ type: 'restaurant.updated', isBusyMode: false });
      expect(await storedRow(expired)).toMatchObject({ isBusyMode: false, busyUntil: null });
      expect(await storedRow(running)).toMatchObject({ isBusyMode: true });
      expect(await storedRow(untilOff)).toMatchObject({ isBusyMode: true, busyUntil: null });

      // A second pass finds nothing: the next frame on each stream is a later change.
      expect(await endExpiredBusyModes({ db: t.db, hub: t.hub })).toBe(0);
      for (const [owner, live] of [
        [expired, expiredLive],
        [running, runningLive],
      ] as const) {
        await setBusy(owner, { isBusyMode: false });
        expect(await nextEvent(live)).toEqual({ type: 'restaurant.updated', isBusyMode: false });
        expect(await storedRow(owner)).toMatchObject({ isBusyMode: false });
      }
    });

    it('leaves alone a busy mode the owner extended before it ran', async () => {
      const owner = await newOwner();
      await setBusyMode(
        deps,
        owner.userId,
        { isBusyMode: true, durationMinutes: 15 },
        new Date(Date.now() - 16 * MINUTE),
      );
      const extended = await setBusy(owner, { isBusyMode: true, durationMinutes: 15 });
      const { busyUntil } = (await extended.json()) as { busyUntil: string };
      await endExpiredBusyModes({ db: t.db, hub: t.hub });
      expect(await readBot(owner)).toMatchObject({ isBusyMode: true, busyUntil });
    });
  });
});
