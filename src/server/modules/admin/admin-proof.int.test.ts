import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { OPERATOR_ACTOR_EMAIL } from '@shared/contracts/admin';
import { createTestApp, sessionCookie, TEST_ORIGIN, type TestApp } from '../../../../tests/test-app';
import { adminAuditLog, emails, user } from '../../db/schema';
import { changeAdminRole, UnknownAccountError } from './admin-role-change';

const ADMIN = 'boss@pickupline.test';

async function me(t: TestApp, cookie: string) {
  const response = await t.request('/api/me', { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as { isAdmin: boolean; emailVerified: boolean };
}

const adminApiStatus = async (t: TestApp, cookie: string) => (await t.request('/api/admin/users', { cookie })).status;

describe('the administrator role needs proof of the address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ adminEmails: [ADMIN, 'second@pickupline.test'], confirmAdminEmails: false });
  });
  afterAll(() => t.close());

  it('e-mails every new owner a confirmation link valid for a day', async () => {
    const { userId } = await t.signUp({ email: 'maria@example.com' });
    const sent = await t.db
      .select()
      .from(emails)
      .where(and(eq(emails.userId, userId), eq(emails.kind, 'email_verification')));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'maria@example.com', subject: 'Confirm your e-mail address for PickupLine' });
    expect(sent[0]!.text).toContain('The link expires in 24 hours.');
    const link = new URL(await t.verificationLinkFor(userId));
    expect(link.origin).toBe(TEST_ORIGIN);
    expect(link.pathname).toBe('/api/auth/verify-email');
    expect(link.searchParams.get('callbackURL')).toBe(`${TEST_ORIGIN}/email-confirmed`);
  });

  it('keeps an ADMIN_EMAILS owner out of admin until the link is opened signed in, then lets them in', async () => {
    const { cookie, userId } = await t.signUp({ email: 'Boss@PickupLine.test' });
    expect(await me(t, cookie)).toMatchObject({ isAdmin: false, emailVerified: false });
    expect(await adminApiStatus(t, cookie)).toBe(403);

    const opened = await t.openVerificationLink(userId, cookie);
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe(`${TEST_ORIGIN}/email-confirmed`);

    expect(await me(t, cookie)).toMatchObject({ isAdmin: true, emailVerified: true });
    expect(await adminApiStatus(t, cookie)).toBe(200);
  });

  it('does not make an administrator of whoever signed the address up when the mailbox owner opens the link', async () => {
    // Someone else signs up the listed address first; the real owner finds the e-mail and opens it, signed out.
    const squatter = await t.signUp({ email: 'second@pickupline.test', password: 'squatter-pass-1' });
    const opened = await t.openVerificationLink(squatter.userId);
    expect(opened.status).toBe(302);
    expect(await me(t, squatter.cookie)).toMatchObject({ isAdmin: false, emailVerified: true });
    expect(await adminApiStatus(t, squatter.cookie)).toBe(403);

    // The real owner takes the account back with "Forgot password": the link goes to their mailbox, the new
    // password signs every other session out, and the address counts as proven.
    await t.request('/api/auth/request-password-reset', {
      method: 'POST',
      json: { email: 'second@pickupline.test', redirectTo: '/reset-password' },
    });
    const [reset] = await t.db
      .select({ text: emails.text })
      .from(emails)
      .where(and(eq(emails.userId, squatter.userId), eq(emails.kind, 'password_reset')));
    const resetLink = /http:\/\/localhost:3000(\/api\/auth\/reset-password\/\S+)/.exec(reset!.text)![1]!;
    const location = (await t.request(resetLink)).headers.get('location') ?? '';
    const token = new URL(location, TEST_ORIGIN).searchParams.get('token');
    const done = await t.request('/api/auth/reset-password', {
      method: 'POST',
      json: { token, newPassword: 'owner-pass-2024' },
    });
    expect(done.status).toBe(200);

    expect((await t.request('/api/me', { cookie: squatter.cookie })).status).toBe(401);
    const signIn = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: 'second@pickupline.test', password: 'owner-pass-2024' },
    });
    const owner = sessionCookie(signIn);
    expect(await me(t, owner)).toMatchObject({ isAdmin: true });
  });

  it('lets an owner ask for a new link, and sends an expired or forged one back to the app with the reason', async () => {
    const { cookie, userId } = await t.signUp({ email: 'again@example.com' });
    const resend = await t.request('/api/auth/send-verification-email', {
      method: 'POST',
      cookie,
      json: { email: 'again@example.com' },
    });
    expect(resend.status).toBe(200);
    const sent = await t.db
      .select()
      .from(emails)
      .where(and(eq(emails.userId, userId), eq(emails.kind, 'email_verification')));
    expect(sent).toHaveLength(2);

    const forged = await t.request(
      '/api/auth/verify-email?token=not-a-token&callbackURL=' + encodeURIComponent(`${TEST_ORIGIN}/email-confirmed`),
    );
    expect(forged.status).toBe(302);
    expect(forged.headers.get('location')).toBe(`${TEST_ORIGIN}/email-confirmed?error=INVALID_TOKEN`);
    expect(await me(t, cookie)).toMatchObject({ emailVerified: false });
  });

  it('lets the operator grant and revoke the role, effective at the next request, with audit entries', async () => {
    const owner = await t.signUp({ email: 'helper@example.com' });
    expect(await adminApiStatus(t, owner.cookie)).toBe(403);

    await expect(changeAdminRole(t.db, [ADMIN], { change: 'grant', email: ' Helper@Example.com ' })).resolves.toEqual({
      userId: owner.userId,
      wasAdministrator: false,
      isAdministrator: true,
    });
    expect(await adminApiStatus(t, owner.cookie)).toBe(200);
    expect(await me(t, owner.cookie)).toMatchObject({ isAdmin: true });

    await changeAdminRole(t.db, [ADMIN], { change: 'revoke', email: 'helper@example.com' });
    expect(await adminApiStatus(t, owner.cookie)).toBe(403);

    const entries = await t.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetUserId, owner.userId))
      .orderBy(adminAuditLog.createdAt);
    expect(entries.map((e) => [e.action, e.actorId, e.actorEmail, e.before, e.after])).toEqual([
      [
        'grant_admin',
        null,
        OPERATOR_ACTOR_EMAIL,
        { email: 'helper@example.com', administrator: false },
        { administrator: true },
      ],
      [
        'revoke_admin',
        null,
        OPERATOR_ACTOR_EMAIL,
        { email: 'helper@example.com', administrator: true },
        { administrator: false },
      ],
    ]);
  });

  it('lets a revocation override ADMIN_EMAILS, and refuses an unknown address', async () => {
    const [boss] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, ADMIN));
    const result = await changeAdminRole(t.db, [ADMIN], { change: 'revoke', email: ADMIN });
    expect(result).toEqual({ userId: boss!.id, wasAdministrator: true, isAdministrator: false });
    await expect(changeAdminRole(t.db, [ADMIN], { change: 'grant', email: 'nobody@example.com' })).rejects.toThrow(
      UnknownAccountError,
    );
  });
});
