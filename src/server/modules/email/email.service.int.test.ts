import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/test-app';
import { emails } from '../../db/schema';
import { EmailSendError, type EmailMessage, type EmailProvider } from '../../providers/email/email-provider';
import { createLocalEmailProvider } from '../../providers/email/local-email-provider';
import { queueEmail, requeueStalledEmails, sendEmail, type EmailDeps } from './email.service';
import { passwordResetEmail } from './email-templates';

const FROM = 'PickupLine <no-reply@pickupline.example.com>';

/** An SMTP-like provider that records what it is asked to send and answers as told. */
function recordingProvider(answers: (() => Promise<{ messageId: string }>)[] = []) {
  const sent: EmailMessage[] = [];
  const provider: EmailProvider = {
    name: 'smtp',
    from: FROM,
    send(message) {
      sent.push(message);
      const answer = answers.shift();
      return answer ? answer() : Promise.resolve({ messageId: `<${sent.length}@pickupline.example.com>` });
    },
  };
  return { provider, sent };
}

async function waitForStatus(t: TestApp, emailId: string, status: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [row] = await t.db.select().from(emails).where(eq(emails.id, emailId));
    if (row?.status === status) return row;
    if (Date.now() > deadline) throw new Error(`e-mail still ${row?.status}, expected ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The password reset e-mail to `address` (its sign-up confirmation e-mail is in the outbox too). */
async function emailFor(t: TestApp, address: string) {
  const [row] = await t.db
    .select()
    .from(emails)
    .where(and(eq(emails.to, address), eq(emails.kind, 'password_reset')));
  if (!row) throw new Error(`no e-mail to ${address}`);
  return row;
}

describe('the send-email worker', () => {
  let t: TestApp;
  const smtp = recordingProvider();
  beforeAll(async () => {
    t = await createTestApp({ withWorkers: true, email: smtp.provider });
  });
  afterAll(() => t.close());

  it('sends a queued password reset once through the provider and marks it sent', async () => {
    await t.signUp({ name: 'Maria Rossi', email: 'maria@example.com' });
    await t.request('/api/auth/request-password-reset', {
      method: 'POST',
      json: { email: 'maria@example.com', redirectTo: '/reset-password' },
    });
    const queued = await emailFor(t, 'maria@example.com');
    expect(queued.provider).toBe('smtp');

    const sent = await waitForStatus(t, queued.id, 'sent');

    const resets = () => smtp.sent.filter((m) => m.subject === queued.subject);
    expect(resets()).toEqual([
      { to: 'maria@example.com', subject: queued.subject, text: queued.text, html: queued.html },
    ]);
    // The sign-up's confirmation e-mail went out too, before or after it: the id is the one this send got.
    const messageNumber = smtp.sent.indexOf(resets()[0]!) + 1;
    expect(sent).toMatchObject({
      attempts: 1,
      providerMessageId: `<${messageNumber}@pickupline.example.com>`,
      lastError: null,
    });
    expect(sent.sentAt).toBeInstanceOf(Date);
    // A second run of the same job finds it sent and sends nothing.
    await sendEmail(
      { db: t.db, jobs: t.jobs, email: smtp.provider, logger: t.logger },
      { emailId: queued.id },
      {
        isLastAttempt: false,
      },
    );
    expect(resets()).toHaveLength(1);
  });

  it('queues again an e-mail whose job was lost, and sends it', async () => {
    const id = await queueEmail(t.db, {
      userId: null,
      kind: 'password_reset',
      to: 'lost@example.com',
      content: passwordResetEmail({ name: 'Lost', url: 'http://localhost:3000/x' }),
      provider: 'smtp',
    });
    await t.db
      .update(emails)
      .set({ updatedAt: new Date(Date.now() - 60_000) })
      .where(eq(emails.id, id));

    expect(await requeueStalledEmails(t.db, t.jobs)).toBe(1);
    await waitForStatus(t, id, 'sent');
    expect(smtp.sent.filter((m) => m.to === 'lost@example.com')).toHaveLength(1);
  });
});

describe('sending one e-mail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const queue = (to: string, provider: EmailProvider['name'] = 'smtp') =>
    queueEmail(t.db, {
      userId: null,
      kind: 'password_reset',
      to,
      content: passwordResetEmail({ name: 'Sam', url: 'http://localhost:3000/reset' }),
      provider,
    });
  const deps = (email: EmailProvider): EmailDeps => ({ db: t.db, jobs: t.jobs, email, logger: t.logger });
  const row = async (id: string) => (await t.db.select().from(emails).where(eq(emails.id, id)))[0]!;

  it('puts an e-mail back in the queue with the error after a failure worth retrying, and sends it next time', async () => {
    const id = await queue('retry@example.com');
    const smtp = recordingProvider([
      () => Promise.reject(new EmailSendError('SMTP ECONNECTION: Connection closed unexpectedly', false)),
    ]);

    await expect(sendEmail(deps(smtp.provider), { emailId: id }, { isLastAttempt: false })).rejects.toThrow(
      'Connection closed',
    );
    expect(await row(id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: 'SMTP ECONNECTION: Connection closed unexpectedly',
    });

    await sendEmail(deps(smtp.provider), { emailId: id }, { isLastAttempt: false });
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(smtp.sent).toHaveLength(2);
  });

  it("marks an e-mail failed at once when the server refuses it for good, or on the job's last attempt", async () => {
    const refused = await queue('refused@example.com');
    const smtp = recordingProvider([
      () => Promise.reject(new EmailSendError('SMTP EENVELOPE: 550 5.1.1 No such user', true)),
      () => Promise.reject(new EmailSendError('SMTP ETIMEDOUT: Greeting never received', false)),
    ]);
    await sendEmail(deps(smtp.provider), { emailId: refused }, { isLastAttempt: false });
    expect(await row(refused)).toMatchObject({ status: 'failed', lastError: 'SMTP EENVELOPE: 550 5.1.1 No such user' });

    const timedOut = await queue('timeout@example.com');
    await sendEmail(deps(smtp.provider), { emailId: timedOut }, { isLastAttempt: true });
    expect(await row(timedOut)).toMatchObject({
      status: 'failed',
      lastError: 'SMTP ETIMEDOUT: Greeting never received',
    });

    // Failed is final: a later run sends nothing.
    await sendEmail(deps(smtp.provider), { emailId: refused }, { isLastAttempt: false });
    expect(smtp.sent).toHaveLength(2);
  });

  it('leaves an e-mail another worker is sending alone, and takes it over once that worker is silent too long', async () => {
    const id = await queue('busy@example.com');
    await t.db.update(emails).set({ status: 'sending', updatedAt: new Date() }).where(eq(emails.id, id));
    const smtp = recordingProvider();

    await expect(sendEmail(deps(smtp.provider), { emailId: id }, { isLastAttempt: false })).rejects.toThrow(
      'being sent by another worker',
    );
    expect(smtp.sent).toHaveLength(0);

    await t.db
      .update(emails)
      .set({ updatedAt: new Date(Date.now() - 60_000) })
      .where(eq(emails.id, id));
    await sendEmail(deps(smtp.provider), { emailId: id }, { isLastAttempt: false });
    expect(smtp.sent).toHaveLength(1);
    expect((await row(id)).status).toBe('sent');
  });

  it('keeps an e-mail queued for the local outbox there, even once SMTP is configured', async () => {
    const id = await queue('local@example.com', 'local');
    const smtp = recordingProvider();

    await sendEmail(deps(smtp.provider), { emailId: id }, { isLastAttempt: false });

    expect(smtp.sent).toHaveLength(0);
    const sent = await row(id);
    expect(sent.status).toBe('sent');
    expect(sent.providerMessageId).toMatch(/^<[^@>]+@pickupline\.example\.com>$/);
  });

  it('sends with the local provider by composing the message and sending nothing', async () => {
    const id = await queue('outbox@example.com', 'local');
    await sendEmail(deps(createLocalEmailProvider({ from: FROM })), { emailId: id }, { isLastAttempt: false });
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1 });
  });
});
