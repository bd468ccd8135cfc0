import { and, count, eq, gt } from 'drizzle-orm';
import { emails } from '../../db/schema';
import type { EmailDeps } from './email.service';
import { enqueueEmail, queueEmail } from './email.service';
import { emailVerificationEmail, passwordResetEmail } from './email-templates';

/**
 * E-mails of one kind with a link (a password reset, an address confirmation) one account gets per hour at most,
 * whoever asks and from however many addresses: past it the request is answered as usual but nothing more is sent,
 * so nobody can fill an owner's mailbox.
 */
export const LINK_EMAILS_PER_HOUR = 5;

const LINK_EMAILS = {
  password_reset: { content: passwordResetEmail, what: 'password reset e-mail' },
  email_verification: { content: emailVerificationEmail, what: 'confirmation e-mail' },
} as const;

interface LinkEmailRequest {
  userId: string;
  email: string;
  name: string;
  url: string;
}

/**
 * Puts an e-mail with a link in the outbox and queues its sending. Only writes and queues, so the request that asked
 * answers as fast as for an address without an account; the send-email worker sends it.
 */
async function queueLinkEmail(
  deps: EmailDeps,
  kind: keyof typeof LINK_EMAILS,
  { userId, email, name, url }: LinkEmailRequest,
) {
  const { content, what } = LINK_EMAILS[kind];
  const [recent] = await deps.db
    .select({ count: count() })
    .from(emails)
    .where(
      and(
        eq(emails.userId, userId),
        eq(emails.kind, kind),
        gt(emails.createdAt, new Date(Date.now() - 60 * 60 * 1000)),
      ),
    );
  if ((recent?.count ?? 0) >= LINK_EMAILS_PER_HOUR) {
    deps.logger.warn({ userId }, `${what} not sent: hourly limit for this account reached`);
    return;
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
}

/** The password reset e-mail for an owner who asked for one (auth's onPasswordResetRequested). */
export const queuePasswordResetEmail = (deps: EmailDeps, request: LinkEmailRequest) =>
  queueLinkEmail(deps, 'password_reset', request);

/**
 * The e-mail with the link that confirms an owner's address (auth's onVerificationRequested): at sign-up, and when
 * the owner asks again from the app.
 */
export const queueVerificationEmail = (deps: EmailDeps, request: LinkEmailRequest) =>
  queueLinkEmail(deps, 'email_verification', request);
