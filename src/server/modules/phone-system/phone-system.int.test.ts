import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, isNotNull, sql } from 'drizzle-orm';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../../tests/test-app';
import { createFakeVapiApi, type FakeVapiApi } from '../../../../tests/fake-vapi-api';
import { createFakeTwilioApi } from '../../../../tests/fake-twilio-api';
import { restaurantProfiles, user } from '../../db/schema';
import { createLogger } from '../../logger';
import { createLocalVoiceProvider, testNumberFor } from '../../providers/voice/local-voice-provider';
import { createVapiVoiceProvider, numberTag } from '../../providers/voice/vapi-voice-provider';
import { createStripeBillingProvider } from '../../providers/billing/stripe-billing-provider';
import { createTwilioSmsProvider } from '../../providers/sms/twilio-sms-provider';
import type { VoiceProvider } from '../../providers/voice/voice-provider';
import { createOwnerRecords } from '../restaurants/create-owner-records';
import {
  MAX_NUMBER_CANDIDATES,
  NUMBER_CLAIMED_MESSAGE,
  NUMBER_TAKEN_MESSAGE,
  PROVISION_PHONE_QUEUE,
  provisionPhoneSystem,
} from './phone-system.service';
import type { PhoneSystemResponse } from '@shared/contracts/restaurant';
import type { MeResponse } from '@shared/contracts/me';
import { provePhoneNumber, requestPhoneCode, phoneCodeFromOutbox } from '../../../../tests/phone-codes';

const API_KEY = 'vapi-private-key-for-tests';
const SECRET = 'vapi-webhook-secret-for-tests';
const TWILIO = { accountSid: `AC${'a'.repeat(32)}`, authToken: 'twilio-auth-token-for-tests' };
const RESTAURANT_INFO = {
  restaurantName: 'Golden Lotus',
  phoneNumber: '212-555-0199',
  address: '8 Mott Street, New York',
  timezone: 'America/New_York',
};
const WEBHOOK = { url: `${TEST_ORIGIN}/api/webhooks/vapi`, headers: { 'X-Vapi-Secret': SECRET } };

let emailCounter = 0;

/** Signs an owner up and fills in the restaurant step. */
async function ownerWithRestaurant(t: TestApp) {
  const owner = await t.signUp({ email: `phone${++emailCounter}@example.com` });
  const info = await t.request('/api/restaurant', { method: 'PUT', cookie: owner.cookie, json: RESTAURANT_INFO });
  expect(info.status).toBe(200);
  return owner;
}

/**
 * Signs an owner up, fills in the restaurant step and completes onboarding with a new number, or with `ownNumber`
 * proven by the code texted to it.
 */
async function onboard(t: TestApp, ownNumber?: string, owner?: { cookie: string; userId: string }) {
  owner ??= await ownerWithRestaurant(t);
  const payment = ownNumber
    ? { phoneNumber: ownNumber, confirmedAccess: true, ...(await provePhoneNumber(t, owner.cookie, ownNumber)) }
    : { requestNewNumber: true };
  const completed = await t.request('/api/onboarding/complete', {
    method: 'POST',
    cookie: owner.cookie,
    json: payment,
  });
  expect(completed.status).toBe(200);
  return owner;
}

