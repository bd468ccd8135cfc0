import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import twilio from 'twilio';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../../tests/test-app';
import { createFakeTwilioApi, newSid } from '../../../../tests/fake-twilio-api';
import { phoneCodeFromOutbox, provePhoneNumber, requestPhoneCode } from '../../../../tests/phone-codes';
import { phoneVerifications, restaurantProfiles } from '../../db/schema';
import { createTwilioSmsProvider } from '../../providers/sms/twilio-sms-provider';
import { PROVISION_PHONE_QUEUE } from '../phone-system/phone-system.service';
import { findRestaurantByNumber } from '../voice/call-context';
import { PHONE_CODE_REFUSALS } from './phone-verification.service';
import type { ApiError } from '@shared/contracts/me';
import type { OutboxMessage } from '@shared/contracts/orders';
import { PHONE_NUMBER_MESSAGES, type PhoneVerificationResponse } from '@shared/contracts/phone-verification';
import type { PhoneSystemResponse } from '@shared/contracts/restaurant';

const RESTAURANT_INFO = {
  restaurantName: 'Golden Lotus',
  phoneNumber: '212-555-0199',
  address: '8 Mott Street, New York',
  timezone: 'America/New_York',
};

type Owner = { cookie: string; userId: string };

let emailCounter = 0;
let numberCounter = 0;
/** A number no other test in this file asks a code for: the per-number limits count every account's codes. */
const nextNumber = () => {
  const line = String(++numberCounter).padStart(4, '0');
  return { typed: `(718) 555-${line}`, e164: `+1718555${line}` };
};

