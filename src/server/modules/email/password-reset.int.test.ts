import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { EMAIL_KINDS, EMAIL_STATUSES } from '@shared/domain/emails';
import { createTestApp, sessionCookie, TEST_ORIGIN, type TestApp } from '../../../../tests/test-app';
import { emails, session, verification } from '../../db/schema';
import { PASSWORD_RESET_REQUEST_MIN_MS } from '../../auth/auth';
import { LINK_EMAILS_PER_HOUR } from './link-emails';

const RESET_LINK = /(http:\/\/localhost:3000\/api\/auth\/reset-password\/[^\s?]+\?callbackURL=\S+)/;

function requestReset(t: TestApp, email: string, redirectTo = '/reset-password') {
  return t.request('/api/auth/request-password-reset', { method: 'POST', json: { email, redirectTo } });
}

function signIn(t: TestApp, email: string, password: string) {
  return t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
}

function resetPassword(t: TestApp, token: string, newPassword: string) {
  return t.request('/api/auth/reset-password', { method: 'POST', json: { token, newPassword } });
}

/** The password reset e-mails to `address`, oldest first (its sign-up confirmation e-mail is left out). */
async function emailsTo(t: TestApp, address: string) {
  return t.db
    .select()
    .from(emails)
    .where(and(eq(emails.to, address), eq(emails.kind, 'password_reset')))
    .orderBy(emails.createdAt);
}

/** The token of every reset link e-mailed to `address`, oldest first. */
async function tokensTo(t: TestApp, address: string) {
  return (await emailsTo(t, address)).map((email) => {
    const link = RESET_LINK.exec(email.text)?.[1];
    if (!link) throw new Error(`no reset link in an e-mail to ${address}`);
    return decodeURIComponent(new URL(link).pathname.split('/').at(-1)!);
  });
}

/** Where opening the link with this token leads: the reset page with the token, or with ?error=INVALID_TOKEN. */
async function openLink(t: TestApp, token: string) {
  const callback = encodeURIComponent(`${TEST_ORIGIN}/reset-password`);
  const opened = await t.request(`/api/auth/reset-password/${token}?callbackURL=${callback}`);
  return opened.headers.get('location');
}

const pageWithToken = (token: string) => `${TEST_ORIGIN}/reset-password?token=${token}`;
const invalidLinkPage = `${TEST_ORIGIN}/reset-password?error=INVALID_TOKEN`;

/** The link in the newest e-mail to `address`, and the token the app's page receives when it is opened. */
async function resetLinkFor(t: TestApp, address: string) {
  const sent = await emailsTo(t, address);
  const link = RESET_LINK.exec(sent.at(-1)?.text ?? '')?.[1];
  if (!link) throw new Error(`no reset link e-mailed to ${address}`);
  const opened = await t.request(link.slice(TEST_ORIGIN.length));
  const location = opened.headers.get('location') ?? '';
  return { link, opened, location, token: new URL(location, TEST_ORIGIN).searchParams.get('token') };
}

