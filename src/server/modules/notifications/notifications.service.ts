import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { OutboxMessage } from '@shared/contracts/orders';
import type { NotificationKind } from '@shared/domain/notifications';
import { toE164 } from '@shared/domain/phone';
import type { Database, Transaction } from '../../db/client';
import { botPreferences, notifications, orders, phoneVerifications, restaurantProfiles } from '../../db/schema';
import type { JobQueue, QueueName } from '../../jobs/job-queue';
import type { Logger } from '../../logger';
import { SmsSendError, type SmsProvider } from '../../providers/sms/sms-provider';
import { createLocalSmsProvider } from '../../providers/sms/local-sms-provider';
import type { RealtimeHub } from '../../realtime/realtime-hub';
import { withEvents } from '../../realtime/with-events';
import { publishOrderChange } from '../order-view/order-view';
import { smsBody } from './sms-templates';
import { speakPickup } from '../pickup-time/spoken-pickup';

export const SEND_SMS_QUEUE = 'send-sms' satisfies QueueName;
export interface SendSmsJob {
  notificationId: string;
}

export interface NotificationDeps {
  db: Database;
  jobs: JobQueue;
  hub: RealtimeHub;
  sms: SmsProvider;
  logger: Logger;
  /**
   * SENDING_LEASE_MS unless set. Shorter only with a provider that surely answers within it: the crash test's fake
   * Twilio, so that what a killed worker left 'sending' is retaken within seconds.
   */
  sendingLeaseMs?: number;
}

/**
 * Puts a customer text in the outbox, inside the caller's transaction. unique(order, kind) makes this a no-op the
 * second time, so an order is never texted twice about the same step. Returns the new id, or null if already there.
 */
export async function queueNotification(
  tx: Database | Transaction,
  {
    orderId,
    restaurantId,
    kind,
    provider,
    now = new Date(),
  }: {
    orderId: string;
    restaurantId: string;
    kind: NotificationKind;
    provider: string;
    /** The moment the text is about: "today" and "tomorrow" in it count from here. */
    now?: Date;
  },
): Promise<string | null> {
  const [context] = await tx
    .select({
      source: orders.source,
      phoneNumber: orders.phoneNumber,
      readyInMinutes: orders.readyInMinutes,
      dailyNumber: orders.dailyNumber,
      quotedReadyAt: orders.quotedReadyAt,
      scheduledFor: orders.scheduledFor,
      restaurantName: restaurantProfiles.restaurantName,
      timeZone: restaurantProfiles.timezone,
      language: botPreferences.language,
    })
    .from(orders)
    .innerJoin(restaurantProfiles, eq(restaurantProfiles.id, orders.userId))
    .leftJoin(botPreferences, eq(botPreferences.restaurantId, orders.userId))
    .where(and(eq(orders.id, orderId), eq(orders.userId, restaurantId)));
  if (!context) return null;

  const to = toE164(context.phoneNumber);
  const language = context.language ?? 'en';
  // The time quoted on the call, on the restaurant's clock, as the caller heard it.
  const quoted = context.quotedReadyAt
    ? speakPickup(language, context.quotedReadyAt.getTime(), now.getTime(), context.timeZone ?? 'UTC')
    : null;
  const body = smsBody(language, kind, {
    restaurantName: context.restaurantName ?? 'Your restaurant',
    readyInMinutes: context.readyInMinutes,
    orderNumber: context.dailyNumber,
    pickup: quoted && {
      when: context.scheduledFor ? quoted.when : quoted.time,
      scheduled: context.scheduledFor !== null,
    },
  });
  const [row] = await tx
    .insert(notifications)
    .values({
      orderId,
      restaurantId,
      kind,
      to: to ?? context.phoneNumber,
      body,
      // Test orders and test calls carry fictional or the owner's own numbers: their texts stay in the local outbox.
      provider: context.source === 'phone' ? provider : LOCAL_SMS.name,
      // A number we cannot text is recorded as failed straight away, with the reason, rather than retried.
      status: to ? 'queued' : 'failed',
      lastError: to ? null : `Not a phone number we can text: ${context.phoneNumber}`,
    })
    .onConflictDoNothing({ target: [notifications.orderId, notifications.kind] })
    .returning({ id: notifications.id, status: notifications.status });
  return row?.status === 'queued' ? row.id : null;
}

/** The SMS workers this process runs, per queue instance, so a text sent here is picked up without waiting a poll. */
const localSmsWorkers = new WeakMap<JobQueue, string[]>();
const SMS_WORKERS = 3;

export async function enqueueSms(jobs: JobQueue, notificationId: string) {
  await sendSmsJob(jobs, notificationId);
  for (const workerId of localSmsWorkers.get(jobs) ?? []) jobs.notifyWorker(workerId);
}

