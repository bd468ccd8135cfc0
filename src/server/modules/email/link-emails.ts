import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { emails } from '../../db/schema';
import { assertWithinCreationLimit, TooManyRequestsError, type CreationLimit } from '../../http/creation-limit';
import type { EmailDeps } from './email.service';
import { enqueueEmail, queueEmail } from './email.service';
import { emailVerificationEmail, passwordResetEmail } from './email-templates';

/**
 * E-mails of one kind with a link (a password reset, an address confirmation) one account gets per hour at most,
 * whoever asks and from however many addresses: past it the request is answered as usual but nothing more is sent,
 * so nobody can fill an owner's mailbox.
 */
export const LINK_EMAILS_PER_HOUR = 5;

const LINK_EMAIL_LIMIT: CreationLimit = {
  limit: LINK_EMAILS_PER_HOUR,
  windowSeconds: 60 * 60,
  refusal: `This account has been sent ${LINK_EMAILS_PER_HOUR} of these e-mails in the last hour.`,
};

const LINK_EMAILS = {
  password_reset: { content: passwordResetEmail, what: 'password reset e-mail' },
  email_verification: { content: emailVerificationEmail, what: 'confirmation e-mail' },
} as const;

export type LinkEmailKind = keyof typeof LINK_EMAILS;

/**
 * Refuses (429, with when to try again) one more e-mail of this kind to the account past the hourly cap: the rule an
 * owner's request meets silently, and an administrator's Resend meets with the reason.
 */
export async function assertLinkEmailAllowed(db: Database, { userId, kind }: { userId: string; kind: LinkEmailKind }) {
  await assertWithinCreationLimit(
    db,
    { table: emails, createdAt: emails.createdAt, where: and(eq(emails.userId, userId), eq(emails.kind, kind)) },
    LINK_EMAIL_LIMIT,
  );
}

interface LinkEmailRequest {
  userId: string;
  email: string;
  name: string;
  url: string;
}

/**
 * Puts an e-mail with a link in the outbox and queues its sending. Only writes and queues, so the request that asked
 * answers as fast as for an address without an account; the send-email worker sends it. Answers false when the
 * account's hourly cap held the e-mail back.
 */
async function queueLinkEmail(
  deps: EmailDeps,
  kind: LinkEmailKind,
  { userId, email, name, url }: LinkEmailRequest,
): Promise<boolean> {
  const { content, what } = LINK_EMAILS[kind];
  try {
    await assertLinkEmailAllowed(deps.db, { userId, kind });
  } catch (error) {
    if (!(error instanceof TooManyRequestsError)) throw error;
    deps.logger.warn({ userId }, `${what} not sent: hourly limit for this account reached`);
    return false;
  }
  const emailId = await queueEmail(deps.db, {
    userId,
    kind,
    to: email,
    content: content({ name, url }),
    provider: deps.email.name,
  });
  try {
    await enqueueEmail(deps.jobs, emailId);
  } catch (error) {
    // The e-mail is in the outbox: the sweep queues it again within a minute.
    deps.logger.warn({ emailId, err: error }, `could not queue the ${what}; the sweep will`);
  }
  return true;
}

/** The password reset e-mail for an owner who asked for one (auth's onPasswordResetRequested). */
export const queuePasswordResetEmail = (deps: EmailDeps, request: LinkEmailRequest) =>
  queueLinkEmail(deps, 'password_reset', request);

/**
 * The e-mail with the link that confirms an owner's address (auth's onVerificationRequested): at sign-up, and when
 * the owner asks again from the app.
 */
export async function queueVerificationEmail(deps: EmailDeps, request: LinkEmailRequest) {
  await queueLinkEmail(deps, 'email_verification', request);
}