describe('password reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the same for an address with and without an account, and e-mails only the account', async () => {
    await t.signUp({ name: 'Maria Rossi', email: 'maria@example.com' });

    const known = await requestReset(t, 'Maria@Example.com');
    const unknown = await requestReset(t, 'nobody@example.com');

    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
    expect(known.headers.get('set-cookie')).toBeNull();
    expect(await emailsTo(t, 'nobody@example.com')).toHaveLength(0);
    const [email] = await emailsTo(t, 'maria@example.com');
    expect(email).toMatchObject({
      kind: 'password_reset',
      subject: 'Reset your PickupLine password',
      provider: 'local',
      status: 'queued',
    });
    expect(email!.text).toContain('Hi Maria Rossi,');
    expect(email!.text).toContain('expires in 1 hour');
    expect(email!.html).toContain('Choose a new password');
  });

  it('takes as long for an address without an account as for one with: both wait out the same floor', async () => {
    await t.signUp({ email: 'timed@example.com' });
    const time = async (email: string) => {
      const started = performance.now();
      const response = await requestReset(t, email);
      expect(response.status).toBe(200);
      return performance.now() - started;
    };
    for (const email of ['timed@example.com', 'untimed@example.com', 'timed@example.com', 'untimed@example.com']) {
      // The timer may fire a fraction of a millisecond early.
      expect(await time(email)).toBeGreaterThanOrEqual(PASSWORD_RESET_REQUEST_MIN_MS - 1);
    }
  });

  it("e-mails a link that opens the app's reset page with the token", async () => {
    await t.signUp({ email: 'link@example.com' });
    // Whatever the request names as redirectTo, the e-mailed link leads to the app's own page.
    await requestReset(t, 'link@example.com', '/dashboard');

    const { link, opened, location, token } = await resetLinkFor(t, 'link@example.com');

    expect(link.startsWith(`${TEST_ORIGIN}/api/auth/reset-password/`)).toBe(true);
    expect(opened.status).toBe(302);
    expect(location).toBe(`${TEST_ORIGIN}/reset-password?token=${token}`);
    expect(token).toMatch(/^[A-Za-z0-9]{24}$/);
    // Only a hash of the token is stored.
    const stored = await t.db.select({ identifier: verification.identifier }).from(verification);
    expect(stored.map((v) => v.identifier).join(' ')).not.toContain(token!);
  });

  it('sets the new password once, signs every session out, and refuses the link afterwards', async () => {
    const owner = await t.signUp({ email: 'owner@example.com', password: 'old-secret' });
    const laptop = sessionCookie(await signIn(t, 'owner@example.com', 'old-secret'));
    const phone = sessionCookie(await signIn(t, 'owner@example.com', 'old-secret'));
    for (const cookie of [owner.cookie, laptop, phone])
      expect((await t.request('/api/me', { cookie })).status).toBe(200);

    await requestReset(t, 'owner@example.com');
    const { token } = await resetLinkFor(t, 'owner@example.com');
    const reset = await resetPassword(t, token!, 'new-secret');

    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ status: true });
    for (const cookie of [owner.cookie, laptop, phone]) {
      expect((await t.request('/api/me', { cookie })).status).toBe(401);
    }
    expect(await t.db.select().from(session).where(eq(session.userId, owner.userId))).toHaveLength(0);
    expect((await signIn(t, 'owner@example.com', 'old-secret')).status).toBe(401);
    const signedIn = await signIn(t, 'owner@example.com', 'new-secret');
    expect(signedIn.status).toBe(200);
    expect((await t.request('/api/me', { cookie: sessionCookie(signedIn) })).status).toBe(200);

    // Single use: the same token neither resets again nor opens the page.
    const again = await resetPassword(t, token!, 'third-secret');
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await signIn(t, 'owner@example.com', 'new-secret')).status).toBe(200);
    const { location } = await resetLinkFor(t, 'owner@example.com');
    expect(location).toBe(`${TEST_ORIGIN}/reset-password?error=INVALID_TOKEN`);
  });

  it('refuses an expired link', async () => {
    const owner = await t.signUp({ email: 'late@example.com', password: 'old-secret' });
    await requestReset(t, 'late@example.com');
    const { token } = await resetLinkFor(t, 'late@example.com');
    await t.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.value, owner.userId));

    expect((await resetLinkFor(t, 'late@example.com')).location).toBe(
      `${TEST_ORIGIN}/reset-password?error=INVALID_TOKEN`,
    );
    const reset = await resetPassword(t, token!, 'new-secret');
    expect(reset.status).toBe(400);
    expect(await reset.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await signIn(t, 'late@example.com', 'old-secret')).status).toBe(200);
  });

  it('gives the link an hour', async () => {
    const owner = await t.signUp({ email: 'hour@example.com' });
    const before = Date.now();
    await requestReset(t, 'hour@example.com');
    const [row] = await t.db.select().from(verification).where(eq(verification.value, owner.userId));
    const lifetime = row!.expiresAt.getTime() - before;
    expect(lifetime).toBeGreaterThan(60 * 60_000 - 5_000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000 + 1_000);
  });

  it('refuses a new password shorter than sign-up allows, and keeps the link usable', async () => {
    await t.signUp({ email: 'short@example.com', password: 'old-secret' });
    await requestReset(t, 'short@example.com');
    const { token } = await resetLinkFor(t, 'short@example.com');

    const short = await resetPassword(t, token!, '12345');
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ code: 'PASSWORD_TOO_SHORT' });
    expect((await resetPassword(t, token!, 'kx9-q2')).status).toBe(200);
  });

  it(`sends an account at most ${LINK_EMAILS_PER_HOUR} reset e-mails an hour, answering as usual`, async () => {
    await t.signUp({ email: 'flood@example.com' });
    const answers = [];
    for (let i = 0; i < LINK_EMAILS_PER_HOUR + 2; i++) {
      const response = await requestReset(t, 'flood@example.com');
      answers.push(`${response.status} ${await response.text()}`);
    }
    expect(new Set(answers).size).toBe(1);
    expect(await emailsTo(t, 'flood@example.com')).toHaveLength(LINK_EMAILS_PER_HOUR);
  });

  describe('older links', () => {
    /** Sets a new password with the link, and whether the account then signs in with it. */
    async function resetWith(token: string, email: string, newPassword: string) {
      const reset = await resetPassword(t, token, newPassword);
      const body: unknown = await reset.json();
      return { status: reset.status, body, signsIn: (await signIn(t, email, newPassword)).status };
    }

    it('stop working once a newer link is asked for: only the newest works', async () => {
      await t.signUp({ email: 'newest@example.com', password: 'old-secret' });
      await requestReset(t, 'newest@example.com');
      await requestReset(t, 'newest@example.com');
      const [first, second] = await tokensTo(t, 'newest@example.com');

      expect(await openLink(t, first!)).toBe(invalidLinkPage);
      expect(await resetWith(first!, 'newest@example.com', 'first-secret')).toEqual({
        status: 400,
        body: expect.objectContaining({ code: 'INVALID_TOKEN' }) as unknown,
        signsIn: 401,
      });
      expect(await openLink(t, second!)).toBe(pageWithToken(second!));
      expect((await resetWith(second!, 'newest@example.com', 'second-secret')).signsIn).toBe(200);
    });

    it('are refused once another link has set a new password, even one asked for in the same instant', async () => {
      const owner = await t.signUp({ email: 'two-links@example.com', password: 'old-secret' });
      await requestReset(t, 'two-links@example.com');
      const [firstRow] = await t.db.select().from(verification).where(eq(verification.value, owner.userId));
      await requestReset(t, 'two-links@example.com');
      // Two requests in the same millisecond both keep their link: put the first back, as such a race leaves it.
      await t.db.insert(verification).values(firstRow!);
      const [first, second] = await tokensTo(t, 'two-links@example.com');
      expect(await openLink(t, first!)).toBe(pageWithToken(first!));

      expect(await resetWith(second!, 'two-links@example.com', 'second-secret')).toEqual({
        status: 200,
        body: { status: true },
        signsIn: 200,
      });

      expect(await openLink(t, first!)).toBe(invalidLinkPage);
      expect((await resetWith(first!, 'two-links@example.com', 'first-secret')).status).toBe(400);
      expect((await signIn(t, 'two-links@example.com', 'first-secret')).status).toBe(401);
      expect((await signIn(t, 'two-links@example.com', 'second-secret')).status).toBe(200);
      expect(await t.db.select().from(verification).where(eq(verification.value, owner.userId))).toEqual([]);
    });

    it('are refused once the owner chooses a new password in the account settings', async () => {
      const owner = await t.signUp({ email: 'changed@example.com', password: 'old-secret' });
      await requestReset(t, 'changed@example.com');
      const [token] = await tokensTo(t, 'changed@example.com');
      const changePassword = (currentPassword: string) =>
        t.request('/api/auth/change-password', {
          method: 'POST',
          cookie: owner.cookie,
          json: { currentPassword, newPassword: 'chosen-secret' },
        });

      // A refused change leaves the link as it was.
      expect((await changePassword('wrong-secret')).status).toBe(400);
      expect(await openLink(t, token!)).toBe(pageWithToken(token!));

      expect((await changePassword('old-secret')).status).toBe(200);
      expect(await openLink(t, token!)).toBe(invalidLinkPage);
      expect((await resetWith(token!, 'changed@example.com', 'stolen-secret')).status).toBe(400);
      expect((await signIn(t, 'changed@example.com', 'chosen-secret')).status).toBe(200);
    });

    it('keep working when the hourly cap holds a newer e-mail back', async () => {
      const owner = await t.signUp({ email: 'capped@example.com', password: 'old-secret' });
      for (let i = 0; i < LINK_EMAILS_PER_HOUR + 1; i++) await requestReset(t, 'capped@example.com');
      const tokens = await tokensTo(t, 'capped@example.com');
      expect(tokens).toHaveLength(LINK_EMAILS_PER_HOUR);

      // The request past the cap sent nothing and left no link behind; the last one e-mailed still works.
      expect(await t.db.select().from(verification).where(eq(verification.value, owner.userId))).toHaveLength(1);
      expect(await openLink(t, tokens.at(-1)!)).toBe(pageWithToken(tokens.at(-1)!));
      expect((await resetWith(tokens.at(-1)!, 'capped@example.com', 'new-secret')).signsIn).toBe(200);
    });
  });

  it('keeps kinds and statuses to the domain lists in the database', async () => {
    // Both drivers answer raw SQL with { rows }; drizzle types it loosely across them.
    const definitions: unknown = await t.db.execute(
      sql`select conname, pg_get_constraintdef(oid) as def from pg_constraint where conname in ('emails_kind', 'emails_status')`,
    );
    const rows = (definitions as { rows: { conname: string; def: string }[] }).rows;
    const quoted = (name: string) =>
      [...(rows.find((r) => r.conname === name)?.def ?? '').matchAll(/'([^']*)'/g)].map((m) => m[1]);
    expect(quoted('emails_kind')).toEqual([...EMAIL_KINDS]);
    expect(quoted('emails_status')).toEqual([...EMAIL_STATUSES]);
  });
});

describe('password reset rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ loginRateLimit: { max: 2, window: 60 } });
  });
  afterAll(() => t.close());

  it('answers 429 to requests for a link past the sign-in limit, known address or not', async () => {
    const statuses = [];
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) {
      statuses.push((await requestReset(t, email)).status);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('answers 429 to guesses at the token past the limit', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await resetPassword(t, `guess${i}`, 'new-secret')).status);
    expect(statuses).toEqual([400, 400, 429]);
  });
});
