import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { COMMON_PASSWORD_MESSAGE } from '@shared/contracts/auth';
import { createTestApp, sessionCookie, TEST_ORIGIN, type TestApp } from '../../../tests/test-app';
import { emails, session } from '../db/schema';

const CHROME_ON_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

interface ListedSession {
  id: string;
  token: string;
  userId: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
}

/**
 * Passwords and signed-in devices: a new password signs out every other device at once, whatever the request asked;
 * an owner sees and ends only their own sessions; and no account gets a password from the list of the 10,000 most
 * common, at sign-up, change or reset.
 */
describe('passwords and signed-in devices', () => {
  let t: TestApp;
  let ownerCount = 0;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (route: string, json: unknown, cookie = '') =>
    t.request(`/api/auth${route}`, { method: 'POST', cookie, json });
  const meStatus = async (cookie: string) => (await t.request('/api/me', { cookie })).status;

  async function signIn(email: string, password: string, userAgent?: string) {
    const response = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email, password },
      headers: userAgent ? { 'user-agent': userAgent } : {},
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return sessionCookie(response);
  }

  /** A new owner, signed in on three devices: the one that signed up, a laptop and a phone. */
  async function ownerOnThreeDevices(password = 'secret123') {
    ownerCount += 1;
    const email = `devices-${ownerCount}@example.com`;
    const signedUp = await t.signUp({ email, password });
    const laptop = await signIn(email, password, CHROME_ON_MAC);
    const phone = await signIn(email, password);
    return { email, password, userId: signedUp.userId, here: signedUp.cookie, laptop, phone };
  }

  async function listSessions(cookie: string) {
    const response = await t.request('/api/auth/list-sessions', { cookie });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as ListedSession[];
  }

  async function rows<T>(query: SQL): Promise<T[]> {
    const result: unknown = await t.db.execute(query);
    return (result as { rows: T[] }).rows;
  }

  /** One md5 per table (rate_limit aside: it counts refused attempts too, by design). */
  async function snapshot() {
    const tables = await rows<{ name: string }>(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'rate_limit'`,
    );
    const query = tables
      .map(
        ({ name }) =>
          `select '${name}' as name, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as sum from "${name}" x`,
      )
      .join(' union all ');
    const sums = await rows<{ name: string; sum: string }>(sql.raw(query));
    return Object.fromEntries(sums.map((r) => [r.name, r.sum]));
  }

  describe('changing the password', () => {
    it('signs every other device out at once, even when the request asks to keep them; this one stays in', async () => {
      const owner = await ownerOnThreeDevices();

      const changed = await post(
        '/change-password',
        { currentPassword: owner.password, newPassword: 'brand-new-secret', revokeOtherSessions: false },
        owner.here,
      );

      expect(changed.status, await changed.clone().text()).toBe(200);
      expect(await meStatus(owner.laptop)).toBe(401);
      expect(await meStatus(owner.phone)).toBe(401);
      // The browser that changed it gets a new session in the answer, and goes on with it.
      const here = sessionCookie(changed);
      expect(await meStatus(here)).toBe(200);
      expect(await listSessions(here)).toHaveLength(1);

      const withOld = await post('/sign-in/email', { email: owner.email, password: owner.password });
      expect(withOld.status).toBe(401);
      await signIn(owner.email, 'brand-new-secret');
    });

    it('with a wrong current password changes nothing and signs nobody out', async () => {
      const owner = await ownerOnThreeDevices();
      const before = await snapshot();

      const refused = await post(
        '/change-password',
        { currentPassword: 'not-the-password', newPassword: 'brand-new-secret' },
        owner.here,
      );

      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ code: 'INVALID_PASSWORD' });
      expect(await snapshot()).toEqual(before);
      for (const cookie of [owner.here, owner.laptop, owner.phone]) expect(await meStatus(cookie)).toBe(200);
    });

    it('needs a session', async () => {
      const refused = await post('/change-password', { currentPassword: 'secret123', newPassword: 'brand-new-secret' });
      expect(refused.status).toBe(401);
    });
  });

  describe('one of the 10,000 most common passwords', () => {
    const refusal = (field: string) => ({
      error: `${field}: ${COMMON_PASSWORD_MESSAGE}`,
      field,
      code: 'WEAK_PASSWORD',
      reasons: ['common'],
    });

    it.each(['123456', 'Password1', 'qwerty123'])('is refused at sign-up (%j), naming the field', async (password) => {
      const before = await snapshot();
      const response = await post('/sign-up/email', { name: 'New Owner', email: 'weak@example.com', password });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(refusal('password'));
      expect(await snapshot()).toEqual(before);
    });

    it('is refused on a form-encoded sign-up too', async () => {
      const before = await snapshot();
      const response = await t.request('/api/auth/sign-up/email', {
        method: 'POST',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          name: 'Form Owner',
          email: 'weak-form@example.com',
          password: 'letmein',
        }).toString(),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(refusal('password'));
      expect(await snapshot()).toEqual(before);
    });

    it('is refused as a new password, which leaves the old one and every device as they were', async () => {
      const owner = await ownerOnThreeDevices();
      const before = await snapshot();

      const response = await post(
        '/change-password',
        { currentPassword: owner.password, newPassword: 'iloveyou' },
        owner.here,
      );

      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(refusal('newPassword'));
      expect(await snapshot()).toEqual(before);
      for (const cookie of [owner.here, owner.laptop, owner.phone]) expect(await meStatus(cookie)).toBe(200);
    });

    it('is refused at reset, and the link still works for a better password', async () => {
      const owner = await ownerOnThreeDevices();
      const token = await resetTokenFor(owner.email);
      const before = await snapshot();

      const weak = await post('/reset-password', { token, newPassword: 'sunshine' });

      expect(weak.status).toBe(400);
      expect(await weak.json()).toEqual(refusal('newPassword'));
      expect(await snapshot()).toEqual(before);
      const strong = await post('/reset-password', { token, newPassword: 'brand-new-secret' });
      expect(strong.status, await strong.clone().text()).toBe(200);
      await signIn(owner.email, 'brand-new-secret');
    });

    it('gets the length rule instead when it is also too short', async () => {
      const response = await post('/sign-up/email', {
        name: 'New Owner',
        email: 'short@example.com',
        password: '12345',
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'PASSWORD_TOO_SHORT' });
    });

    it('is only a rule for new passwords: signing in with a password that is in the list is judged as usual', async () => {
      const response = await post('/sign-in/email', { email: 'nobody@example.com', password: '123456' });
      expect(response.status).toBe(401);
    });

    /** The token the app's reset page receives when the e-mailed link is opened. */
    async function resetTokenFor(address: string) {
      const requested = await post('/request-password-reset', { email: address, redirectTo: '/reset-password' });
      expect(requested.status).toBe(200);
      const [sent] = await t.db
        .select({ text: emails.text })
        .from(emails)
        .where(and(eq(emails.to, address), eq(emails.kind, 'password_reset')));
      const link = /http:\/\/localhost:3000(\/api\/auth\/reset-password\/\S+)/.exec(sent?.text ?? '')?.[1];
      if (!link) throw new Error(`no reset link e-mailed to ${address}`);
      const opened = await t.request(link);
      const token = new URL(opened.headers.get('location') ?? '', TEST_ORIGIN).searchParams.get('token');
      if (!token) throw new Error(`the reset link for ${address} gave no token`);
      return token;
    }
  });

  describe('signed-in devices', () => {
    it("lists the owner's own sessions, with each device's browser and sign-in time", async () => {
      const owner = await ownerOnThreeDevices();
      const other = await ownerOnThreeDevices();

      const listed = await listSessions(owner.here);

      expect(listed).toHaveLength(3);
      expect(new Set(listed.map((s) => s.userId))).toEqual(new Set([owner.userId]));
      expect(listed.map((s) => s.userAgent)).toContain(CHROME_ON_MAC);
      for (const s of listed) expect(Date.parse(s.createdAt)).not.toBeNaN();
      const othersTokens = (await listSessions(other.here)).map((s) => s.token);
      expect(listed.some((s) => othersTokens.includes(s.token))).toBe(false);
    });

    it('are listed for a session signed in days ago, not only a fresh one', async () => {
      const owner = await ownerOnThreeDevices();
      const threeDaysAgo = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000);
      await t.db.update(session).set({ createdAt: threeDaysAgo }).where(eq(session.userId, owner.userId));

      expect(await listSessions(owner.here)).toHaveLength(3);
    });

    it('need a session to be listed or ended', async () => {
      expect((await t.request('/api/auth/list-sessions')).status).toBe(401);
      expect((await post('/revoke-other-sessions', {})).status).toBe(401);
      expect((await post('/revoke-session', { token: 'any' })).status).toBe(401);
    });

    it('signs out one other device of its own; the rest stay signed in', async () => {
      const owner = await ownerOnThreeDevices();
      const laptop = (await listSessions(owner.here)).find((s) => s.userAgent === CHROME_ON_MAC)!;

      const revoked = await post('/revoke-session', { token: laptop.token }, owner.here);

      expect(revoked.status).toBe(200);
      expect(await meStatus(owner.laptop)).toBe(401);
      expect(await meStatus(owner.phone)).toBe(200);
      expect(await meStatus(owner.here)).toBe(200);
      expect(await listSessions(owner.here)).toHaveLength(2);
    });

    it("cannot sign out another owner's device", async () => {
      const owner = await ownerOnThreeDevices();
      const victim = await ownerOnThreeDevices();
      const victimSessions = await listSessions(victim.here);
      const before = await snapshot();

      for (const s of victimSessions) await post('/revoke-session', { token: s.token }, owner.here);

      expect(await snapshot()).toEqual(before);
      for (const cookie of [victim.here, victim.laptop, victim.phone]) expect(await meStatus(cookie)).toBe(200);
    });

    it('signs out everywhere else: every other device of the owner, and no one else', async () => {
      const owner = await ownerOnThreeDevices();
      const bystander = await ownerOnThreeDevices();

      const revoked = await post('/revoke-other-sessions', {}, owner.here);

      expect(revoked.status).toBe(200);
      expect(await meStatus(owner.laptop)).toBe(401);
      expect(await meStatus(owner.phone)).toBe(401);
      expect(await meStatus(owner.here)).toBe(200);
      expect(await listSessions(owner.here)).toHaveLength(1);
      for (const cookie of [bystander.here, bystander.laptop, bystander.phone])
        expect(await meStatus(cookie)).toBe(200);
    });
  });
});