async function sendSmsJob(jobs: JobQueue, notificationId: string) {
  await jobs.send(SEND_SMS_QUEUE, { notificationId } satisfies SendSmsJob, {
    singletonKey: notificationId,
    retryDelay: 5,
    retryBackoff: true,
    // A worker that dies mid-send frees the job after a minute instead of pg-boss's default quarter of an hour.
    expireInSeconds: 60,
    // Retries outlast the sending lease, so a text held by a dead worker is picked up by a later attempt.
    retryLimit: 5,
  });
}

/** Sends one text. Safe to run more than once for the same notification: only the first run sends. */
export async function sendNotification(
  deps: NotificationDeps,
  { notificationId }: SendSmsJob,
  { isLastAttempt }: { isLastAttempt: boolean },
) {
  const notification = await claimForSending(deps.db, notificationId, deps.sendingLeaseMs ?? SENDING_LEASE_MS);
  if (!notification) return;
  const sms = providerFor(deps, notification.provider);
  if (notification.takenOver) {
    // Left in 'sending' by a worker that died mid-send: the provider may have the message already.
    const found = sms.findSent
      ? await sms.findSent({ to: notification.to, body: notification.body, since: notification.previousAttemptAt })
      : null;
    if (found) return markSent(deps, notification, found);
  }

  try {
    const result = await sms.send({ to: notification.to, body: notification.body });
    await markSent(deps, notification, result);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const giveUp = isLastAttempt || isPermanent(error);
    deps.logger.warn({ notificationId, err: error, giveUp }, 'text message not sent');
    await withEvents(deps.db, deps.hub, async (tx, events) => {
      await tx
        .update(notifications)
        .set({ status: giveUp ? 'failed' : 'queued', lastError: message, updatedAt: new Date() })
        .where(eq(notifications.id, notificationId));
      await publishOrderChange(tx, events, notification.restaurantId, notification.orderId);
    });
    if (!giveUp) throw error;
  }
}

const LOCAL_SMS = createLocalSmsProvider();

/** The provider a text was queued for: the local outbox (test orders, test mode) or the configured one. */
function providerFor(deps: NotificationDeps, name: string): SmsProvider {
  return name === LOCAL_SMS.name ? LOCAL_SMS : deps.sms;
}

/**
 * How long a send may take before another worker may assume the one sending it died. Longer than any provider call
 * can last (the Twilio SDK gives up after 30 s), so a live send is never duplicated.
 */
export const SENDING_LEASE_MS = 45_000;

export class StillSendingError extends Error {
  constructor(notificationId: string) {
    super(`Text ${notificationId} is being sent by another worker; trying again later`);
    this.name = 'StillSendingError';
  }
}

/**
 * One conditional UPDATE decides who sends: a queued text, or one whose sender has been silent for longer than the
 * lease. A text being sent right now is left alone (the job retries later); sent and failed texts are done.
 */
async function claimForSending(db: Database, notificationId: string, sendingLeaseMs: number) {
  const now = new Date();
  const [previous] = await db
    .select({ status: notifications.status, updatedAt: notifications.updatedAt })
    .from(notifications)
    .where(eq(notifications.id, notificationId));
  if (!previous || (previous.status !== 'queued' && previous.status !== 'sending')) return null;
  const [claimed] = await db
    .update(notifications)
    .set({ status: 'sending', attempts: sql`${notifications.attempts} + 1`, updatedAt: now })
    .where(
      and(
        eq(notifications.id, notificationId),
        or(
          eq(notifications.status, 'queued'),
          and(
            eq(notifications.status, 'sending'),
            lt(notifications.updatedAt, new Date(now.getTime() - sendingLeaseMs)),
          ),
        ),
      ),
    )
    .returning();
  if (!claimed) {
    if (previous.status === 'sending') throw new StillSendingError(notificationId);
    return null;
  }
  return { ...claimed, takenOver: previous.status === 'sending', previousAttemptAt: previous.updatedAt };
}

/** Whether retrying can help is the provider's call; anything else (a timeout, a crash) is worth another try. */
function isPermanent(error: unknown): boolean {
  return error instanceof SmsSendError && error.isPermanent;
}

async function markSent(
  deps: NotificationDeps,
  notification: typeof notifications.$inferSelect,
  result: { providerMessageId: string; status: 'sent' | 'delivered' },
) {
  const now = new Date();
  await withEvents(deps.db, deps.hub, async (tx, events) => {
    await tx
      .update(notifications)
      .set({
        status: result.status,
        providerMessageId: result.providerMessageId,
        sentAt: now,
        deliveredAt: result.status === 'delivered' ? now : null,
        lastError: null,
        updatedAt: now,
      })
      .where(eq(notifications.id, notification.id));
    await tx.update(orders).set({ notifiedAt: now }).where(eq(orders.id, notification.orderId));
    await publishOrderChange(tx, events, notification.restaurantId, notification.orderId);
  });
}