async function phoneSystem(t: TestApp, cookie: string) {
  const response = await t.request('/api/phone-system', { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as PhoneSystemResponse;
}

async function row(t: TestApp, userId: string) {
  const [found] = await t.db.select().from(restaurantProfiles).where(eq(restaurantProfiles.id, userId));
  return found!;
}

/** Polls until the set-up has settled, bringing pg-boss's retry back-off (5 s, 10 s, 20 s) forward meanwhile. */
function settled(t: TestApp, owner: { cookie: string; userId: string }) {
  return vi.waitFor(
    async () => {
      await t.db.execute(
        sql`update pgboss.job set start_after = now()
            where name = ${PROVISION_PHONE_QUEUE} and singleton_key = ${owner.userId} and state = 'retry'`,
      );
      const system = await phoneSystem(t, owner.cookie);
      if (system.status === 'pending') throw new Error('still pending');
      return system;
    },
    { timeout: 20_000, interval: 200 },
  );
}

describe('phone set-up on Vapi', () => {
  let t: TestApp;
  let api: FakeVapiApi;
  const ownTwilioNumbers = ['+12125550123', '+12125550124'];

  beforeAll(async () => {
    api = createFakeVapiApi({ apiKey: API_KEY, twilio: { ...TWILIO, numbers: ownTwilioNumbers } });
    const voice = createVapiVoiceProvider({
      apiKey: API_KEY,
      webhookSecret: SECRET,
      appUrl: TEST_ORIGIN,
      twilio: TWILIO,
      fetch: api.fetch,
    });
    t = await createTestApp({ withWorkers: true, voice });
  });
  afterAll(() => t.close());

  /** What the fake holds for this owner: assistants by metadata, numbers by their stored id or name tag. */
  const onVapi = (userId: string, numberId?: string | null) => ({
    assistants: api.assistants().filter((a) => (a.metadata as { restaurantId?: string }).restaurantId === userId),
    numbers: api.phoneNumbers().filter((n) => n.id === numberId),
  });

  it('completing onboarding creates one assistant and one number and stores them', async () => {
    const owner = await onboard(t);
    const system = await settled(t, owner);

    const stored = await row(t, owner.userId);
    const { assistants, numbers } = onVapi(owner.userId, stored.vapiPhoneNumberId);
    expect(assistants).toHaveLength(1);
    expect(numbers).toHaveLength(1);
    const [assistant] = assistants;
    const [number] = numbers;
    expect(stored).toMatchObject({
      vapiAgentId: assistant!.id,
      vapiPhoneNumber: number!.number,
      vapiPhoneNumberId: number!.id,
      phoneNumberPending: false,
      phoneProvisioningStatus: 'active',
      phoneProvisioningError: null,
    });
    expect(system).toEqual({
      status: 'active',
      agentId: assistant!.id,
      phoneNumber: number!.number,
      phoneNumberPending: false,
      error: null,
      provider: 'vapi',
      agentDashboardUrl: `https://dashboard.vapi.ai/assistants/${assistant!.id}`,
      // A number the provider assigned is ours to give: nobody else can prove it.
      phoneNumberVerified: true,
    });
    // A new free number in the restaurant's area code, still activating, with our webhook and no assistant.
    expect(number).toMatchObject({
      provider: 'vapi',
      numberDesiredAreaCode: '212',
      status: 'activating',
      server: WEBHOOK,
    });
    expect(number).not.toHaveProperty('assistantId');
    // The assistant is the restaurant's, as buildAssistant makes it from its settings.
    expect(assistant).toMatchObject({
      name: 'PickupLine Golden Lotus',
      firstMessage: expect.stringContaining('Golden Lotus') as string,
      server: { url: WEBHOOK.url, headers: WEBHOOK.headers },
    });
    expect(api.requests.every((r) => r.authorization === `Bearer ${API_KEY}`)).toBe(true);
  });

  it('imports the owner’s proven number from our Twilio account', async () => {
    const owner = await onboard(t, '(212) 555-0123');
    const system = await settled(t, owner);
    expect(system).toMatchObject({ status: 'active', phoneNumber: '+12125550123' });
    const stored = await row(t, owner.userId);
    expect(onVapi(owner.userId, stored.vapiPhoneNumberId).numbers).toEqual([
      expect.objectContaining({ provider: 'twilio', number: '+12125550123', smsEnabled: false, server: WEBHOOK }),
    ]);
  });

  it.each([
    ['a 500 on the number', () => api.failNext(500, { method: 'POST', path: '/phone-number' })],
    ['a 429 on the assistant', () => api.failNext(429, { method: 'POST', path: '/assistant' })],
    ['a lost answer to the number', () => api.loseNextAnswer({ method: 'POST', path: '/phone-number' })],
  ])('%s is retried and ends active with no duplicate on Vapi', async (_, fail) => {
    const assistantsBefore = api.assistants().length;
    const numbersBefore = api.phoneNumbers().length;
    fail();
    const owner = await onboard(t);
    const system = await settled(t, owner);

    expect(system).toMatchObject({ status: 'active', error: null, provider: 'vapi' });
    expect(api.assistants()).toHaveLength(assistantsBefore + 1);
    expect(api.phoneNumbers()).toHaveLength(numbersBefore + 1);
    const stored = await row(t, owner.userId);
    expect(onVapi(owner.userId, stored.vapiPhoneNumberId)).toMatchObject({
      assistants: [{ id: stored.vapiAgentId }],
      numbers: [{ number: stored.vapiPhoneNumber }],
    });
  });

  it('a refusal retrying cannot fix fails at once with Vapi’s message; Retry then reuses the assistant', async () => {
    const assistantsBefore = api.assistants().length;
    // Refused in the restaurant's area code and in the default one it falls back to.
    for (let i = 0; i < 2; i++) {
      api.failNext(400, { method: 'POST', path: '/phone-number', message: 'Free number limit of 5 reached.' });
    }
    const owner = await onboard(t);
    const postsBefore = api.requestsTo('POST', '/phone-number').length;
    const failed = await settled(t, owner);

    expect(failed).toMatchObject({
      status: 'failed',
      error: 'Vapi could not create a phone number in area code 415: Free number limit of 5 reached.',
      agentId: null,
      agentDashboardUrl: null,
    });
    // Not retried by the queue: two refused requests (212, then 415), and the job is finished.
    expect(api.requestsTo('POST', '/phone-number').length).toBeLessThanOrEqual(postsBefore + 2);
    // Both drivers answer raw SQL with { rows }; drizzle types it loosely across them.
    // The queue marks the job finished just after the handler has written the outcome: wait for it.
    await vi.waitFor(async () => {
      const jobs: unknown = await t.db.execute(
        sql`select state from pgboss.job where name = ${PROVISION_PHONE_QUEUE} and singleton_key = ${owner.userId}`,
      );
      expect((jobs as { rows: { state: string }[] }).rows.map((j) => j.state)).toEqual(['completed']);
    });
    // The assistant was kept (saved before the number was asked for) so that a retry does not make another.
    const savedAgent = (await row(t, owner.userId)).vapiAgentId;
    expect(api.assistants()).toHaveLength(assistantsBefore + 1);

    const retry = await t.request('/api/phone-system/provision', { method: 'POST', cookie: owner.cookie });
    expect(retry.status).toBe(202);
    const active = await settled(t, owner);
    expect(active).toMatchObject({ status: 'active', agentId: savedAgent, error: null });
    expect(api.assistants()).toHaveLength(assistantsBefore + 1);
    expect(api.requestsTo('PATCH', `/assistant/${savedAgent}`)).toHaveLength(1);
  });

  it('a number proven by one restaurant is taken over on Vapi from the one that held it unproven', async () => {
    const loser = await onboard(t, '(212) 555-0124');
    await settled(t, loser);
    const held = await row(t, loser.userId);
    // As a number stored on the access checkbox alone, before a code was asked for.
    await t.db
      .update(restaurantProfiles)
      .set({ vapiPhoneNumberVerifiedAt: null })
      .where(eq(restaurantProfiles.id, loser.userId));
    expect(await phoneSystem(t, loser.cookie)).toMatchObject({ status: 'active', phoneNumberVerified: false });

    const winner = await onboard(t, '212-555-0124');
    const system = await settled(t, winner);
    expect(system).toMatchObject({ status: 'active', phoneNumber: '+12125550124', phoneNumberVerified: true });
    // One number on Vapi, the same one, now named for the winner; no second import was tried.
    const onVapiNow = api.phoneNumbers().filter((n) => n.number === '+12125550124');
    expect(onVapiNow).toEqual([
      expect.objectContaining({
        id: held.vapiPhoneNumberId,
        name: expect.stringContaining(numberTag(winner.userId)) as string,
      }),
    ]);
    expect(await row(t, winner.userId)).toMatchObject({ vapiPhoneNumberId: held.vapiPhoneNumberId });

    // The loser is told why, and a retry gives it a new number with a new assistant.
    expect(await phoneSystem(t, loser.cookie)).toMatchObject({
      status: 'failed',
      phoneNumber: null,
      phoneNumberPending: true,
      error: NUMBER_CLAIMED_MESSAGE('+12125550124'),
      phoneNumberVerified: false,
    });
    expect((await t.request('/api/phone-system/provision', { method: 'POST', cookie: loser.cookie })).status).toBe(202);
    const renewed = await settled(t, loser);
    expect(renewed).toMatchObject({ status: 'active', phoneNumberVerified: true });
    expect(renewed.phoneNumber).not.toBe('+12125550124');
    expect(renewed.agentId).not.toBe(held.vapiAgentId);
    expect(await phoneSystem(t, winner.cookie)).toMatchObject({ status: 'active', phoneNumber: '+12125550124' });
  });

  it('an own number Vapi cannot import fails with Vapi’s message', async () => {
    const owner = await onboard(t, '(212) 555-0177');
    const failed = await settled(t, owner);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/^Vapi could not import \+12125550177 from Twilio: Number \+12125550177 Not Found/);
  });

  it('GET /api/me says test mode while texts or payments are still local, and not once Twilio and Stripe run', async () => {
    const owner = await onboard(t);
    const me = (await (await t.request('/api/me', { cookie: owner.cookie })).json()) as MeResponse;
    expect(me.testMode).toBe(true);

    const twilioApi = createFakeTwilioApi({ ...TWILIO, numbers: ['+12125550100'] });
    const sms = createTwilioSmsProvider({ ...TWILIO, from: '+12125550100', httpClient: twilioApi.httpClient });
    const real = await createTestApp({
      voice: createVapiVoiceProvider({ apiKey: API_KEY, webhookSecret: SECRET, appUrl: TEST_ORIGIN, fetch: api.fetch }),
      sms,
      billing: () =>
        createStripeBillingProvider({
          secretKey: 'sk_test_unused',
          webhookSecret: 'whsec_unused',
          priceId: 'price_pro',
        }),
    });
    try {
      const other = await real.signUp({ email: 'real-mode@example.com' });
      const realMe = (await (await real.request('/api/me', { cookie: other.cookie })).json()) as MeResponse;
      expect(realMe).toMatchObject({ testMode: false, smsProvider: 'twilio' });
    } finally {
      await real.close();
    }
  });
});

describe('numbers are unique to a restaurant', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ withWorkers: true });
  });
  afterAll(() => t.close());

  const deps = (voice: VoiceProvider) => ({ db: t.db, voice, logger: createLogger('silent') });

  /** A restaurant whose set-up is pending, written straight to the database (no sign-up, for speed). */
  async function pendingRestaurant(changes: Partial<typeof restaurantProfiles.$inferInsert> = {}) {
    const userId = randomUUID();
    await t.db.insert(user).values({ id: userId, name: 'Owner', email: `${userId}@example.com` });
    await createOwnerRecords(t.db, { userId, name: 'Owner' });
    await t.db
      .update(restaurantProfiles)
      .set({
        restaurantName: `Restaurant ${userId.slice(0, 8)}`,
        hasCompletedOnboarding: true,
        onboardingStep: 6,
        phoneNumberPending: true,
        phoneProvisioningStatus: 'pending',
        ...changes,
      })
      .where(eq(restaurantProfiles.id, userId));
    return userId;
  }

  /**
   * An area code no restaurant's number uses yet. Local numbers are spread over every area code, so the fixed numbers
   * a test takes on purpose must avoid those the earlier tests were given.
   */
  async function freeAreaCode(): Promise<number> {
    const numbers = await t.db
      .select({ number: restaurantProfiles.vapiPhoneNumber })
      .from(restaurantProfiles)
      .where(isNotNull(restaurantProfiles.vapiPhoneNumber));
    const used = new Set(numbers.map((r) => r.number!.slice(2, 5)));
    for (let area = 200; area < 1000; area++) if (!used.has(String(area))) return area;
    throw new Error('every area code is taken');
  }

  it('150 local restaurants all get different numbers', async () => {
    const voice = createLocalVoiceProvider(TEST_ORIGIN);
    const ids: string[] = [];
    for (let i = 0; i < 150; i++) {
      const userId = await pendingRestaurant();
      await provisionPhoneSystem(deps(voice), { userId }, { isLastAttempt: true });
      ids.push(userId);
    }
    const rows = await t.db
      .select({
        id: restaurantProfiles.id,
        number: restaurantProfiles.vapiPhoneNumber,
        status: restaurantProfiles.phoneProvisioningStatus,
        numberId: restaurantProfiles.vapiPhoneNumberId,
      })
      .from(restaurantProfiles)
      .where(sql`${restaurantProfiles.id} in ${ids}`);
    expect(rows).toHaveLength(150);
    expect(
      rows.every((r) => r.status === 'active' && r.numberId === null && /^\+1\d{3}55501\d{2}$/.test(r.number!)),
    ).toBe(true);
    expect(new Set(rows.map((r) => r.number)).size).toBe(150);
  });

  it('a candidate another restaurant has is replaced by the next one, with the same agent', async () => {
    const area = await freeAreaCode();
    const taken = (attempt: number) => `+1${area}5550${100 + attempt}`;
    const calls: { userId: string; attempt: number; existingAgentId?: string }[] = [];
    const local = createLocalVoiceProvider(TEST_ORIGIN, {
      candidates: (userId, attempt) => (attempt < 3 ? taken(attempt) : testNumberFor(userId, attempt)),
    });
    const voice: VoiceProvider = {
      ...local,
      createAgent(input) {
        calls.push({ userId: input.userId, attempt: input.attempt, existingAgentId: input.existingAgentId });
        return local.createAgent(input);
      },
    };
    // Three restaurants take the first three candidates, one each.
    for (let i = 0; i < 3; i++) {
      const holder = await pendingRestaurant();
      await provisionPhoneSystem(
        deps(createLocalVoiceProvider(TEST_ORIGIN, { candidates: () => taken(i) })),
        { userId: holder },
        { isLastAttempt: true },
      );
      expect(await row(t, holder)).toMatchObject({ phoneProvisioningStatus: 'active', vapiPhoneNumber: taken(i) });
    }

    const second = await pendingRestaurant();
    await provisionPhoneSystem(deps(voice), { userId: second }, { isLastAttempt: true });
    const stored = await row(t, second);
    expect(stored).toMatchObject({ phoneProvisioningStatus: 'active', vapiPhoneNumber: testNumberFor(second, 3) });
    const secondCalls = calls.filter((c) => c.userId === second);
    expect(secondCalls.map((c) => c.attempt)).toEqual([0, 1, 2, 3]);
    // The agent made on the first try is kept for the next candidates.
    expect(new Set(secondCalls.slice(1).map((c) => c.existingAgentId))).toEqual(new Set([stored.vapiAgentId]));
  });

  it(`gives up after ${MAX_NUMBER_CANDIDATES} taken candidates`, async () => {
    const area = await freeAreaCode();
    const taken = (attempt: number) => `+1${area}555${String(100 + attempt).padStart(4, '0')}`;
    for (let attempt = 0; attempt < MAX_NUMBER_CANDIDATES; attempt++) {
      await pendingRestaurant({ phoneProvisioningStatus: 'active', vapiPhoneNumber: taken(attempt) });
    }
    const voice = createLocalVoiceProvider(TEST_ORIGIN, { candidates: (_, attempt) => taken(attempt) });
    const second = await pendingRestaurant();
    await expect(provisionPhoneSystem(deps(voice), { userId: second }, { isLastAttempt: false })).rejects.toThrow(
      `No free phone number was found in ${MAX_NUMBER_CANDIDATES} tries.`,
    );
    await provisionPhoneSystem(deps(voice), { userId: second }, { isLastAttempt: true });
    expect(await row(t, second)).toMatchObject({
      phoneProvisioningStatus: 'failed',
      phoneProvisioningError: `No free phone number was found in ${MAX_NUMBER_CANDIDATES} tries.`,
      vapiPhoneNumber: null,
    });
  });

  it('an owner’s own number proven by another restaurant first fails the set-up with a clear message', async () => {
    // The second owner asks for a code while the number is still free…
    const second = await ownerWithRestaurant(t);
    const secondCode = await requestPhoneCode(t, second.cookie, '646.555.0142');
    // …and the first proves it and stores it before the second enters theirs.
    const first = await onboard(t, '(646) 555-0142');
    expect(await settled(t, first)).toMatchObject({
      status: 'active',
      phoneNumber: '+16465550142',
      phoneNumberVerified: true,
    });

    const completed = await t.request('/api/onboarding/complete', {
      method: 'POST',
      cookie: second.cookie,
      json: {
        phoneNumber: '646.555.0142',
        confirmedAccess: true,
        verificationId: secondCode.id,
        code: await phoneCodeFromOutbox(t, second.cookie, '646.555.0142'),
      },
    });
    expect(completed.status).toBe(200);
    const failed = await settled(t, second);
    expect(failed).toMatchObject({ status: 'failed', error: NUMBER_TAKEN_MESSAGE, phoneNumber: null, agentId: null });
    expect(await row(t, second.userId)).toMatchObject({ hasCompletedOnboarding: true, onboardingStep: 6 });

    // A proven number is not offered a code any more.
    const refused = await t.request('/api/phone-verifications', {
      method: 'POST',
      cookie: (await ownerWithRestaurant(t)).cookie,
      json: { phoneNumber: '(646) 555-0142' },
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: `phoneNumber: ${NUMBER_TAKEN_MESSAGE}`, field: 'phoneNumber' });

    // Retry sets up a new number instead.
    expect((await t.request('/api/phone-system/provision', { method: 'POST', cookie: second.cookie })).status).toBe(
      202,
    );
    const active = await settled(t, second);
    expect(active.status).toBe('active');
    expect(active.phoneNumber).toMatch(/^\+1\d{3}55501\d{2}$/);
    expect((await phoneSystem(t, first.cookie)).phoneNumber).toBe('+16465550142');
  });

  it('a provider that offers the same taken number again fails clearly, without more tries', async () => {
    await pendingRestaurant({ phoneProvisioningStatus: 'active', vapiPhoneNumber: '+17185550101' });
    let calls = 0;
    // As Vapi does when the number it gave us is still stored for another restaurant: the same one every time.
    const voice: VoiceProvider = {
      ...createLocalVoiceProvider(TEST_ORIGIN),
      createAgent() {
        calls++;
        return Promise.resolve({
          agentId: 'b0c1d2e3-0000-4000-8000-000000000001',
          phoneNumber: '+17185550101',
          phoneNumberId: randomUUID(),
        });
      },
    };
    const owner = await pendingRestaurant();
    await provisionPhoneSystem(deps(voice), { userId: owner }, { isLastAttempt: false });
    expect(calls).toBe(2);
    expect(await row(t, owner)).toMatchObject({
      phoneProvisioningStatus: 'failed',
      phoneProvisioningError: NUMBER_TAKEN_MESSAGE,
    });
  });
});
