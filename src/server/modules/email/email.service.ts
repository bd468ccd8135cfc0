import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { EmailKind } from '@shared/domain/emails';
import type { Database, Transaction } from '../../db/client';
import { emails } from '../../db/schema';
import type { JobQueue, QueueName } from '../../jobs/job-queue';
import type { Logger } from '../../logger';
import { EmailSendError, type EmailProvider } from '../../providers/email/email-provider';
import { createLocalEmailProvider } from '../../providers/email/local-email-provider';
import type { EmailContent } from './email-templates';

export const SEND_EMAIL_QUEUE = 'send-email' satisfies QueueName;
export interface SendEmailJob {
  emailId: string;
}

export interface EmailDeps {
  db: Database;
  jobs: JobQueue;
  email: EmailProvider;
  logger: Logger;
}

/**
 * Puts an e-mail in the outbox, inside the caller's transaction, for the provider configured now. The send-email
 * job sends it once the transaction has committed (enqueueEmail).
 */
export async function queueEmail(
  tx: Database | Transaction,
  {
    userId,
    kind,
    to,
    content,
    provider,
  }: { userId: string | null; kind: EmailKind; to: string; content: EmailContent; provider: EmailProvider['name'] },
): Promise<string> {
  const [row] = await tx
    .insert(emails)
    .values({ userId, kind, to, subject: content.subject, text: content.text, html: content.html, provider })
    .returning({ id: emails.id });
  return row!.id;
}

/** The e-mail workers this process runs, per queue instance, so an e-mail queued here is sent without a poll. */
const localEmailWorkers = new WeakMap<JobQueue, string[]>();
const EMAIL_WORKERS = 2;

export async function enqueueEmail(jobs: JobQueue, emailId: string) {
  await jobs.send(SEND_EMAIL_QUEUE, { emailId } satisfies SendEmailJob, {
    singletonKey: emailId,
    retryDelay: 10,
    retryBackoff: true,
    // A worker that dies mid-send frees the job after a minute instead of pg-boss's default quarter of an hour.
    expireInSeconds: 60,
    // With backoff from 10 s, six attempts span about ten minutes: long enough for a mail server's hiccup, short
    // enough that a password reset link (valid an hour) still arrives in time to be used.
    retryLimit: 5,
  });
  for (const workerId of localEmailWorkers.get(jobs) ?? []) jobs.notifyWorker(workerId);
}

/**
 * How long a send may take before another worker may assume the one sending it died. Longer than an SMTP send can
 * last (SMTP_SEND_TIMEOUT_MS), so a live send is never duplicated.
 */
export const EMAIL_SENDING_LEASE_MS = 45_000;

export class StillSendingEmailError extends Error {
  constructor(emailId: string) {
    super(`E-mail ${emailId} is being sent by another worker; trying again later`);
    this.name = 'StillSendingEmailError';
  }
}

/**
 * Sends one e-mail. Safe to run more than once for the same e-mail: only a run that claims it sends. SMTP cannot
 * tell whether a message from a worker that died mid-send went out, so that rare case is sent again (at least once).
 */
export async function sendEmail(
  deps: EmailDeps,
  { emailId }: SendEmailJob,
  { isLastAttempt }: { isLastAttempt: boolean },
) {
  const email = await claimForSending(deps.db, emailId);
  if (!email) return;
  const provider = providerFor(deps, email.provider);
  try {
    const { messageId } = await provider.send({
      to: email.to,
      subject: email.subject,
      text: email.text,
      ...(email.html ? { html: email.html } : {}),
    });
    const now = new Date();
    await deps.db
      .update(emails)
      .set({ status: 'sent', providerMessageId: messageId, sentAt: now, lastError: null, updatedAt: now })
      .where(eq(emails.id, emailId));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const giveUp = isLastAttempt || (error instanceof EmailSendError && error.isPermanent);
    // The id says which e-mail; its address and text (a live reset link) stay out of the log.
    deps.logger.warn({ emailId, kind: email.kind, error: message, giveUp }, 'e-mail not sent');
    await deps.db
      .update(emails)
      .set({ status: giveUp ? 'failed' : 'queued', lastError: message, updatedAt: new Date() })
      .where(eq(emails.id, emailId));
    if (!giveUp) throw error;
  }
}

/** The provider an e-mail was queued for: the local outbox, or the configured one. */
function providerFor(deps: EmailDeps, name: string): EmailProvider {
  return name === deps.email.name ? deps.email : createLocalEmailProvider({ from: deps.email.from });
}

/**
 * One conditional UPDATE decides who sends: a queued e-mail, or one whose sender has been silent for longer than
 * the lease. An e-mail being sent right now is left alone (the job retries later); sent and failed ones are done.
 */
async function claimForSending(db: Database, emailId: string) {
  const now = new Date();
  const [previous] = await db.select({ status: emails.status }).from(emails).where(eq(emails.id, emailId));
  if (!previous || (previous.status !== 'queued' && previous.status !== 'sending')) return null;
  const [claimed] = await db
    .update(emails)
    .set({ status: 'sending', attempts: sql`${emails.attempts} + 1`, updatedAt: now })
    .where(
      and(
        eq(emails.id, emailId),
        or(
          eq(emails.status, 'queued'),
          and(eq(emails.status, 'sending'), lt(emails.updatedAt, new Date(now.getTime() - EMAIL_SENDING_LEASE_MS))),
        ),
      ),
    )
    .returning();
  if (!claimed) {
    if (previous.status === 'sending') throw new StillSendingEmailError(emailId);
    return null;
  }
  return claimed;
}

/**
 * E-mails whose job may have been lost (a crash between commit and enqueue, or a worker that died mid-send) go
 * back on the queue. Claiming decides who really sends, so re-queueing too much is harmless.
 */
export async function requeueStalledEmails(db: Database, jobs: JobQueue, queuedForMs = 30_000) {
  const now = Date.now();
  const stalled = await db
    .select({ id: emails.id })
    .from(emails)
    .where(
      or(
        and(eq(emails.status, 'queued'), lt(emails.updatedAt, new Date(now - queuedForMs))),
        and(eq(emails.status, 'sending'), lt(emails.updatedAt, new Date(now - EMAIL_SENDING_LEASE_MS))),
      ),
    );
  for (const { id } of stalled) await enqueueEmail(jobs, id);
  return stalled.length;
}

/** Two workers, so one slow mail server does not hold up the e-mails behind it. */
export async function startEmailWorker(deps: EmailDeps) {
  const ids: string[] = [];
  for (let i = 0; i < EMAIL_WORKERS; i++) {
    ids.push(
      await deps.jobs.work<SendEmailJob>(
        SEND_EMAIL_QUEUE,
        { pollingIntervalSeconds: 0.5, includeMetadata: true },
        async ([job]) => {
          if (job) await sendEmail(deps, job.data, { isLastAttempt: job.retryCount >= job.retryLimit });
        },
      ),
    );
  }
  localEmailWorkers.set(deps.jobs, ids);
}