/** A code one digit off the right one: always wrong. */
const wrongCode = (code: string) => `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;

async function readError(response: Response) {
  return (await response.json()) as ApiError;
}

describe('proving a phone number with a texted code', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ withWorkers: true });
  });
  afterAll(() => t.close());

  async function ownerWithRestaurant(): Promise<Owner> {
    const owner = await t.signUp({ email: `prove${++emailCounter}@example.com` });
    const info = await t.request('/api/restaurant', { method: 'PUT', cookie: owner.cookie, json: RESTAURANT_INFO });
    expect(info.status).toBe(200);
    return owner;
  }

  /** An owner who finished onboarding with a new number from us, set up and active. */
  async function onboardedOwner(): Promise<Owner> {
    const owner = await ownerWithRestaurant();
    expect((await complete(owner.cookie, { requestNewNumber: true })).status).toBe(200);
    await settled(owner);
    return owner;
  }

  const askForCode = (cookie: string, phoneNumber: string) =>
    t.request('/api/phone-verifications', { method: 'POST', cookie, json: { phoneNumber } });
  const complete = (cookie: string, json: unknown) =>
    t.request('/api/onboarding/complete', { method: 'POST', cookie, json });
  const connect = (cookie: string, json: unknown) =>
    t.request('/api/phone-system/number', { method: 'POST', cookie, json });

  async function restaurantRow(userId: string) {
    const [row] = await t.db.select().from(restaurantProfiles).where(eq(restaurantProfiles.id, userId));
    return row!;
  }

  async function codesOf(userId: string) {
    return t.db.select().from(phoneVerifications).where(eq(phoneVerifications.ownerId, userId));
  }

  async function phoneSystem(cookie: string) {
    const response = await t.request('/api/phone-system', { cookie });
    expect(response.status).toBe(200);
    return (await response.json()) as PhoneSystemResponse;
  }

  function settled(owner: Owner) {
    return vi.waitFor(
      async () => {
        const system = await phoneSystem(owner.cookie);
        if (system.status === 'pending') throw new Error('still pending');
        return system;
      },
      { timeout: 10_000, interval: 100 },
    );
  }

  async function verification(cookie: string, id: string) {
    const response = await t.request(`/api/phone-verifications/${id}`, { cookie });
    expect(response.status).toBe(200);
    return (await response.json()) as PhoneVerificationResponse;
  }

  /** As if the owner's codes had been asked for `seconds` earlier: past the wait before another one. */
  async function ageCodes(userId: string, seconds = 61) {
    await t.db
      .update(phoneVerifications)
      .set({ createdAt: sql`${phoneVerifications.createdAt} - make_interval(secs => ${seconds})` })
      .where(eq(phoneVerifications.ownerId, userId));
  }

  async function provisioningJobs(userId: string) {
    const result: unknown = await t.db.execute(
      sql`select id from pgboss.job where name = ${PROVISION_PHONE_QUEUE} and singleton_key = ${userId}`,
    );
    return (result as { rows: unknown[] }).rows.length;
  }

  /** What an owner who never got past the payment step has: nothing about a phone number. */
  async function expectNothingStored(userId: string) {
    expect(await restaurantRow(userId)).toMatchObject({
      hasCompletedOnboarding: false,
      vapiPhoneNumber: null,
      vapiPhoneNumberVerifiedAt: null,
      phoneProvisioningStatus: 'not_started',
    });
    expect(await provisioningJobs(userId)).toBe(0);
  }

  describe('asking for a code', () => {
    it('texts a 6-digit code to the number, keeps only its hash, and stores nothing on the restaurant', async () => {
      const owner = await ownerWithRestaurant();
      const number = nextNumber();
      const before = Date.now();

      const response = await askForCode(owner.cookie, number.typed);

      expect(response.status).toBe(201);
      const body = (await response.json()) as PhoneVerificationResponse;
      expect(body).toEqual({
        id: expect.any(String) as string,
        phoneNumber: number.e164,
        status: 'pending',
        expiresAt: expect.any(String) as string,
        resendAvailableAt: expect.any(String) as string,
        attemptsRemaining: 5,
      });
      const expiresIn = new Date(body.expiresAt).getTime() - before;
      expect(expiresIn).toBeGreaterThan(9 * 60_000);
      expect(expiresIn).toBeLessThanOrEqual(10 * 60_000 + 5_000);
      const resendIn = new Date(body.resendAvailableAt).getTime() - before;
      expect(resendIn).toBeGreaterThan(55_000);
      expect(resendIn).toBeLessThanOrEqual(65_000);

      // In test mode the outbox is the phone: the text is there as it would arrive.
      const outbox = await t.request('/api/notifications', { cookie: owner.cookie });
      const { messages } = (await outbox.json()) as { messages: OutboxMessage[] };
      const code = await phoneCodeFromOutbox(t, owner.cookie, number.typed);
      expect(messages).toEqual([
        expect.objectContaining({
          id: body.id,
          orderId: null,
          kind: 'phone_code',
          to: number.e164,
          provider: 'local',
          status: 'delivered',
          lastError: null,
          body:
            `PickupLine: ${code} is your code to connect this number to Golden Lotus. It expires in 10 minutes. ` +
            `Didn't ask for it? Ignore this text.\n\n@localhost #${code}`,
        }),
      ]);

      const [stored] = await codesOf(owner.userId);
      expect(stored!.codeHash).toMatch(/^scrypt:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
      expect(stored!.codeHash).not.toContain(code);
      await expectNothingStored(owner.userId);
    });

    it('refuses a number that is not a 10-digit US number, and sends nothing', async () => {
      const owner = await ownerWithRestaurant();
      for (const phoneNumber of ['555-1234', '+44 20 7946 0958', '', 'call me']) {
        const response = await askForCode(owner.cookie, phoneNumber);
        expect(response.status).toBe(400);
        expect(await readError(response)).toEqual({
          error: 'phoneNumber: Please enter a valid phone number',
          field: 'phoneNumber',
        });
      }
      expect(await codesOf(owner.userId)).toEqual([]);
    });

    it('needs a session', async () => {
      expect((await askForCode('', nextNumber().typed)).status).toBe(401);
      expect((await t.request(`/api/phone-verifications/${randomUUID()}`)).status).toBe(401);
      expect((await connect('', {})).status).toBe(401);
    });
  });

  describe('limits, so the product cannot be used to flood a phone with texts', () => {
    it('a second code within a minute is a 429 with Retry-After and a sentence, and sends nothing', async () => {
      const owner = await ownerWithRestaurant();
      const number = nextNumber();
      await requestPhoneCode(t, owner.cookie, number.typed);

      // The same number or another: one code a minute per account.
      for (const phoneNumber of [number.typed, nextNumber().typed]) {
        const again = await askForCode(owner.cookie, phoneNumber);
        expect(again.status).toBe(429);
        const wait = Number(again.headers.get('retry-after'));
        expect(wait).toBeGreaterThanOrEqual(1);
        expect(wait).toBeLessThanOrEqual(60);
        expect((await readError(again)).error).toBe(
          `A code was sent less than a minute ago. Try again in ${wait} second${wait === 1 ? '' : 's'}.`,
        );
      }
      expect(await codesOf(owner.userId)).toHaveLength(1);
    });

    it('an account may ask for 5 codes an hour', async () => {
      const owner = await ownerWithRestaurant();
      for (let i = 0; i < 5; i++) {
        await requestPhoneCode(t, owner.cookie, nextNumber().typed);
        await ageCodes(owner.userId);
      }

      const sixth = await askForCode(owner.cookie, nextNumber().typed);

      expect(sixth.status).toBe(429);
      const wait = Number(sixth.headers.get('retry-after'));
      // The oldest of the five was asked for 5 × 61 s ago.
      expect(wait).toBeGreaterThan(3600 - 5 * 61 - 5);
      expect(wait).toBeLessThanOrEqual(3600 - 5 * 61 + 5);
      expect((await readError(sixth)).error).toBe(
        `You have asked for 5 codes in the last hour. Try again in ${Math.ceil(wait / 60)} minutes.`,
      );
      expect(await codesOf(owner.userId)).toHaveLength(5);
    });

    it('a number gets at most 8 codes an hour, whoever asks', async () => {
      const number = nextNumber();
      for (const count of [5, 3]) {
        const asker = await ownerWithRestaurant();
        for (let i = 0; i < count; i++) {
          await requestPhoneCode(t, asker.cookie, number.typed);
          await ageCodes(asker.userId);
        }
      }
      const another = await ownerWithRestaurant();

      const refused = await askForCode(another.cookie, number.typed);

      expect(refused.status).toBe(429);
      const wait = Number(refused.headers.get('retry-after'));
      expect(wait).toBeGreaterThan(3000);
      expect((await readError(refused)).error).toBe(
        `This number has been sent 8 codes in the last hour. Try again in ${Math.ceil(wait / 60)} minutes.`,
      );
      expect(await codesOf(another.userId)).toEqual([]);
      // Another number is fine for the same account.
      await requestPhoneCode(t, another.cookie, nextNumber().typed);
    });

    it('a number gets at most 20 codes a day', async () => {
      const number = nextNumber();
      const earlier = await ownerWithRestaurant();
      // Twenty codes between two and three hours ago, past the hourly cap's window.
      await t.db.insert(phoneVerifications).values(
        Array.from({ length: 20 }, (_, i) => ({
          ownerId: earlier.userId,
          phoneNumber: number.e164,
          codeHash: 'scrypt:AAAA:AAAA',
          expiresAt: sql`now() - interval '2 hours'`,
          provider: 'local',
          body: 'An earlier code',
          createdAt: sql`now() - interval '3 hours' + make_interval(mins => ${i})`,
        })),
      );
      const owner = await ownerWithRestaurant();

      const refused = await askForCode(owner.cookie, number.typed);

      expect(refused.status).toBe(429);
      const wait = Number(refused.headers.get('retry-after'));
      expect(wait).toBeGreaterThan(20 * 3600);
      expect((await readError(refused)).error).toBe(
        `This number has been sent 20 codes today. Try again in ${Math.ceil(wait / 3600)} hours.`,
      );
    });
  });

  describe('completing onboarding with the owner’s own number', () => {
    it('a claim without a code stores nothing and sets nothing up', async () => {
      const owner = await ownerWithRestaurant();
      const number = nextNumber();

      const noCode = await complete(owner.cookie, { phoneNumber: number.typed, confirmedAccess: true });
      expect(noCode.status).toBe(400);
      expect(await readError(noCode)).toEqual({
        error: 'code: Send a code to this number and enter it, to prove the number is yours',
        field: 'code',
      });

      // A code texted to it, but not the id of the request that sent it.
      await requestPhoneCode(t, owner.cookie, number.typed);
      const code = await phoneCodeFromOutbox(t, owner.cookie, number.typed);
      const noId = await complete(owner.cookie, { phoneNumber: number.typed, confirmedAccess: true, code });
      expect(noId.status).toBe(400);
      expect((await readError(noId)).field).toBe('verificationId');

      await expectNothingStored(owner.userId);
    });

    it('the right code stores the number as proven and sets it up', async () => {
      const owner = await ownerWithRestaurant();
      const number = nextNumber();
      const proof = await provePhoneNumber(t, owner.cookie, number.typed);

      const response = await complete(owner.cookie, { phoneNumber: number.typed, confirmedAccess: true, ...proof });

      expect(response.status).toBe(200);
      expect(await restaurantRow(owner.userId)).toMatchObject({
        hasCompletedOnboarding: true,
        vapiPhoneNumber: number.e164,
        phoneNumberPending: false,
        vapiPhoneNumberVerifiedAt: expect.any(Date) as Date,
      });
      expect(await settled(owner)).toMatchObject({
        status: 'active',
        phoneNumber: number.e164,
        phoneNumberVerified: true,
      });
      expect(await verification(owner.cookie, proof.verificationId)).toMatchObject({
        status: 'verified',
        attemptsRemaining: 4,
      });
    });

    it('five wrong codes lock the code, and then even the right one is refused', async () => {
      const owner = await ownerWithRestaurant();
      const number = nextNumber();
      const proof = await provePhoneNumber(t, owner.cookie, number.typed);
      const attempt = (code: string) =>
        complete(owner.cookie, { phoneNumber: number.typed, confirmedAccess: true, ...proof, code });

      for (const left of [4, 3, 2, 1]) {
        const wrong = await attempt(wrongCode(proof.code));
        expect(wrong.status).toBe(400);
        expect(await readError(wrong)).toEqual({
          error: `code: That code is not right. You have ${left} ${left === 1 ? 'try' : 'tries'} left.`,
          field: 'code',
        });
      }
      const last = await attempt(wrongCode(proof.code));
      expect((await readError(last)).error).toBe(
        'code: That code is not right, and that was the last try. Send a new code.',
      );

      const right = await attempt(proof.code);
      expect(right.status).toBe(400);
      expect((await readError(right)).error).toBe(`code: ${PHONE_CODE_REFUSALS.locked}`);
      expect(await verification(owner.cookie, proof.verificationId)).toMatchObject({
        status: 'locked',
        attemptsRemaining: 0,
      });
      await expectNothingStored(owner.userId);

      // A new code works.
      await ageCodes(owner.userId);
      const fresh = await provePhoneNumber(t, owner.cookie, number.typed);
      expect(
        (await complete(owner.cookie, { phoneNumber: number.typed, confirmedAccess: true, ...fresh })).status,
      ).toBe(200);
    });

    it('guesses sent at once cannot get past the five tries', async () => {
      const owner = await ownerWithRestaurant();
      const number = nextNumber();
      const proof = await provePhoneNumber(t, owner.cookie, number.typed);

      const guesses = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          complete(owner.cookie, {
            phoneNumber: number.typed,
            confirmedAccess: true,
            ...proof,
            code: String((Number(proof.code) + 1 + i) % 1_000_000).padStart(6, '0'),
          }),
        ),
      );

      expect(guesses.every((g) => g.status === 400)).toBe(true);
      const [row] = await codesOf(owner.userId);
      expect(row!.attempts).toBe(5);
      expect(
        (await complete(owner.cookie, { phoneNumber: number.typed, confirmedAccess: true, ...proof })).status,
      ).toBe(400);
      await expectNothingStored(owner.userId);
    });

    it('an expired code is refused without using a try', async () => {
      const owner = await ownerWithRestaurant();
      const number = nextNumber();
      const proof = await provePhoneNumber(t, owner.cookie, number.typed);
      await t.db
        .update(phoneVerifications)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(phoneVerifications.id, proof.verificationId));

      const response = await complete(owner.cookie, { phoneNumber: number.typed, confirmedAccess: true, ...proof });

      expect(response.status).toBe(400);
      expect(await readError(response)).toEqual({
        error: 'code: This code has expired. Send a new code.',
        field: 'code',
      });
      expect(await verification(owner.cookie, proof.verificationId)).toMatchObject({
        status: 'expired',
        attemptsRemaining: 5,
      });
      await expectNothingStored(owner.userId);
    });

    it('asking again replaces the earlier code', async () => {
      const owner = await ownerWithRestaurant();
      const number = nextNumber();
      const first = await provePhoneNumber(t, owner.cookie, number.typed);
      await ageCodes(owner.userId);
      const second = await provePhoneNumber(t, owner.cookie, number.typed);

      const old = await complete(owner.cookie, { phoneNumber: number.typed, confirmedAccess: true, ...first });
      expect(await readError(old)).toEqual({ error: `code: ${PHONE_CODE_REFUSALS.replaced}`, field: 'code' });
      expect(await verification(owner.cookie, first.verificationId)).toMatchObject({ status: 'replaced' });

      expect(
        (await complete(owner.cookie, { phoneNumber: number.typed, confirmedAccess: true, ...second })).status,
      ).toBe(200);
    });

    it('a code proves only the number it was sent to', async () => {
      const owner = await ownerWithRestaurant();
      const sentTo = nextNumber();
      const other = nextNumber();
      const proof = await provePhoneNumber(t, owner.cookie, sentTo.typed);

      const response = await complete(owner.cookie, { phoneNumber: other.typed, confirmedAccess: true, ...proof });

      expect(response.status).toBe(400);
      expect(await readError(response)).toEqual({
        error: `phoneNumber: This code was sent to +1 ${sentTo.typed}. Send a code to the number you entered.`,
        field: 'phoneNumber',
      });
      await expectNothingStored(owner.userId);
    });

    it('a new dedicated number needs no code', async () => {
      const owner = await ownerWithRestaurant();

      const response = await complete(owner.cookie, { requestNewNumber: true });

      expect(response.status).toBe(200);
      expect(await settled(owner)).toMatchObject({
        status: 'active',
        phoneNumberPending: false,
        phoneNumberVerified: true,
      });
      expect(await codesOf(owner.userId)).toEqual([]);
    });
  });

  describe('who gets a number', () => {
    it('an unproven claim blocks no one', async () => {
      const number = nextNumber();
      const first = await ownerWithRestaurant();
      const firstCode = await requestPhoneCode(t, first.cookie, number.typed);
      const second = await ownerWithRestaurant();

      const proof = await provePhoneNumber(t, second.cookie, number.typed);
      const response = await complete(second.cookie, { phoneNumber: number.typed, confirmedAccess: true, ...proof });

      expect(response.status).toBe(200);
      expect(await settled(second)).toMatchObject({ status: 'active', phoneNumber: number.e164 });
      // The first owner's code was never entered: nothing of theirs holds the number.
      await expectNothingStored(first.userId);
      expect(await verification(first.cookie, firstCode.id)).toMatchObject({ status: 'pending' });
    });

    it('a proven claim wins over a number held unproven; the holder is told why and gets a new number', async () => {
      const number = nextNumber();
      const holder = await onboardedOwner();
      const agentBefore = (await restaurantRow(holder.userId)).vapiAgentId;
      // A number stored on the access checkbox alone, before a code was asked for.
      await t.db
        .update(restaurantProfiles)
        .set({ vapiPhoneNumber: number.e164, vapiPhoneNumberVerifiedAt: null })
        .where(eq(restaurantProfiles.id, holder.userId));
      expect(await phoneSystem(holder.cookie)).toMatchObject({
        status: 'active',
        phoneNumber: number.e164,
        phoneNumberVerified: false,
      });

      const claimant = await ownerWithRestaurant();
      const proof = await provePhoneNumber(t, claimant.cookie, number.typed);
      const response = await complete(claimant.cookie, { phoneNumber: number.typed, confirmedAccess: true, ...proof });

      expect(response.status).toBe(200);
      expect(await settled(claimant)).toMatchObject({
        status: 'active',
        phoneNumber: number.e164,
        phoneNumberVerified: true,
      });
      // Calls to the number now reach the restaurant that proved it.
      expect(await findRestaurantByNumber(t.db, { phoneNumber: number.e164 })).toBe(claimant.userId);
      expect(await phoneSystem(holder.cookie)).toMatchObject({
        status: 'failed',
        phoneNumber: null,
        phoneNumberPending: true,
        error: PHONE_NUMBER_MESSAGES.claimed(number.e164),
        agentId: null,
      });
      expect(await restaurantRow(holder.userId)).toMatchObject({
        vapiPhoneNumber: null,
        vapiPhoneNumberId: null,
        vapiAgentId: null,
        hasCompletedOnboarding: true,
      });

      // Retry gives the holder a new number from us, with a new agent.
      const retry = await t.request('/api/phone-system/provision', { method: 'POST', cookie: holder.cookie });
      expect(retry.status).toBe(202);
      const renewed = await settled(holder);
      expect(renewed).toMatchObject({ status: 'active', phoneNumberVerified: true });
      expect(renewed.phoneNumber).not.toBe(number.e164);
      expect(renewed.agentId).not.toBe(agentBefore);
    });

    it('a proven holder keeps its number: nobody else is sent a code for it', async () => {
      const number = nextNumber();
      const holder = await ownerWithRestaurant();
      const proof = await provePhoneNumber(t, holder.cookie, number.typed);
      expect(
        (await complete(holder.cookie, { phoneNumber: number.typed, confirmedAccess: true, ...proof })).status,
      ).toBe(200);
      const other = await ownerWithRestaurant();

      const refused = await askForCode(other.cookie, number.typed);

      expect(refused.status).toBe(409);
      expect(await readError(refused)).toEqual({
        error: `phoneNumber: ${PHONE_NUMBER_MESSAGES.taken}`,
        field: 'phoneNumber',
      });
      expect(await codesOf(other.userId)).toEqual([]);
      // Nor the holder itself: it is already theirs.
      await ageCodes(holder.userId);
      const own = await askForCode(holder.cookie, number.typed);
      expect(own.status).toBe(409);
      expect((await readError(own)).error).toBe(`phoneNumber: ${PHONE_NUMBER_MESSAGES.alreadyYours}`);
    });
  });

  describe('another owner’s code', () => {
    it('is not found, whether read or entered, and entering it uses none of its tries', async () => {
      const number = nextNumber();
      const owner = await ownerWithRestaurant();
      const proof = await provePhoneNumber(t, owner.cookie, number.typed);
      const other = await onboardedOwner();
      const otherNew = await ownerWithRestaurant();

      const read = await t.request(`/api/phone-verifications/${proof.verificationId}`, { cookie: other.cookie });
      expect(read.status).toBe(404);
      expect(await readError(read)).toEqual({ error: PHONE_CODE_REFUSALS.notFound });

      const viaOnboarding = await complete(otherNew.cookie, {
        phoneNumber: number.typed,
        confirmedAccess: true,
        ...proof,
      });
      expect(viaOnboarding.status).toBe(404);
      const viaSettings = await connect(other.cookie, { phoneNumber: number.typed, ...proof });
      expect(viaSettings.status).toBe(404);

      await expectNothingStored(otherNew.userId);
      expect((await restaurantRow(other.userId)).vapiPhoneNumber).not.toBe(number.e164);
      expect(await verification(owner.cookie, proof.verificationId)).toMatchObject({
        status: 'pending',
        attemptsRemaining: 5,
      });
      // An id that names no code at all is not found either.
      expect((await t.request('/api/phone-verifications/not-an-id', { cookie: owner.cookie })).status).toBe(404);
      expect((await t.request(`/api/phone-verifications/${randomUUID()}`, { cookie: owner.cookie })).status).toBe(404);
    });
  });

  describe('Settings → Phone', () => {
    it('a claim without a code changes nothing', async () => {
      const owner = await onboardedOwner();
      const before = await restaurantRow(owner.userId);

      const response = await connect(owner.cookie, { phoneNumber: nextNumber().typed });

      expect(response.status).toBe(400);
      expect((await readError(response)).field).toBe('verificationId');
      expect(await restaurantRow(owner.userId)).toEqual(before);
    });

    it('connects a proven number of the owner’s own and sets the phone system up with it', async () => {
      const owner = await onboardedOwner();
      const number = nextNumber();
      const proof = await provePhoneNumber(t, owner.cookie, number.typed);

      const response = await connect(owner.cookie, { phoneNumber: number.typed, ...proof });

      expect(response.status).toBe(202);
      expect(await response.json()).toMatchObject({ status: 'pending', phoneNumber: number.e164 });
      expect(await settled(owner)).toMatchObject({
        status: 'active',
        phoneNumber: number.e164,
        phoneNumberVerified: true,
      });

      // A code proves a number once.
      const again = await connect(owner.cookie, { phoneNumber: number.typed, ...proof });
      expect(again.status).toBe(409);
      expect((await readError(again)).error).toBe(`phoneNumber: ${PHONE_NUMBER_MESSAGES.alreadyYours}`);
    });

    it('wrong codes are counted here too, with the tries left', async () => {
      const owner = await onboardedOwner();
      const number = nextNumber();
      const proof = await provePhoneNumber(t, owner.cookie, number.typed);

      const wrong = await connect(owner.cookie, { phoneNumber: number.typed, ...proof, code: wrongCode(proof.code) });

      expect(wrong.status).toBe(400);
      expect(await readError(wrong)).toEqual({
        error: 'code: That code is not right. You have 4 tries left.',
        field: 'code',
      });
      expect((await restaurantRow(owner.userId)).vapiPhoneNumber).not.toBe(number.e164);
    });

    it('proving the number the assistant already answers only records the proof', async () => {
      const number = nextNumber();
      const owner = await onboardedOwner();
      await t.db
        .update(restaurantProfiles)
        .set({ vapiPhoneNumber: number.e164, vapiPhoneNumberVerifiedAt: null })
        .where(eq(restaurantProfiles.id, owner.userId));
      const jobsBefore = await provisioningJobs(owner.userId);
      const proof = await provePhoneNumber(t, owner.cookie, number.typed);

      const response = await connect(owner.cookie, { phoneNumber: number.typed, ...proof });

      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        status: 'active',
        phoneNumber: number.e164,
        phoneNumberVerified: true,
      });
      expect(await provisioningJobs(owner.userId)).toBe(jobsBefore);
    });

    it('waits for a set-up under way, without using a try', async () => {
      const owner = await onboardedOwner();
      const number = nextNumber();
      const proof = await provePhoneNumber(t, owner.cookie, number.typed);
      await t.db
        .update(restaurantProfiles)
        .set({ phoneProvisioningStatus: 'pending' })
        .where(eq(restaurantProfiles.id, owner.userId));

      const response = await connect(owner.cookie, { phoneNumber: number.typed, ...proof });

      expect(response.status).toBe(409);
      expect((await readError(response)).error).toBe(
        'Your phone system is being set up. Try again once it has finished.',
      );
      expect(await verification(owner.cookie, proof.verificationId)).toMatchObject({ attemptsRemaining: 5 });
      await t.db
        .update(restaurantProfiles)
        .set({ phoneProvisioningStatus: 'active' })
        .where(eq(restaurantProfiles.id, owner.userId));
    });
  });
});

