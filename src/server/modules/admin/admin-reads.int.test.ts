import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import type { AdminAuditEntry, AdminUserDetails } from '@shared/contracts/admin';
import {
  HIDDEN_LINK,
  type AdminEmailDetails,
  type AdminEmailsResponse,
  type ResendLinkResponse,
} from '@shared/contracts/emails';
import type { ApiError } from '@shared/contracts/me';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../../tests/test-app';
import { adminAuditLog, emails, user } from '../../db/schema';
import { LINK_EMAILS_PER_HOUR } from '../email/link-emails';

const ADMIN_EMAIL = 'reader-admin@pickupline.test';
const RESET_LINK = /http:\/\/localhost:3000\/api\/auth\/reset-password\/([A-Za-z0-9]+)\?callbackURL=\S+/;
const ANY_LINK = /https?:\/\//;
const RESET_PAGE = encodeURIComponent(`${TEST_ORIGIN}/reset-password`);

/**
 * Every administrator read of personal data leaves an entry in the audit trail (who, what, about whom), and no admin
 * answer holds a link from an e-mail: the administrator sends the owner a new one instead.
 */
describe('admin reads of personal data', () => {
  let t: TestApp;
  let admin: { cookie: string; userId: string };

  beforeAll(async () => {
    t = await createTestApp({ adminEmails: [ADMIN_EMAIL] });
    admin = await t.signUp({ name: 'Reader Admin', email: ADMIN_EMAIL });
  });
  afterAll(() => t.close());

  const get = (path: string) => t.request(path, { cookie: admin.cookie });
  const post = (path: string) => t.request(path, { method: 'POST', cookie: admin.cookie });

  async function json<T>(response: Response, status = 200): Promise<T> {
    const body = await response.text();
    expect(response.status, body).toBe(status);
    return JSON.parse(body) as T;
  }

  /** The audit entries of one kind, newest first. */
  async function entries(action: AdminAuditEntry['action']) {
    return t.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, action))
      .orderBy(desc(adminAuditLog.createdAt));
  }

  const byAdmin = { actorId: expect.any(String) as string, actorEmail: ADMIN_EMAIL };

  function requestReset(email: string) {
    return t.request('/api/auth/request-password-reset', {
      method: 'POST',
      json: { email, redirectTo: '/reset-password' },
    });
  }

  /** The outbox rows of one account and kind, oldest first. */
  function emailsOf(userId: string, kind: 'password_reset' | 'email_verification') {
    return t.db
      .select()
      .from(emails)
      .where(and(eq(emails.userId, userId), eq(emails.kind, kind)))
      .orderBy(emails.createdAt);
  }

  /** Where opening a reset link with this token leads: the page with the token, or the invalid-link page. */
  async function openResetLink(token: string) {
    const opened = await t.request(`/api/auth/reset-password/${token}?callbackURL=${RESET_PAGE}`);
    return new URL(opened.headers.get('location') ?? '', TEST_ORIGIN).search;
  }

  let ownerCount = 0;
  async function ownerWithResetEmail() {
    ownerCount += 1;
    const email = `reader-owner-${ownerCount}@example.com`;
    const owner = await t.signUp({ name: 'Rita Reader', email });
    expect((await requestReset(email)).status).toBe(200);
    const [reset] = await emailsOf(owner.userId, 'password_reset');
    return { ...owner, email, reset: reset! };
  }

  describe('the e-mail outbox', () => {
    it('lists the newest e-mails without their text, and records the read', async () => {
      const owner = await ownerWithResetEmail();
      await t.db.insert(emails).values({
        userId: owner.userId,
        kind: 'password_reset',
        to: owner.email,
        subject: 'Reset your PickupLine password',
        text: 'Open http://localhost:3000/api/auth/reset-password/smtpToken?callbackURL=x',
        provider: 'smtp',
        status: 'failed',
        lastError: 'SMTP EENVELOPE: 550 No such user',
      });

      const response = await get('/api/admin/emails');
      const raw = await response.clone().text();
      const body = await json<AdminEmailsResponse>(response);

      expect(raw).not.toMatch(ANY_LINK);
      const [smtp, local] = body.emails;
      expect(smtp).toEqual({
        id: expect.any(String) as string,
        kind: 'password_reset',
        to: owner.email,
        subject: 'Reset your PickupLine password',
        provider: 'smtp',
        status: 'failed',
        createdAt: expect.any(String) as string,
        sentAt: null,
        error: 'SMTP EENVELOPE: 550 No such user',
        canResend: true,
      });
      expect(local).toMatchObject({ id: owner.reset.id, provider: 'local', to: owner.email, canResend: true });
      const times = body.emails.map((e) => Date.parse(e.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));

      const [entry] = await entries('view_emails');
      expect(entry).toMatchObject({ ...byAdmin, actorId: admin.userId, targetUserId: null, before: null });
      expect(entry!.after).toEqual({ listed: body.emails.length });
    });

    it('opens one e-mail with its link hidden, and records the read against its account', async () => {
      const owner = await ownerWithResetEmail();
      expect(owner.reset.text).toMatch(RESET_LINK);

      const response = await get(`/api/admin/emails/${owner.reset.id}`);
      const raw = await response.clone().text();
      const opened = await json<AdminEmailDetails>(response);

      expect(raw).not.toMatch(ANY_LINK);
      expect(raw).not.toContain(RESET_LINK.exec(owner.reset.text)![1]);
      expect(opened).toMatchObject({ id: owner.reset.id, kind: 'password_reset', to: owner.email, canResend: true });
      expect(opened.text).toBe(owner.reset.text.replace(RESET_LINK, HIDDEN_LINK));
      expect(opened.text).toContain('Hi Rita Reader,');

      const [entry] = await entries('view_email');
      expect(entry).toMatchObject({ ...byAdmin, actorId: admin.userId, targetUserId: owner.userId, before: null });
      expect(entry!.after).toEqual({ emailId: owner.reset.id, kind: 'password_reset', to: owner.email });
    });

    it('hides the link of an address confirmation, and of an e-mail sent by SMTP, too', async () => {
      const owner = await t.signUp({ name: 'Una Unconfirmed', email: 'unconfirmed-reader@example.com' });
      const [confirmation] = await emailsOf(owner.userId, 'email_verification');
      expect(confirmation!.text).toMatch(/\/api\/auth\/verify-email\?token=/);
      const [smtp] = await t.db
        .insert(emails)
        .values({
          userId: owner.userId,
          kind: 'email_verification',
          to: 'unconfirmed-reader@example.com',
          subject: 'Confirm your e-mail address for PickupLine',
          text: 'Confirm: https://pickupline.example/api/auth/verify-email?token=abc.def.ghi&callbackURL=x\nThanks',
          provider: 'smtp',
          status: 'sent',
        })
        .returning();

      for (const email of [confirmation!, smtp!]) {
        const opened = await json<AdminEmailDetails>(await get(`/api/admin/emails/${email.id}`));
        expect(opened.text).not.toMatch(ANY_LINK);
        expect(opened.text).toContain(HIDDEN_LINK);
      }
      expect((await json<AdminEmailDetails>(await get(`/api/admin/emails/${smtp!.id}`))).text).toBe(
        `Confirm: ${HIDDEN_LINK}\nThanks`,
      );
    });

    it('answers 404 for an unknown e-mail and 400 for a bad id, recording nothing', async () => {
      const before = (await entries('view_email')).length;
      expect(await json<ApiError>(await get(`/api/admin/emails/${randomUUID()}`), 404)).toEqual({
        error: 'E-mail not found',
      });
      expect((await json<ApiError>(await get('/api/admin/emails/nope'), 400)).field).toBe('id');
      expect(await entries('view_email')).toHaveLength(before);
    });
  });

  describe('Resend', () => {
    it('e-mails the owner a new reset link at the account’s address, voids the older one, and records it', async () => {
      const owner = await ownerWithResetEmail();
      const oldToken = RESET_LINK.exec(owner.reset.text)![1]!;

      const response = await post(`/api/admin/emails/${owner.reset.id}/resend`);
      expect(await response.clone().text()).not.toMatch(ANY_LINK);
      expect(await json<ResendLinkResponse>(response)).toEqual({ to: owner.email });

      const resets = await emailsOf(owner.userId, 'password_reset');
      expect(resets).toHaveLength(2);
      expect(resets[1]).toMatchObject({ to: owner.email, subject: 'Reset your PickupLine password' });
      const newToken = RESET_LINK.exec(resets[1]!.text)![1]!;
      expect(await openResetLink(oldToken)).toBe('?error=INVALID_TOKEN');
      expect(await openResetLink(newToken)).toBe(`?token=${newToken}`);

      const [entry] = await entries('resend_email');
      expect(entry).toMatchObject({ ...byAdmin, actorId: admin.userId, targetUserId: owner.userId, before: null });
      expect(entry!.after).toEqual({ kind: 'password_reset', to: owner.email });
    });

    it('sends the address, not the old e-mail’s: a changed address gets the new link', async () => {
      const owner = await ownerWithResetEmail();
      await t.db.update(user).set({ email: 'moved-reader@example.com' }).where(eq(user.id, owner.userId));

      expect(await json<ResendLinkResponse>(await post(`/api/admin/emails/${owner.reset.id}/resend`))).toEqual({
        to: 'moved-reader@example.com',
      });
      expect((await emailsOf(owner.userId, 'password_reset')).map((e) => e.to)).toEqual([
        owner.email,
        'moved-reader@example.com',
      ]);
    });

    it('sends a new confirmation link while the address is unconfirmed, and refuses once it is', async () => {
      const owner = await t.signUp({ name: 'Cora Confirm', email: 'confirm-resend@example.com' });
      const [confirmation] = await emailsOf(owner.userId, 'email_verification');

      expect(await json<ResendLinkResponse>(await post(`/api/admin/emails/${confirmation!.id}/resend`))).toEqual({
        to: 'confirm-resend@example.com',
      });
      expect(await emailsOf(owner.userId, 'email_verification')).toHaveLength(2);
      expect((await entries('resend_email'))[0]).toMatchObject({
        targetUserId: owner.userId,
        after: { kind: 'email_verification', to: 'confirm-resend@example.com' },
      });

      const canResend = async () =>
        (await json<AdminEmailsResponse>(await get('/api/admin/emails'))).emails.find((e) => e.id === confirmation!.id)
          ?.canResend;
      expect(await canResend()).toBe(true);
      await t.db.update(user).set({ emailVerified: true }).where(eq(user.id, owner.userId));
      expect(await canResend()).toBe(false);
      const recorded = (await entries('resend_email')).length;
      expect(await json<ApiError>(await post(`/api/admin/emails/${confirmation!.id}/resend`), 409)).toEqual({
        error: 'This address is already confirmed, so there is no new link to send.',
      });
      expect(await emailsOf(owner.userId, 'email_verification')).toHaveLength(2);
      expect(await entries('resend_email')).toHaveLength(recorded);
    });

    it(`answers 429 with when to try again once the account had ${LINK_EMAILS_PER_HOUR} an hour, sending nothing`, async () => {
      const owner = await ownerWithResetEmail();
      for (let i = 1; i < LINK_EMAILS_PER_HOUR; i++) await requestReset(owner.email);
      expect(await emailsOf(owner.userId, 'password_reset')).toHaveLength(LINK_EMAILS_PER_HOUR);
      const recorded = (await entries('resend_email')).length;

      const response = await post(`/api/admin/emails/${owner.reset.id}/resend`);
      expect(response.status).toBe(429);
      const retryAfter = Number(response.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(3500);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(((await response.json()) as ApiError).error).toBe(
        `This account has been sent ${LINK_EMAILS_PER_HOUR} of these e-mails in the last hour. Try again in 60 minutes.`,
      );
      expect(await emailsOf(owner.userId, 'password_reset')).toHaveLength(LINK_EMAILS_PER_HOUR);
      expect(await entries('resend_email')).toHaveLength(recorded);
    });

    it('answers 404 for an unknown e-mail', async () => {
      expect(await json<ApiError>(await post(`/api/admin/emails/${randomUUID()}/resend`), 404)).toEqual({
        error: 'E-mail not found',
      });
    });
  });

  describe('accounts', () => {
    it('records each export with its view and how many accounts it held', async () => {
      await t.signUp({ name: 'Exported Edna', email: 'exported-edna@example.com' });
      const response = await get('/api/admin/users/export?q=edna&filter=trial&sort=trial_end&dir=asc');
      expect(response.status).toBe(200);
      const rows: string[][] = parse(await response.text(), { bom: true });
      expect(rows.slice(1).map((row) => row[1])).toEqual(['exported-edna@example.com']);

      const [entry] = await entries('export_users');
      expect(entry).toMatchObject({ ...byAdmin, actorId: admin.userId, targetUserId: null, before: null });
      expect(entry!.after).toEqual({ search: 'edna', filter: 'trial', sort: 'trial_end', direction: 'asc', rows: 1 });

      await json<ApiError>(await get('/api/admin/users/export?filter=nope'), 400);
      expect(await entries('export_users')).toHaveLength(1);
    });

    it('records each opening of an account, which its details then list', async () => {
      const owner = await t.signUp({ name: 'Viewed Vera', email: 'viewed-vera@example.com' });

      const first = await json<AdminUserDetails>(await get(`/api/admin/users/${owner.userId}`));
      expect(first.audit).toEqual([]);
      const [entry] = await entries('view_user');
      expect(entry).toMatchObject({ ...byAdmin, actorId: admin.userId, targetUserId: owner.userId });

      const second = await json<AdminUserDetails>(await get(`/api/admin/users/${owner.userId}`));
      expect(second.audit).toEqual([
        {
          id: entry!.id,
          at: entry!.createdAt.toISOString(),
          action: 'view_user',
          actor: { id: admin.userId, email: ADMIN_EMAIL },
          targetUserId: owner.userId,
          before: null,
          after: {},
        },
      ]);

      const recorded = (await entries('view_user')).length;
      await json<ApiError>(await get(`/api/admin/users/${randomUUID()}`), 404);
      expect(await entries('view_user')).toHaveLength(recorded);
    });
  });
});
