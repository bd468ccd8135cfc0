import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../../tests/test-app';
import { restaurantProfiles } from '../../db/schema';
import { createLogger } from '../../logger';
import { createLocalVoiceProvider } from '../../providers/voice/local-voice-provider';
import type { CreateAgentInput, VoiceProvider } from '../../providers/voice/voice-provider';
import { PROVISION_PHONE_QUEUE, provisionPhoneSystem } from '../phone-system/phone-system.service';
import type { DayHours } from '@shared/domain/hours';
import type { PhoneSystemResponse, RestaurantResponse } from '@shared/contracts/restaurant';
import type { ApiError } from '@shared/contracts/me';
import { provePhoneNumber } from '../../../../tests/phone-codes';

const RESTAURANT_INFO = {
  restaurantName: 'Golden Lotus',
  phoneNumber: '555-987-6543',
  address: '8 Mott Street, New York',
  timezone: 'America/New_York',
};
const OWN_NUMBER = { phoneNumber: '(555) 123-4567', confirmedAccess: true };
let ownNumberCounter = 0;
const NEW_NUMBER = { requestNewNumber: true };
const RETRY_LIMIT = 3;

/**
 * The local provider, instrumented: it records every CreateAgentInput, can fail for chosen owners, and can hold an
 * owner's call until released (to see what is true while provisioning is still under way).
 */
function createScriptedVoiceProvider() {
  const local = createLocalVoiceProvider(TEST_ORIGIN);
  const calls: CreateAgentInput[] = [];
  const failures = new Map<string, string>();
  const holds = new Map<string, Promise<void>>();
  const provider: VoiceProvider = {
    name: 'local',
    serverUrl: local.serverUrl,
    async createAgent(input) {
      calls.push(input);
      await holds.get(input.userId);
      const failure = failures.get(input.userId);
      if (failure) throw new Error(failure);
      return local.createAgent(input);
    },
    agentDashboardUrl: (agentId) => local.agentDashboardUrl(agentId),
  };
  return {
    provider,
    callsFor: (userId: string) => calls.filter((c) => c.userId === userId),
    failFor: (userId: string, message: string) => failures.set(userId, message),
    stopFailingFor: (userId: string) => failures.delete(userId),
    /** Holds this owner's createAgent until the returned release is called. */
    holdFor(userId: string) {
      let release!: () => void;
      holds.set(userId, new Promise<void>((resolve) => (release = resolve)));
      return () => {
        holds.delete(userId);
        release();
      };
    },
  };
}

