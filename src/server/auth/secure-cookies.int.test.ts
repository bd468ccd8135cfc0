import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/test-database';
import type { DatabaseHandle } from '../db/client';
import { createLogger } from '../logger';
import { createOwnerRecords } from '../modules/restaurants/create-owner-records';
import { createAuth } from './auth';

/** better-auth on its own, for APP_URL; e-mails are never asked for here. */
function authFor(database: DatabaseHandle, appUrl: string) {
  return createAuth({
    db: database.db,
    appUrl,
    secret: 'test-secret-that-is-at-least-32-characters-long',
    loginRateLimit: { max: 1000, window: 60 },
    logger: createLogger('silent'),
    onOwnerSignedUp: createOwnerRecords,
    onPasswordResetRequested: () => Promise.reject(new Error('no password reset in this test')),
  });
}

async function signUpCookies(auth: ReturnType<typeof createAuth>, appUrl: string, email: string) {
  const response = await auth.handler(
    new Request(`${appUrl}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: new URL(appUrl).origin },
      body: JSON.stringify({ name: 'Cookie Owner', email, password: 'secret123' }),
    }),
  );
  expect(response.status).toBe(200);
  return response.headers.getSetCookie();
}

describe('session cookies', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('are Secure and __Secure- prefixed when APP_URL is https', async () => {
    const appUrl = 'https://orders.pickupline.example';
    const cookies = await signUpCookies(authFor(database, appUrl), appUrl, 'secure@example.com');
    const session = cookies.find((c) => c.includes('session_token='));
    expect(session).toMatch(/^__Secure-better-auth\.session_token=/);
    expect(session).toMatch(/;\s*Secure(;|$)/i);
    expect(session).toMatch(/;\s*HttpOnly(;|$)/i);
    expect(session).toMatch(/;\s*SameSite=Lax(;|$)/i);
    // Every cookie it sets is, not only the session's.
    for (const cookie of cookies) expect(cookie, cookie).toMatch(/^__Secure-.*;\s*Secure(;|$)/i);
  });

  it('stay unprefixed (and usable) over plain http on this machine', async () => {
    const appUrl = 'http://localhost:3000';
    const cookies = await signUpCookies(authFor(database, appUrl), appUrl, 'plain@example.com');
    const session = cookies.find((c) => c.includes('session_token='));
    expect(session).toMatch(/^better-auth\.session_token=/);
    expect(session).not.toMatch(/;\s*Secure(;|$)/i);
  });
});
