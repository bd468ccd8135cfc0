import { desc, eq, getTableColumns } from 'drizzle-orm';
import {
  ADMIN_EMAILS_LIMIT,
  HIDDEN_LINK,
  type AdminEmail,
  type AdminEmailDetails,
  type AdminEmailsResponse,
  type ResendLinkResponse,
} from '@shared/contracts/emails';
import type { Database } from '../../db/client';
import { emails, user } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import type { AppDeps, SessionUser } from '../../http/types';
import { RESET_PASSWORD_PAGE } from '../../auth/auth';
import { assertLinkEmailAllowed } from '../email/link-emails';
import { recordAdminAction, recordAdminRead } from './audit';

type Actor = Pick<SessionUser, 'id' | 'email'>;
type EmailRow = typeof emails.$inferSelect & { isAddressConfirmed: boolean | null };

const LINK = /https?:\/\/[^\s<>"]+/g;

/**
 * The text an administrator reads: every link replaced by HIDDEN_LINK. Each link the product e-mails acts on an
 * account (a password reset, an address confirmation), so none is shown, whichever provider kept or sent it.
 */
export const hideLinks = (text: string) => text.replace(LINK, HIDDEN_LINK);

function toAdminEmail(row: EmailRow): AdminEmail {
  return {
    id: row.id,
    kind: row.kind,
    to: row.to,
    subject: row.subject,
    provider: row.provider === 'local' ? 'local' : 'smtp',
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    error: row.lastError,
    // An account's e-mails go with it (on delete cascade), so one linked to an account can be sent again, unless it
    // confirms an address that is confirmed by now.
    canResend: row.userId !== null && !(row.kind === 'email_verification' && row.isAddressConfirmed === true),
  };
}

/** The outbox's rows with whether the account's address is confirmed (null for an e-mail without an account). */
const selectEmails = (db: Database) =>
  db
    .select({ ...getTableColumns(emails), isAddressConfirmed: user.emailVerified })
    .from(emails)
    .leftJoin(user, eq(user.id, emails.userId));

/** The newest e-mails, without their text; the read is recorded. */
export async function listAdminEmails(db: Database, { actor }: { actor: Actor }): Promise<AdminEmailsResponse> {
  const rows = await selectEmails(db).orderBy(desc(emails.createdAt), desc(emails.id)).limit(ADMIN_EMAILS_LIMIT);
  await recordAdminRead(db, { actor, action: 'view_emails', targetUserId: null, what: { listed: rows.length } });
  return { emails: rows.map(toAdminEmail) };
}

/** One e-mail with its text, links hidden; the read is recorded against the account it was sent about. */
export async function openAdminEmail(
  db: Database,
  { emailId, actor }: { emailId: string; actor: Actor },
): Promise<AdminEmailDetails> {
  const [row] = await selectEmails(db).where(eq(emails.id, emailId));
  if (!row) throw notFound('E-mail');
  await recordAdminRead(db, {
    actor,
    action: 'view_email',
    targetUserId: row.userId,
    what: { emailId: row.id, kind: row.kind, to: row.to },
  });
  return { ...toAdminEmail(row), text: hideLinks(row.text) };
}

/**
 * Resend: a new link of the e-mail's kind, made by auth as for the owner's own request and sent to the account's
 * address as it is now (never to another one). The owner's hourly cap applies, answered here with 429 and when to
 * try again. Auth writes the link and the e-mail itself, so the audit entry follows once they are written.
 */
export async function resendLinkEmail(
  { db, auth }: Pick<AppDeps, 'db' | 'auth'>,
  { emailId, actor }: { emailId: string; actor: Actor },
): Promise<ResendLinkResponse> {
  const [row] = await db
    .select({ kind: emails.kind, userId: emails.userId })
    .from(emails)
    .where(eq(emails.id, emailId));
  if (!row) throw notFound('E-mail');
  const [owner] = row.userId
    ? await db
        .select({ id: user.id, email: user.email, emailVerified: user.emailVerified })
        .from(user)
        .where(eq(user.id, row.userId))
    : [];
  if (!owner) throw new HttpError(409, 'This e-mail is not linked to an account, so there is no link to send.');
  if (row.kind === 'email_verification' && owner.emailVerified) {
    throw new HttpError(409, 'This address is already confirmed, so there is no new link to send.');
  }
  await assertLinkEmailAllowed(db, { userId: owner.id, kind: row.kind });

  if (row.kind === 'password_reset') {
    await auth.api.requestPasswordReset({ body: { email: owner.email, redirectTo: RESET_PASSWORD_PAGE } });
  } else {
    await auth.api.sendVerificationEmail({ body: { email: owner.email } });
  }
  await db.transaction((tx) =>
    recordAdminAction(tx, {
      actor,
      action: 'resend_email',
      targetUserId: owner.id,
      before: null,
      after: { kind: row.kind, to: owner.email },
    }),
  );
  return { to: owner.email };
}