describe('completing onboarding and setting up the phone system', () => {
  let t: TestApp;
  let voice: ReturnType<typeof createScriptedVoiceProvider>;
  let emailCounter = 0;

  beforeAll(async () => {
    voice = createScriptedVoiceProvider();
    t = await createTestApp({ withWorkers: true, voice: voice.provider });
  });
  afterAll(() => t.close());

  const newOwner = () => t.signUp({ email: `onboard${++emailCounter}@example.com` });

  /** An owner who has filled in the restaurant step, as the wizard requires before the last one. */
  async function ownerWithRestaurant(info: Partial<typeof RESTAURANT_INFO> = {}) {
    const owner = await newOwner();
    const response = await t.request('/api/restaurant', {
      method: 'PUT',
      cookie: owner.cookie,
      json: { ...RESTAURANT_INFO, ...info },
    });
    expect(response.status).toBe(200);
    return owner;
  }

  const complete = (cookie: string, json: unknown) =>
    t.request('/api/onboarding/complete', { method: 'POST', cookie, json });

  /** The payment step with a number of the owner's own, proven with the code texted to it. */
  async function ownNumber(cookie: string, phoneNumber: string) {
    return { phoneNumber, confirmedAccess: true, ...(await provePhoneNumber(t, cookie, phoneNumber)) };
  }

  /** A number no other owner in this file has used (each number can belong to one restaurant only), proven. */
  async function nextOwnNumber(cookie: string) {
    const line = String(4600 + ++ownNumberCounter);
    return { json: await ownNumber(cookie, `(555) 123-${line}`), e164: `+1555123${line}` };
  }
  const requestProvisioning = (cookie: string) => t.request('/api/phone-system/provision', { method: 'POST', cookie });

  async function readRestaurantRow(userId: string) {
    const [row] = await t.db.select().from(restaurantProfiles).where(eq(restaurantProfiles.id, userId));
    return row!;
  }

  async function getPhoneSystem(cookie: string) {
    const response = await t.request('/api/phone-system', { cookie });
    expect(response.status).toBe(200);
    return (await response.json()) as PhoneSystemResponse;
  }

  function waitForPhoneSystem(
    cookie: string,
    done: (system: PhoneSystemResponse) => boolean,
    { timeoutMs = 10_000, eachPoll }: { timeoutMs?: number; eachPoll?: () => Promise<unknown> } = {},
  ) {
    return vi.waitFor(
      async () => {
        await eachPoll?.();
        const system = await getPhoneSystem(cookie);
        if (!done(system)) throw new Error(`phone system did not settle: ${JSON.stringify(system)}`);
        return system;
      },
      { timeout: timeoutMs, interval: 200 },
    );
  }

  async function waitUntil(condition: () => boolean, what: string, timeoutMs = 10_000) {
    await vi.waitFor(
      () => {
        if (!condition()) throw new Error(`timed out waiting for ${what}`);
      },
      { timeout: timeoutMs, interval: 50 },
    );
  }

  async function saveHours(cookie: string, hours: DayHours[]) {
    const response = await t.request('/api/restaurant/hours', { method: 'PUT', cookie, json: { hours } });
    expect(response.status).toBe(200);
  }

  async function expectNotCompleted(userId: string) {
    expect(await readRestaurantRow(userId)).toMatchObject({
      hasCompletedOnboarding: false,
      phoneProvisioningStatus: 'not_started',
      vapiAgentId: null,
      vapiPhoneNumber: null,
      phoneNumberPending: false,
    });
  }

  async function expectBadRequest(response: Response, field: string, message: string) {
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: `${field}: ${message}`, field } satisfies ApiError);
  }

  describe('the payment step’s checks', () => {
    let owner: { cookie: string; userId: string };
    beforeAll(async () => {
      owner = await ownerWithRestaurant();
    });

    it('refuses a request with no session', async () => {
      expect((await t.request('/api/onboarding/complete', { method: 'POST', json: OWN_NUMBER })).status).toBe(401);
      expect((await t.request('/api/phone-system')).status).toBe(401);
      expect((await t.request('/api/phone-system/provision', { method: 'POST' })).status).toBe(401);
    });

    it.each([
      '555-1234',
      '(555 123-4567',
      '555_123_4567',
      '555--123-4567',
      '+1 555 123 4567',
      '1-555-123-4567',
      '555-123-45678',
      'call the shop',
      '',
    ])('the phone number %j is refused with the spec message and nothing is written', async (phoneNumber) => {
      await expectBadRequest(
        await complete(owner.cookie, { phoneNumber, confirmedAccess: true }),
        'phoneNumber',
        'Please enter a valid phone number',
      );
      await expectNotCompleted(owner.userId);
    });

    it('a missing phone number is refused the same way', async () => {
      await expectBadRequest(
        await complete(owner.cookie, { confirmedAccess: true }),
        'phoneNumber',
        'Please enter a valid phone number',
      );
      await expectNotCompleted(owner.userId);
    });

    it('a valid number without confirmed access is refused', async () => {
      await expectBadRequest(
        await complete(owner.cookie, { phoneNumber: '(555) 123-4567', confirmedAccess: false }),
        'confirmedAccess',
        'Please confirm you have access to this phone number',
      );
      await expectBadRequest(
        await complete(owner.cookie, { phoneNumber: '555.123.4567' }),
        'confirmedAccess',
        'Please confirm you have access to this phone number',
      );
      await expectNotCompleted(owner.userId);
      expect(voice.callsFor(owner.userId)).toEqual([]);
    });

    it('completing before the restaurant information is saved is a 400 and writes nothing', async () => {
      const fresh = await newOwner();
      const response = await complete(fresh.cookie, NEW_NUMBER);
      expect(response.status).toBe(400);
      expect(((await response.json()) as ApiError).error).toMatch(/restaurant information/i);
      await expectNotCompleted(fresh.userId);
      expect((await getPhoneSystem(fresh.cookie)).status).toBe('not_started');
    });

    it('the phone system cannot be requested before onboarding is complete', async () => {
      const response = await requestProvisioning(owner.cookie);
      expect(response.status).toBe(409);
      await expectNotCompleted(owner.userId);
      expect(await getPhoneSystem(owner.cookie)).toMatchObject({
        status: 'not_started',
        agentId: null,
        phoneNumber: null,
      });
    });
  });

  it.each([
    ['555.123.4501', '+15551234501'],
    ['555 123 4502', '+15551234502'],
    ['5551234503', '+15551234503'],
    ['(555)123-4504', '+15551234504'],
  ])('accepts the US number format %j and stores it as E.164', async (phoneNumber, e164) => {
    const owner = await ownerWithRestaurant();
    const response = await complete(owner.cookie, await ownNumber(owner.cookie, phoneNumber));
    expect(response.status).toBe(200);
    const row = await readRestaurantRow(owner.userId);
    expect(row).toMatchObject({
      hasCompletedOnboarding: true,
      vapiPhoneNumber: e164,
      phoneNumberPending: false,
      vapiPhoneNumberVerifiedAt: expect.any(Date) as Date,
    });
  });

  it('completes at once, without waiting for the phone system, and then it becomes active', async () => {
    const owner = await ownerWithRestaurant();
    const release = voice.holdFor(owner.userId);
    try {
      // Both payment-step checks are skipped when a new number is requested.
      let answered = false;
      const completing = complete(owner.cookie, {
        ...NEW_NUMBER,
        phoneNumber: 'not a phone',
        confirmedAccess: false,
      }).finally(() => (answered = true));
      // The provider is held until release() below: a request that waited for the phone system would never answer.
      await vi.waitFor(
        () => {
          if (!answered) throw new Error('completing onboarding waited for the phone system');
        },
        { timeout: 5_000, interval: 20 },
      );
      const response = await completing;
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ok: true });

      // The job has reached the provider, which has not answered yet: onboarding is already complete.
      await waitUntil(() => voice.callsFor(owner.userId).length > 0, 'the provisioning job to start');
      const restaurant = (await (
        await t.request('/api/restaurant', { cookie: owner.cookie })
      ).json()) as RestaurantResponse;
      expect(restaurant).toMatchObject({ hasCompletedOnboarding: true, onboardingStep: 6 });
      expect(await getPhoneSystem(owner.cookie)).toMatchObject({
        status: 'pending',
        agentId: null,
        phoneNumber: null,
        phoneNumberPending: true,
      });
    } finally {
      release();
    }

    const system = await waitForPhoneSystem(owner.cookie, (s) => s.status !== 'pending');
    expect(system).toMatchObject({ status: 'active', phoneNumberPending: false, error: null, provider: 'local' });
    expect(system.agentId).toMatch(/^local_/);
    expect(system.phoneNumber).toMatch(/^\+1\d{10}$/);
    expect(system.agentDashboardUrl).toContain(encodeURIComponent(system.agentId!));
    // A new number was requested, so the provider was not handed one.
    expect(voice.callsFor(owner.userId)).toEqual([expect.objectContaining({ phoneNumber: undefined })]);
    expect(await readRestaurantRow(owner.userId)).toMatchObject({
      vapiAgentId: system.agentId,
      vapiPhoneNumber: system.phoneNumber,
      phoneProvisioningStatus: 'active',
    });
  });

  it('sets up the agent with Monday’s hours, the assistant’s language and the owner’s confirmed number', async () => {
    const owner = await ownerWithRestaurant({ restaurantName: 'Chez Marcel' });
    await saveHours(owner.cookie, [
      { dayOfWeek: 0, openTime: '12:00', closeTime: '15:00', isClosed: false },
      { dayOfWeek: 1, openTime: '10:00', closeTime: '22:00', isClosed: false },
      ...[2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, openTime: '08:00', closeTime: '12:00', isClosed: false })),
    ]);
    const bot = await t.request('/api/restaurant/bot', {
      method: 'PUT',
      cookie: owner.cookie,
      json: { language: 'fr', greetingMessage: 'Bonjour !', busyMessage: 'Nous sommes occupés.' },
    });
    expect(bot.status).toBe(200);

    const own = await nextOwnNumber(owner.cookie);
    expect((await complete(owner.cookie, own.json)).status).toBe(200);
    const system = await waitForPhoneSystem(owner.cookie, (s) => s.status !== 'pending');

    expect(system).toMatchObject({
      status: 'active',
      phoneNumber: own.e164,
      phoneNumberPending: false,
      error: null,
    });
    expect(system.agentId).toMatch(/^local_/);
    expect(voice.callsFor(owner.userId)).toEqual([
      expect.objectContaining({
        userId: owner.userId,
        restaurantName: 'Chez Marcel',
        language: 'fr',
        openHours: '10:00:00',
        closeHours: '22:00:00',
        phoneNumber: own.e164,
        contactNumber: RESTAURANT_INFO.phoneNumber,
        attempt: 0,
      }),
    ]);
    // The assistant is built from the restaurant's settings as they are now.
    expect(voice.callsFor(owner.userId)[0]!.assistant).toMatchObject({
      firstMessage: expect.stringContaining('Bonjour !') as string,
      transcriber: { language: 'fr' },
      server: { url: `${TEST_ORIGIN}/api/webhooks/vapi` },
    });
  });

  it('uses 09:00–17:00 when Monday is closed', async () => {
    const owner = await ownerWithRestaurant();
    await saveHours(owner.cookie, [
      { dayOfWeek: 0, openTime: '07:00', closeTime: '23:00', isClosed: false },
      { dayOfWeek: 1, openTime: '11:00', closeTime: '12:00', isClosed: true },
      ...[2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, openTime: '07:00', closeTime: '23:00', isClosed: false })),
    ]);

    expect((await complete(owner.cookie, NEW_NUMBER)).status).toBe(200);
    const system = await waitForPhoneSystem(owner.cookie, (s) => s.status !== 'pending');

    expect(system.status).toBe('active');
    expect(system.phoneNumber).toMatch(/^\+1\d{10}$/);
    expect(system.phoneNumber).not.toBe('+15559876543');
    expect(voice.callsFor(owner.userId)).toEqual([
      expect.objectContaining({
        userId: owner.userId,
        restaurantName: RESTAURANT_INFO.restaurantName,
        language: 'en',
        openHours: '09:00:00',
        closeHours: '17:00:00',
        phoneNumber: undefined,
      }),
    ]);
  });

  it('gives the agent Monday’s first period when Monday has two', async () => {
    const owner = await ownerWithRestaurant();
    await saveHours(owner.cookie, [
      { dayOfWeek: 0, openTime: '09:00', closeTime: '17:00', isClosed: true },
      { dayOfWeek: 1, openTime: '11:00', closeTime: '14:00', openTime2: '17:00', closeTime2: '01:00', isClosed: false },
      ...[2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, openTime: '09:00', closeTime: '17:00', isClosed: false })),
    ]);

    expect((await complete(owner.cookie, NEW_NUMBER)).status).toBe(200);
    await waitForPhoneSystem(owner.cookie, (s) => s.status !== 'pending');

    expect(voice.callsFor(owner.userId)).toEqual([
      expect.objectContaining({ openHours: '11:00:00', closeHours: '14:00:00' }),
    ]);
  });

  it('completing twice is a 409 and changes nothing', async () => {
    const owner = await ownerWithRestaurant();
    expect((await complete(owner.cookie, (await nextOwnNumber(owner.cookie)).json)).status).toBe(200);
    const active = await waitForPhoneSystem(owner.cookie, (s) => s.status !== 'pending');
    expect(active.status).toBe('active');

    const again = await complete(owner.cookie, NEW_NUMBER);
    expect(again.status).toBe(409);
    expect(((await again.json()) as ApiError).error).toBe('Onboarding is already complete');
    expect(await getPhoneSystem(owner.cookie)).toEqual(active);

    // A finished wizard no longer moves, and an active phone system is not set up again.
    const step = await t.request('/api/onboarding/step', { method: 'POST', cookie: owner.cookie, json: { step: 2 } });
    expect(step.status).toBe(200);
    expect((await readRestaurantRow(owner.userId)).onboardingStep).toBe(6);
    expect((await requestProvisioning(owner.cookie)).status).toBe(409);
    expect(voice.callsFor(owner.userId)).toHaveLength(1);
  });

  it('a provider that keeps failing is retried, then marked failed with its message; the owner can retry', async () => {
    const owner = await ownerWithRestaurant();
    voice.failFor(owner.userId, 'Voice platform is down');

    const own = await nextOwnNumber(owner.cookie);
    expect((await complete(owner.cookie, own.json)).status).toBe(200);
    await waitUntil(() => voice.callsFor(owner.userId).length > 0, 'the first attempt');
    // A failure that will be retried leaves the status pending.
    expect(await getPhoneSystem(owner.cookie)).toMatchObject({ status: 'pending', error: null });

    // pg-boss backs off 5–10 s, 10–20 s, 20–40 s between attempts; bring each retry forward instead of waiting.
    const skipBackoff = () =>
      t.db.execute(
        sql`update pgboss.job set start_after = now()
            where name = ${PROVISION_PHONE_QUEUE} and singleton_key = ${owner.userId} and state = 'retry'`,
      );
    const failed = await waitForPhoneSystem(owner.cookie, (s) => s.status !== 'pending', {
      timeoutMs: 20_000,
      eachPoll: skipBackoff,
    });
    expect(failed).toMatchObject({
      status: 'failed',
      error: 'Voice platform is down',
      agentId: null,
      agentDashboardUrl: null,
    });
    expect(voice.callsFor(owner.userId)).toHaveLength(1 + RETRY_LIMIT);
    expect(await readRestaurantRow(owner.userId)).toMatchObject({
      hasCompletedOnboarding: true,
      phoneProvisioningError: 'Voice platform is down',
    });

    // The provider recovers; hold the next attempt so the pending state can be looked at.
    voice.stopFailingFor(owner.userId);
    const release = voice.holdFor(owner.userId);
    try {
      const retry = await requestProvisioning(owner.cookie);
      expect(retry.status).toBe(202);
      expect(await retry.json()).toMatchObject({ status: 'pending', error: null });

      const second = await requestProvisioning(owner.cookie);
      expect(second.status).toBe(409);
      expect(((await second.json()) as ApiError).error).toBe('The phone system is already set up or being set up.');
      expect((await getPhoneSystem(owner.cookie)).status).toBe('pending');
    } finally {
      release();
    }

    const active = await waitForPhoneSystem(owner.cookie, (s) => s.status !== 'pending');
    expect(active).toMatchObject({ status: 'active', error: null, phoneNumber: own.e164 });
    expect(active.agentId).toMatch(/^local_/);
  });

  it('an attempt that is not the last rethrows so the queue retries; the last one records the failure', async () => {
    const owner = await ownerWithRestaurant();
    voice.failFor(owner.userId, 'Number porting refused');
    expect((await complete(owner.cookie, (await nextOwnNumber(owner.cookie)).json)).status).toBe(200);
    // Let the worker's own first attempt fail first, so it cannot interleave with the calls below.
    await waitUntil(() => voice.callsFor(owner.userId).length > 0, 'the worker’s first attempt');
    const deps = { db: t.db, voice: voice.provider, logger: createLogger('silent') };

    await expect(provisionPhoneSystem(deps, { userId: owner.userId }, { isLastAttempt: false })).rejects.toThrow(
      'Number porting refused',
    );
    expect(await readRestaurantRow(owner.userId)).toMatchObject({
      phoneProvisioningStatus: 'pending',
      phoneProvisioningError: null,
    });

    await provisionPhoneSystem(deps, { userId: owner.userId }, { isLastAttempt: true });
    expect(await getPhoneSystem(owner.cookie)).toMatchObject({
      status: 'failed',
      error: 'Number porting refused',
      agentId: null,
    });

    // Only a pending setup is worked on: a stale job for a failed one does nothing.
    const callsBefore = voice.callsFor(owner.userId).length;
    await provisionPhoneSystem(deps, { userId: owner.userId }, { isLastAttempt: true });
    expect(voice.callsFor(owner.userId)).toHaveLength(callsBefore);
  });
});