describe('codes texted through Twilio', () => {
  const accountSid = newSid('AC');
  const authToken = newSid('');
  const from = '+15005550006';
  const statusUrl = `${TEST_ORIGIN}/api/webhooks/twilio/status`;
  const api = createFakeTwilioApi({ accountSid, authToken, numbers: [from] });
  let t: TestApp;

  beforeAll(async () => {
    const sms = createTwilioSmsProvider({
      accountSid,
      authToken,
      from,
      httpClient: api.httpClient,
      statusCallbackUrl: statusUrl,
    });
    t = await createTestApp({ sms });
  });
  afterAll(() => t.close());

  async function owner() {
    const signedUp = await t.signUp({ email: `twilio${++emailCounter}@example.com` });
    await t.request('/api/restaurant', { method: 'PUT', cookie: signedUp.cookie, json: RESTAURANT_INFO });
    return signedUp;
  }

  async function outbox(cookie: string) {
    return ((await (await t.request('/api/notifications', { cookie })).json()) as { messages: OutboxMessage[] })
      .messages;
  }

  it('sends the code by SMS; the outbox shows the text with the code hidden, and its delivery', async () => {
    const { cookie } = await owner();
    const number = nextNumber();

    const response = await t.request('/api/phone-verifications', {
      method: 'POST',
      cookie,
      json: { phoneNumber: number.typed },
    });

    expect(response.status).toBe(201);
    const sent = api.messages.find((m) => m.to === number.e164)!;
    const code = /(\d{6}) is your code/.exec(sent.body)![1]!;
    expect(sent.body).toContain(`@localhost #${code}`);
    const [text] = await outbox(cookie);
    expect(text).toMatchObject({
      kind: 'phone_code',
      to: number.e164,
      provider: 'twilio',
      status: 'sent',
      body: expect.stringContaining('PickupLine: •••••• is your code') as string,
    });
    expect(text!.body).not.toContain(code);

    const params = api.advance(sent.sid, 'delivered');
    const report = await t.request('/api/webhooks/twilio/status', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilio.getExpectedTwilioSignature(authToken, statusUrl, params),
      },
      body: new URLSearchParams(params).toString(),
    });
    expect(report.status).toBe(204);
    expect((await outbox(cookie))[0]).toMatchObject({ status: 'delivered' });
  });

  it('a number Twilio cannot text is a 400 saying so; a passing failure asks to try again', async () => {
    const first = await owner();
    api.failNextRequest(400, 21614, "'To' number is not a valid mobile number");

    const refused = await t.request('/api/phone-verifications', {
      method: 'POST',
      cookie: first.cookie,
      json: { phoneNumber: nextNumber().typed },
    });

    expect(refused.status).toBe(400);
    expect(await readError(refused)).toEqual({
      error: `phoneNumber: ${PHONE_CODE_REFUSALS.undeliverable}`,
      field: 'phoneNumber',
    });
    expect((await outbox(first.cookie))[0]).toMatchObject({
      status: 'failed',
      lastError: "Twilio error 21614: 'To' number is not a valid mobile number",
    });

    const second = await owner();
    api.failNextRequest(503, 20503, 'Service Unavailable');
    const later = await t.request('/api/phone-verifications', {
      method: 'POST',
      cookie: second.cookie,
      json: { phoneNumber: nextNumber().typed },
    });
    expect(later.status).toBe(502);
    expect(await readError(later)).toEqual({ error: PHONE_CODE_REFUSALS.sendFailed });
  });
});