/** A delivery report from the provider (Twilio status callback), matched by the provider's message id. */
export async function applyDeliveryReport(
  deps: Pick<NotificationDeps, 'db' | 'hub'>,
  {
    providerMessageId,
    status,
    error,
  }: { providerMessageId: string; status: 'sent' | 'delivered' | 'failed'; error?: string },
): Promise<boolean> {
  return withEvents(deps.db, deps.hub, async (tx, events) => {
    const [row] = await tx
      .update(notifications)
      .set({
        status,
        lastError: status === 'failed' ? (error ?? 'The carrier could not deliver the message') : null,
        deliveredAt: status === 'delivered' ? new Date() : undefined,
        updatedAt: new Date(),
      })
      // Reports can arrive out of order: a delivered text stays delivered whatever comes after.
      .where(
        and(
          eq(notifications.providerMessageId, providerMessageId),
          inArray(notifications.status, status === 'delivered' ? ['sending', 'sent', 'failed'] : ['sending', 'sent']),
        ),
      )
      .returning({ orderId: notifications.orderId, restaurantId: notifications.restaurantId });
    if (!row) return applyCodeTextReport(tx, { providerMessageId, status, error });
    await publishOrderChange(tx, events, row.restaurantId, row.orderId);
    return true;
  });
}

/** A delivery report for a text carrying a phone-number code (the outbox shows those too). */
async function applyCodeTextReport(
  tx: Transaction,
  {
    providerMessageId,
    status,
    error,
  }: { providerMessageId: string; status: 'sent' | 'delivered' | 'failed'; error?: string },
): Promise<boolean> {
  const updated = await tx
    .update(phoneVerifications)
    .set({
      textStatus: status,
      textError: status === 'failed' ? (error ?? 'The carrier could not deliver the message') : null,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(phoneVerifications.providerMessageId, providerMessageId),
        inArray(
          phoneVerifications.textStatus,
          status === 'delivered' ? ['sending', 'sent', 'failed'] : ['sending', 'sent'],
        ),
      ),
    )
    .returning({ id: phoneVerifications.id });
  return updated.length > 0;
}

/**
 * Texts whose job may have been lost (a crash between commit and enqueue, or a worker that died mid-send) go back on
 * the queue. Claiming decides who really sends, so re-queueing too much is harmless.
 */
export async function requeueStalledNotifications(
  db: Database,
  jobs: JobQueue,
  { queuedForMs = 30_000, sendingLeaseMs = SENDING_LEASE_MS }: { queuedForMs?: number; sendingLeaseMs?: number } = {},
) {
  const now = Date.now();
  const stalled = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      or(
        and(eq(notifications.status, 'queued'), lt(notifications.updatedAt, new Date(now - queuedForMs))),
        and(eq(notifications.status, 'sending'), lt(notifications.updatedAt, new Date(now - sendingLeaseMs))),
      ),
    );
  for (const { id } of stalled) await enqueueSms(jobs, id);
  return stalled.length;
}

/** The owner's latest texts, newest first: those to customers about their orders, and codes proving a number. */
export async function listOutbox(db: Database, restaurantId: string, limit = 100): Promise<OutboxMessage[]> {
  const [rows, codes] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.restaurantId, restaurantId))
      .orderBy(desc(notifications.createdAt))
      .limit(limit),
    db
      .select()
      .from(phoneVerifications)
      .where(eq(phoneVerifications.ownerId, restaurantId))
      .orderBy(desc(phoneVerifications.createdAt))
      .limit(limit),
  ]);
  const texts = rows.map((r) => ({
    id: r.id,
    orderId: r.orderId,
    kind: r.kind,
    to: r.to,
    body: r.body,
    provider: r.provider,
    status: r.status,
    attempts: r.attempts,
    lastError: r.lastError,
    createdAt: r.createdAt,
    sentAt: r.sentAt,
  }));
  const codeTexts = codes.map((c) => ({
    id: c.id,
    orderId: null,
    kind: 'phone_code' as const,
    to: c.phoneNumber,
    body: c.body,
    provider: c.provider,
    status: c.textStatus,
    attempts: 1,
    lastError: c.textError,
    createdAt: c.createdAt,
    sentAt: c.sentAt,
  }));
  return [...texts, ...codeTexts]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .slice(0, limit)
    .map((t) => ({ ...t, createdAt: t.createdAt.toISOString(), sentAt: t.sentAt?.toISOString() ?? null }));
}

/** A few workers, so one slow provider call does not hold up the texts behind it. */
export async function startSmsWorker(deps: NotificationDeps) {
  const ids: string[] = [];
  for (let i = 0; i < SMS_WORKERS; i++) {
    ids.push(
      await deps.jobs.work<SendSmsJob>(
        SEND_SMS_QUEUE,
        { pollingIntervalSeconds: 0.5, includeMetadata: true },
        async ([job]) => {
          if (job) await sendNotification(deps, job.data, { isLastAttempt: job.retryCount >= job.retryLimit });
        },
      ),
    );
  }
  localSmsWorkers.set(deps.jobs, ids);
}
