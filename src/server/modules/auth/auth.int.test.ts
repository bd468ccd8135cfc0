import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, sessionCookie, type TestApp } from '../../../../tests/test-app';
import { account, profiles, restaurantProfiles, user } from '../../db/schema';

describe('accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ adminEmails: ['boss@pickupline.test'] });
  });
  afterAll(() => t.close());

  it('sign-up creates the user, profile and a trial restaurant at onboarding step 1', async () => {
    const before = Date.now();
    const { userId, cookie } = await t.signUp({ name: 'Maria Rossi', email: 'Maria@Example.com' });
    expect(cookie).toMatch(/^better-auth\.session_token=/);

    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, userId));
    expect(profile?.name).toBe('Maria Rossi');
    const [restaurant] = await t.db.select().from(restaurantProfiles).where(eq(restaurantProfiles.id, userId));
    expect(restaurant).toMatchObject({ subscriptionStatus: 'trial', onboardingStep: 1, hasCompletedOnboarding: false });
    const trialMs = restaurant!.trialEndsAt!.getTime() - before;
    expect(trialMs).toBeGreaterThanOrEqual(7 * 86_400_000 - 1000);
    expect(trialMs).toBeLessThanOrEqual(7 * 86_400_000 + 5000);

    const me = await t.request('/api/me', { cookie });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      user: { id: userId, name: 'Maria Rossi', email: 'maria@example.com' },
      isAdmin: false,
      testMode: true,
      smsProvider: 'local',
      restaurant: { subscriptionStatus: 'trial', onboardingStep: 1, hasCompletedOnboarding: false },
    });
  });

  it('the session check answers 200 for everyone: null for a visitor, the same as /api/me once signed in', async () => {
    const visitor = await t.request('/api/me/session');
    expect(visitor.status).toBe(200);
    expect(await visitor.json()).toEqual({ me: null });

    const { cookie } = await t.signUp({ name: 'Sam Session', email: 'session-check@example.com' });
    const [session, me] = await Promise.all([
      t.request('/api/me/session', { cookie }),
      t.request('/api/me', { cookie }),
    ]);
    expect(session.status).toBe(200);
    expect(await session.json()).toEqual({ me: (await me.json()) as unknown });

    const signedOut = await t.request('/api/me/session', { cookie: 'better-auth.session_token=not-a-session' });
    expect(await signedOut.json()).toEqual({ me: null });
  });

  it('stores a password hash, never the password', async () => {
    const { userId } = await t.signUp({ email: 'hash@example.com', password: 'plain-text-secret' });
    const [row] = await t.db.select().from(account).where(eq(account.userId, userId));
    expect(row?.password).toBeTruthy();
    expect(row?.password).not.toContain('plain-text-secret');
  });

  it('rejects a password shorter than 6 characters and writes nothing', async () => {
    const response = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { name: 'Shorty', email: 'short@example.com', password: '12345' },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/password/i);
    expect(await t.db.select().from(user).where(eq(user.email, 'short@example.com'))).toHaveLength(0);
  });

  it('refuses a second account with the same e-mail', async () => {
    await t.signUp({ email: 'twice@example.com' });
    const response = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { name: 'Again', email: 'twice@example.com', password: 'secret123' },
    });
    expect(response.status).toBe(422);
    expect(await t.db.select().from(profiles)).toHaveLength((await t.db.select().from(user)).length);
  });

  it('logs in with the right password and explains a wrong one', async () => {
    await t.signUp({ email: 'login@example.com', password: 'right-password' });
    const wrong = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: 'login@example.com', password: 'wrong-password' },
    });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { message: string }).message).toBe('Invalid email or password');

    const right = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: 'login@example.com', password: 'right-password' },
    });
    expect(right.status).toBe(200);
    const me = await t.request('/api/me', { cookie: sessionCookie(right) });
    expect(me.status).toBe(200);
  });

  it('a signed-out session no longer reads anything', async () => {
    const { cookie } = await t.signUp({ email: 'bye@example.com' });
    const out = await t.request('/api/auth/sign-out', { method: 'POST', cookie, json: {} });
    expect(out.status).toBe(200);
    const me = await t.request('/api/me', { cookie });
    expect(me.status).toBe(401);
    expect(await me.json()).toEqual({ error: 'Not signed in' });
  });

  it('treats e-mails listed in ADMIN_EMAILS as administrators, case-insensitively', async () => {
    const { cookie } = await t.signUp({ email: 'Boss@PickupLine.test' });
    const me = await t.request('/api/me', { cookie });
    expect(((await me.json()) as { isAdmin: boolean }).isAdmin).toBe(true);
  });
});

describe('login rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ loginRateLimit: { max: 3, window: 60 } });
  });
  afterAll(() => t.close());

  it('answers 429 once the attempts in the window are used up', async () => {
    const attempt = () =>
      t.request('/api/auth/sign-in/email', {
        method: 'POST',
        json: { email: 'nobody@example.com', password: 'whatever1' },
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt()).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
