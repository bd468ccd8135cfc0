import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { session, user } from '../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The secret tests/test-app.ts gives better-auth. */
const TEST_SECRET = 'test-secret-that-is-at-least-32-characters-long';

/** A session cookie for `token`, signed as better-auth signs it. */
function signedCookie(token: string, secret = TEST_SECRET) {
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

const tokenOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;

describe('the session behind every owner route', () => {
  let t: TestApp;
  let emailCounter = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  const newOwner = () => t.signUp({ email: `session${++emailCounter}@example.com` });
  const me = (cookie: string) => t.request('/api/me', { cookie });
  const sessionRow = async (token: string) => (await t.db.select().from(session).where(eq(session.token, token)))[0];

  it('a current session is settled without better-auth’s getSession, and names the signed-in owner', async () => {
    const owner = await newOwner();
    const getSession = vi.spyOn(t.auth.api, 'getSession');
    const response = await me(owner.cookie);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ user: { id: owner.userId, email: 'session1@example.com' } });
    expect(getSession).not.toHaveBeenCalled();
    // A cookie signed here for the same token is the same cookie: the signature is better-auth's own.
    expect(signedCookie(tokenOf(owner.cookie))).toBe(owner.cookie);
  });

  it('nothing is remembered between requests: a new name shows at once', async () => {
    const owner = await newOwner();
    await t.db.update(user).set({ name: 'Renamed Owner' }).where(eq(user.id, owner.userId));
    expect(await (await me(owner.cookie)).json()).toMatchObject({ user: { name: 'Renamed Owner' } });
  });

  it('a signed-out or revoked session is refused on its very next request', async () => {
    const owner = await newOwner();
    expect((await me(owner.cookie)).status).toBe(200);
    const out = await t.request('/api/auth/sign-out', { method: 'POST', cookie: owner.cookie, json: {} });
    expect(out.status).toBe(200);
    expect((await me(owner.cookie)).status).toBe(401);

    const other = await newOwner();
    expect((await me(other.cookie)).status).toBe(200);
    await t.db.delete(session).where(eq(session.token, tokenOf(other.cookie)));
    const refused = await me(other.cookie);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: 'Not signed in' });
  });

  it('a forged or tampered cookie is refused', async () => {
    const owner = await newOwner();
    const token = tokenOf(owner.cookie);
    expect((await me(signedCookie(token, 'another-secret-that-is-32-characters-long'))).status).toBe(401);
    expect((await me(signedCookie(`${token.slice(0, -1)}x`))).status).toBe(401);
    expect((await me(`better-auth.session_token=${token}`)).status).toBe(401);
    expect((await me(`better-auth.session_token=${encodeURIComponent(`${token}.`)}`)).status).toBe(401);
    expect((await me(owner.cookie)).status).toBe(200);
  });

  it('an expired session is refused and removed, as better-auth does', async () => {
    const owner = await newOwner();
    const token = tokenOf(owner.cookie);
    await t.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(session.token, token));
    const getSession = vi.spyOn(t.auth.api, 'getSession');
    expect((await me(owner.cookie)).status).toBe(401);
    expect(getSession).toHaveBeenCalledOnce();
    expect(await sessionRow(token)).toBeUndefined();
  });

  it('a session a day or more into its life is extended by better-auth, once', async () => {
    const owner = await newOwner();
    const token = tokenOf(owner.cookie);
    const ageing = new Date(Date.now() + 28 * DAY_MS);
    await t.db.update(session).set({ expiresAt: ageing }).where(eq(session.token, token));
    const getSession = vi.spyOn(t.auth.api, 'getSession');

    expect((await me(owner.cookie)).status).toBe(200);
    expect(getSession).toHaveBeenCalledOnce();
    const extended = (await sessionRow(token))!.expiresAt.getTime();
    expect(extended).toBeGreaterThan(Date.now() + 29.9 * DAY_MS);

    expect((await me(owner.cookie)).status).toBe(200);
    expect(getSession).toHaveBeenCalledOnce();
  });
});
