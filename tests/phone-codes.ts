import { expect } from 'vitest';
import type { OutboxMessage } from '@shared/contracts/orders';
import type { PhoneVerificationResponse } from '@shared/contracts/phone-verification';
import { toE164 } from '@shared/domain/phone';
import type { TestApp } from './test-app';

/**
 * The code in the newest text sent to `phoneNumber` from an owner's account, read from their outbox the way the local
 * text provider shows it (GET /api/notifications), as the owner would read it off the phone.
 */
export async function phoneCodeFromOutbox(t: TestApp, cookie: string, phoneNumber: string): Promise<string> {
  const response = await t.request('/api/notifications', { cookie });
  expect(response.status).toBe(200);
  const { messages } = (await response.json()) as { messages: OutboxMessage[] };
  const text = messages.find((m) => m.kind === 'phone_code' && m.to === toE164(phoneNumber));
  const code = text && /(\d{6}) is your code/.exec(text.body)?.[1];
  if (!code) throw new Error(`no code texted to ${phoneNumber} in the outbox`);
  return code;
}

/** Asks for a code for `phoneNumber` as an owner; the answer, with its status checked. */
export async function requestPhoneCode(t: TestApp, cookie: string, phoneNumber: string) {
  const response = await t.request('/api/phone-verifications', { method: 'POST', cookie, json: { phoneNumber } });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as PhoneVerificationResponse;
}

/** Proof that an owner has `phoneNumber`: a code asked for and read from the outbox, as the web's flow does it. */
export async function provePhoneNumber(t: TestApp, cookie: string, phoneNumber: string) {
  const verification = await requestPhoneCode(t, cookie, phoneNumber);
  return { verificationId: verification.id, code: await phoneCodeFromOutbox(t, cookie, phoneNumber) };
}
