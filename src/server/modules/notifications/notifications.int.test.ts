import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/test-app';
import { notifications, orders } from '../../db/schema';
import { createLogger } from '../../logger';
import type { SendSmsInput, SmsProvider } from '../../providers/sms/sms-provider';
import type { StoredEvent } from '../../realtime/realtime-hub';
import {
  applyDeliveryReport,
  enqueueSms,
  queueNotification,
  SEND_SMS_QUEUE,
  sendNotification,
  StillSendingError,
  type NotificationDeps,
} from './notifications.service';
import { smsBody } from './sms-templates';
import { nextOrderNumber } from '../order-view/order-number';
import type { ListOrdersResponse, OutboxMessage } from '@shared/contracts/orders';
import type { NotificationKind } from '@shared/domain/notifications';

type Owner = { cookie: string; userId: string };
type NotificationRow = typeof notifications.$inferSelect;

const RETRY_LIMIT = 5;

/** Reads until `done` holds, for at most timeoutMs; `eachPoll` runs before every read. */
function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  { timeoutMs = 10_000, eachPoll }: { timeoutMs?: number; eachPoll?: () => Promise<unknown> } = {},
): Promise<T> {
  return vi.waitFor(
    async () => {
      await eachPoll?.();
      const value = await read();
      if (!done(value)) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
      return value;
    },
    { timeout: timeoutMs, interval: 100 },
  );
}

/** Shared helpers for one app: owners, orders inserted with a chosen customer number, and the outbox rows. */
function helpers(get: () => TestApp, prefix: string) {
  let counter = 0;
  const t = () => get();
  return {
    newOwner: (): Promise<Owner> => t().signUp({ email: `${prefix}${++counter}@example.com` }),
    /** Numbered like every real order (#1, #2 … per owner and day). */
    async insertOrder(userId: string, phoneNumber: string) {
      return t().db.transaction(async (tx) => {
        const number = await nextOrderNumber(tx, userId);
        const [order] = await tx
          .insert(orders)
          .values({ userId, item: '1× Tacos', phoneNumber, ...number })
          .returning();
        return order!;
      });
    },
    async textsFor(orderId: string) {
      return t().db.select().from(notifications).where(eq(notifications.orderId, orderId));
    },
    async textFor(orderId: string, kind: NotificationKind): Promise<NotificationRow | undefined> {
      const rows = await t().db.select().from(notifications).where(eq(notifications.orderId, orderId));
      return rows.find((r) => r.kind === kind);
    },
    async readOrder(id: string) {
      const [row] = await t().db.select().from(orders).where(eq(orders.id, id));
      return row!;
    },
    async prepTime(cookie: string, orderId: string, minutes = 15) {
      const response = await t().request(`/api/orders/${orderId}/prep-time`, {
        method: 'POST',
        cookie,
        json: { minutes },
      });
      expect(response.status).toBe(200);
    },
    async markReady(cookie: string, orderId: string) {
      const response = await t().request(`/api/orders/${orderId}/ready`, { method: 'POST', cookie });
      expect(response.status).toBe(200);
    },
    /** pg-boss backs off 5 s, 10 s, 20 s… between attempts; bring waiting retries forward instead. */
    skipBackoff: () =>
      t().db.execute(sql`update pgboss.job set start_after = now() where name = ${SEND_SMS_QUEUE} and state = 'retry'`),
  };
}

describe('customer texts through the local outbox', () => {
  let t: TestApp;
  const h = helpers(() => t, 'outbox');

  beforeAll(async () => {
    t = await createTestApp({ withWorkers: true });
  });
  afterAll(() => t.close());

  const settled = (orderId: string, kind: NotificationKind) =>
    waitFor(
      () => h.textFor(orderId, kind),
      (n) => n !== undefined && !['queued', 'sending'].includes(n.status),
    );

  /** pg-boss jobs that would send this text. */
  async function sendSmsJobsFor(notificationId: string) {
    // Both drivers answer raw SQL with { rows }; drizzle types it loosely across them.
    const result: unknown = await t.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = ${SEND_SMS_QUEUE} and data->>'notificationId' = ${notificationId}`,
    );
    return (result as { rows: { n: number }[] }).rows[0]!.n;
  }

  async function outbox(cookie: string, query = '') {
    const response = await t.request(`/api/notifications${query}`, { cookie });
    expect(response.status).toBe(200);
    return ((await response.json()) as { messages: OutboxMessage[] }).messages;
  }

  it('a prep time is texted in the assistant’s language to the E.164 number, delivered, and notified_at set', async () => {
    const owner = await h.newOwner();
    const info = await t.request('/api/restaurant', {
      method: 'PUT',
      cookie: owner.cookie,
      json: { restaurantName: 'Casa Lupe', phoneNumber: '555-987-6543', address: '1 Main St', timezone: 'UTC' },
    });
    expect(info.status).toBe(200);
    const bot = await t.request('/api/restaurant/bot', {
      method: 'PUT',
      cookie: owner.cookie,
      json: { language: 'es', greetingMessage: '¡Hola!', busyMessage: 'Estamos ocupados.' },
    });
    expect(bot.status).toBe(200);

    const order = await h.insertOrder(owner.userId, '(555) 010-2030');
    await h.prepTime(owner.cookie, order.id, 15);

    const text = (await settled(order.id, 'preparing'))!;
    expect(text).toMatchObject({
      status: 'delivered',
      to: '+15550102030',
      body: smsBody('es', 'preparing', { restaurantName: 'Casa Lupe', readyInMinutes: 15, orderNumber: 1 }),
      provider: 'local',
      attempts: 1,
      lastError: null,
    });
    // The Spanish template, word for word (and not the English one).
    expect(text.body).toBe('Casa Lupe: estamos preparando tu pedido #1; estará listo para recoger en unos 15 minutos.');
    expect(text.providerMessageId).toMatch(/^local_/);
    expect(text.sentAt).toBeInstanceOf(Date);
    expect(text.deliveredAt).toBeInstanceOf(Date);

    const row = await h.readOrder(order.id);
    expect(row.notifiedAt).toBeInstanceOf(Date);

    // The dashboard sees the same: the card shows the text as delivered.
    const listed = (await (await t.request('/api/orders', { cookie: owner.cookie })).json()) as ListOrdersResponse;
    expect(listed.orders[0]).toMatchObject({
      id: order.id,
      notifiedAt: row.notifiedAt!.toISOString(),
      notifications: [{ kind: 'preparing', status: 'delivered', lastError: null }],
    });

    await h.markReady(owner.cookie, order.id);
    expect(await settled(order.id, 'ready')).toMatchObject({
      status: 'delivered',
      body: smsBody('es', 'ready', { restaurantName: 'Casa Lupe', readyInMinutes: 15, orderNumber: 1 }),
      to: '+15550102030',
    });
  });

  it('English by default, and an 11-digit North American number is normalised too', async () => {
    const owner = await h.newOwner();
    const order = await h.insertOrder(owner.userId, '1-555-010-2040');
    await h.prepTime(owner.cookie, order.id, 30);
    expect(await settled(order.id, 'preparing')).toMatchObject({
      status: 'delivered',
      to: '+15550102040',
      body: smsBody('en', 'preparing', { restaurantName: 'Your restaurant', readyInMinutes: 30, orderNumber: 1 }),
    });
  });

  it('a number that cannot be texted is recorded as failed with the reason, never sent, and the order still moves', async () => {
    const owner = await h.newOwner();
    const order = await h.insertOrder(owner.userId, 'ask at counter');
    await h.prepTime(owner.cookie, order.id);
    const [text] = await h.textsFor(order.id);
    expect(text).toMatchObject({
      status: 'failed',
      attempts: 0,
      lastError: 'Not a phone number we can text: ask at counter',
    });
    expect((await h.readOrder(order.id)).status).toBe('preparing');
    expect(await sendSmsJobsFor(text!.id)).toBe(0);
    expect((await h.readOrder(order.id)).notifiedAt).toBeNull();
  });

  it('GET /api/notifications lists the owner’s own messages, newest first, and nobody else’s', async () => {
    const ann = await h.newOwner();
    const bob = await h.newOwner();
    const annOrder = await h.insertOrder(ann.userId, '555-010-3001');
    const bobOrder = await h.insertOrder(bob.userId, '555-010-3002');
    await h.prepTime(ann.cookie, annOrder.id, 10);
    await h.prepTime(bob.cookie, bobOrder.id, 20);
    await settled(annOrder.id, 'preparing');
    await settled(bobOrder.id, 'preparing');
    await h.markReady(ann.cookie, annOrder.id);
    await settled(annOrder.id, 'ready');

    const annMessages = await outbox(ann.cookie);
    expect(annMessages.map((m) => [m.orderId, m.kind, m.to, m.status])).toEqual([
      [annOrder.id, 'ready', '+15550103001', 'delivered'],
      [annOrder.id, 'preparing', '+15550103001', 'delivered'],
    ]);
    expect(annMessages[1]).toMatchObject({ provider: 'local', attempts: 1, lastError: null });
    expect(annMessages[1]!.sentAt).toEqual(expect.any(String));

    const bobMessages = await outbox(bob.cookie);
    expect(bobMessages.map((m) => m.orderId)).toEqual([bobOrder.id]);

    expect(await outbox(ann.cookie, '?limit=1')).toHaveLength(1);
    expect((await t.request('/api/notifications?limit=0', { cookie: ann.cookie })).status).toBe(400);
    expect((await t.request('/api/notifications')).status).toBe(401);
  });
});

/**
 * A provider that looks like Twilio (it reports 'sent', delivery comes later) and behaves per destination number:
 * fail the first N sends, always fail, or succeed. Every call is recorded.
 */
function createScriptedSmsProvider() {
  const calls: SendSmsInput[] = [];
  const failFirst = new Map<string, number>();
  const holds = new Map<string, Promise<void>>();
  let nextId = 0;
  const provider: SmsProvider = {
    name: 'twilio',
    async send(input) {
      calls.push(input);
      await holds.get(input.to);
      const sentSoFar = calls.filter((c) => c.to === input.to).length;
      const failures = failFirst.get(input.to) ?? 0;
      if (sentSoFar <= failures) throw new Error(`Carrier timeout (attempt ${sentSoFar})`);
      return { providerMessageId: `SM${String(++nextId).padStart(32, '0')}`, status: 'sent' };
    },
  };
  return {
    provider,
    callsTo: (to: string) => calls.filter((c) => c.to === to),
    failFirst: (to: string, times: number) => failFirst.set(to, times),
    /** Holds sends to this number (a slow carrier) until the returned release is called. */
    holdFor(to: string) {
      let release!: () => void;
      holds.set(to, new Promise<void>((resolve) => (release = resolve)));
      return () => {
        holds.delete(to);
        release();
      };
    },
  };
}

describe('sending with retries, exactly once, and delivery reports', () => {
  let t: TestApp;
  let sms: ReturnType<typeof createScriptedSmsProvider>;
  let deps: NotificationDeps;
  const h = helpers(() => t, 'retry');

  beforeAll(async () => {
    sms = createScriptedSmsProvider();
    t = await createTestApp({ withWorkers: true, sms: sms.provider });
    deps = {
      db: t.db,
      jobs: t.jobs,
      hub: t.hub,
      sms: sms.provider,
      logger: createLogger('silent'),
    };
  });
  afterAll(() => t.close());

  /** A queued text that no job knows about yet, so only the test decides when and how often it is sent. */
  async function queuedText(owner: Owner, phoneNumber: string, kind: NotificationKind = 'confirmed') {
    const order = await h.insertOrder(owner.userId, phoneNumber);
    const id = await queueNotification(t.db, {
      orderId: order.id,
      restaurantId: owner.userId,
      kind,
      provider: 'twilio',
    });
    expect(id).toEqual(expect.any(String));
    return { order, id: id! };
  }

  const readText = async (id: string) => {
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, id));
    return row!;
  };

  /**
   * Waits until pg-boss has nothing left to run for this text (no send-sms job for it waiting, retrying or running),
   * bringing retries forward: after that, nothing in the queue can send it again.
   */
  async function sendJobsFinished(notificationId: string) {
    await waitFor(
      async () => {
        const result: unknown = await t.db.execute(
          sql`select count(*)::int as n from pgboss.job where name = ${SEND_SMS_QUEUE}
              and data->>'notificationId' = ${notificationId} and state in ('created', 'retry', 'active')`,
        );
        return (result as { rows: { n: number }[] }).rows[0]!.n;
      },
      (unfinished) => unfinished === 0,
      { eachPoll: h.skipBackoff },
    );
  }

  it('a provider that fails twice is retried with backoff and the text ends sent after 3 attempts', async () => {
    const owner = await h.newOwner();
    sms.failFirst('+15550104001', 2);
    const order = await h.insertOrder(owner.userId, '555-010-4001');
    await h.prepTime(owner.cookie, order.id);

    const text = await waitFor(
      () => h.textFor(order.id, 'preparing'),
      (n) => n?.status === 'sent',
      { timeoutMs: 20_000, eachPoll: h.skipBackoff },
    );
    expect(text).toMatchObject({ status: 'sent', attempts: 3, lastError: null, provider: 'twilio' });
    expect(text!.providerMessageId).toMatch(/^SM\d{32}$/);
    expect(text!.deliveredAt).toBeNull();
    const calls = sms.callsTo('+15550104001');
    expect(calls).toHaveLength(3);
    expect(calls[2]).toEqual({
      to: '+15550104001',
      body: smsBody('en', 'preparing', { restaurantName: 'Your restaurant', readyInMinutes: 15, orderNumber: 1 }),
    });
    // Where Twilio reports delivery is the Twilio adapter's to add (twilio-webhook.int.test.ts checks it on the wire).
    expect((await h.readOrder(order.id)).notifiedAt).toBeInstanceOf(Date);
  });

  it('a provider that always fails: the text ends failed with the last error after the retry limit', async () => {
    const owner = await h.newOwner();
    sms.failFirst('+15550104002', 1_000);
    const order = await h.insertOrder(owner.userId, '555-010-4002');
    await h.prepTime(owner.cookie, order.id);

    const text = await waitFor(
      () => h.textFor(order.id, 'preparing'),
      (n) => n?.status === 'failed',
      { timeoutMs: 25_000, eachPoll: h.skipBackoff },
    );
    expect(text).toMatchObject({
      status: 'failed',
      attempts: RETRY_LIMIT + 1,
      lastError: `Carrier timeout (attempt ${RETRY_LIMIT + 1})`,
      providerMessageId: null,
    });
    // Nothing more happens after the last attempt: once its job has finished, it was still tried only that often.
    await sendJobsFinished(text!.id);
    expect(sms.callsTo('+15550104002')).toHaveLength(RETRY_LIMIT + 1);
    expect((await h.readOrder(order.id)).notifiedAt).toBeNull();

    const listed = (await (await t.request('/api/orders', { cookie: owner.cookie })).json()) as ListOrdersResponse;
    expect(listed.orders[0]!.notifications).toEqual([
      {
        kind: 'preparing',
        status: 'failed',
        lastError: `Carrier timeout (attempt ${RETRY_LIMIT + 1})`,
        updatedAt: expect.any(String) as string,
      },
    ]);
  });

  it('sendNotification: a failure goes back to queued and throws (so the job retries); on the last attempt it fails', async () => {
    const owner = await h.newOwner();
    sms.failFirst('+15550104003', 1_000);
    const { id } = await queuedText(owner, '555-010-4003');

    await expect(sendNotification(deps, { notificationId: id }, { isLastAttempt: false })).rejects.toThrow(
      'Carrier timeout (attempt 1)',
    );
    expect(await readText(id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: 'Carrier timeout (attempt 1)',
    });

    await sendNotification(deps, { notificationId: id }, { isLastAttempt: true });
    expect(await readText(id)).toMatchObject({
      status: 'failed',
      attempts: 2,
      lastError: 'Carrier timeout (attempt 2)',
    });

    // A failed text is final: running the job again sends nothing.
    await sendNotification(deps, { notificationId: id }, { isLastAttempt: true });
    expect(sms.callsTo('+15550104003')).toHaveLength(2);
  });

  it('sendNotification twice (one after the other, or at once) sends once', async () => {
    const owner = await h.newOwner();
    const first = await queuedText(owner, '555-010-4004');
    await sendNotification(deps, { notificationId: first.id }, { isLastAttempt: false });
    await sendNotification(deps, { notificationId: first.id }, { isLastAttempt: false });
    expect(sms.callsTo('+15550104004')).toHaveLength(1);
    expect(await readText(first.id)).toMatchObject({ status: 'sent', attempts: 1 });

    const second = await queuedText(owner, '555-010-4005');
    const runs = await Promise.allSettled([
      sendNotification(deps, { notificationId: second.id }, { isLastAttempt: false }),
      sendNotification(deps, { notificationId: second.id }, { isLastAttempt: false }),
      sendNotification(deps, { notificationId: second.id }, { isLastAttempt: false }),
    ]);
    // A run that finds the text mid-send leaves it to the one sending (its job is retried later, and then finds the
    // text sent): with real concurrency that is a StillSendingError, never a second send.
    for (const run of runs) {
      if (run.status === 'rejected') expect(run.reason).toBeInstanceOf(StillSendingError);
    }
    expect(runs.filter((run) => run.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
    expect(sms.callsTo('+15550104005')).toHaveLength(1);
    expect(await readText(second.id)).toMatchObject({ status: 'sent', attempts: 1 });

    // An id that does not exist is a quiet no-op.
    await sendNotification(deps, { notificationId: '00000000-0000-4000-8000-000000000000' }, { isLastAttempt: true });
  });

  it('a second run while the first is still waiting on the carrier does not send again', async () => {
    // What the 30 s sweep (which re-queues 'sending' texts) or pg-boss's 60 s job expiry does to a slow send.
    const owner = await h.newOwner();
    const { id } = await queuedText(owner, '555-010-4008');
    const release = sms.holdFor('+15550104008');
    const first = sendNotification(deps, { notificationId: id }, { isLastAttempt: false });
    await waitFor(
      () => Promise.resolve(sms.callsTo('+15550104008').length),
      (n) => n === 1,
    );
    expect((await readText(id)).status).toBe('sending');

    let secondDone = false;
    const second = sendNotification(deps, { notificationId: id }, { isLastAttempt: false }).then(
      () => undefined,
      (error: unknown) => error,
    );
    void second.finally(() => (secondDone = true));
    // The second run either stands back at once or reaches the (held) carrier itself; only then is the first let go.
    await waitFor(
      () => Promise.resolve(secondDone || sms.callsTo('+15550104008').length > 1),
      (decided) => decided,
    );
    release();
    await first;
    expect(await second).toBeInstanceOf(StillSendingError);
    expect(sms.callsTo('+15550104008')).toHaveLength(1);
    expect((await readText(id)).status).toBe('sent');
  });

  it('enqueueSms twice for one text: the worker sends it once', async () => {
    const owner = await h.newOwner();
    const { id } = await queuedText(owner, '555-010-4006');
    await enqueueSms(t.jobs, id);
    await enqueueSms(t.jobs, id);
    await waitFor(
      () => readText(id),
      (n) => n.status === 'sent',
    );
    await sendJobsFinished(id);
    // A job for a text already sent runs, and sends nothing.
    await enqueueSms(t.jobs, id);
    await sendJobsFinished(id);
    expect(sms.callsTo('+15550104006')).toHaveLength(1);
    expect(await readText(id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('the same step is queued once per order: a second queueNotification is a no-op', async () => {
    const owner = await h.newOwner();
    const { order } = await queuedText(owner, '555-010-4007', 'ready');
    expect(
      await queueNotification(t.db, {
        orderId: order.id,
        restaurantId: owner.userId,
        kind: 'ready',
        provider: 'twilio',
      }),
    ).toBeNull();
    // Another owner cannot queue a text about this order.
    const other = await h.newOwner();
    expect(
      await queueNotification(t.db, {
        orderId: order.id,
        restaurantId: other.userId,
        kind: 'preparing',
        provider: 'twilio',
      }),
    ).toBeNull();
    expect(await h.textsFor(order.id)).toHaveLength(1);
  });

  describe('delivery reports', () => {
    async function sentText(owner: Owner, phoneNumber: string) {
      const { order, id } = await queuedText(owner, phoneNumber);
      await sendNotification(deps, { notificationId: id }, { isLastAttempt: true });
      const row = await readText(id);
      expect(row.status).toBe('sent');
      return { order, id, providerMessageId: row.providerMessageId! };
    }

    it('delivered marks the text delivered and tells the owner’s dashboards; a late report never moves it back', async () => {
      const owner = await h.newOwner();
      const { order, id, providerMessageId } = await sentText(owner, '555-010-5001');
      const events: StoredEvent[] = [];
      const unsubscribe = t.hub.subscribe(owner.userId, (e) => events.push(e));
      try {
        expect(await applyDeliveryReport(deps, { providerMessageId, status: 'delivered' })).toBe(true);
        const delivered = await readText(id);
        expect(delivered).toMatchObject({ status: 'delivered', lastError: null });
        expect(delivered.deliveredAt).toBeInstanceOf(Date);

        await waitFor(
          () => Promise.resolve(events),
          (list) => list.some((e) => e.event.type === 'order.updated'),
        );
        const update = events.find((e) => e.event.type === 'order.updated')!.event;
        expect(update).toMatchObject({
          type: 'order.updated',
          order: { id: order.id, notifications: [{ kind: 'confirmed', status: 'delivered' }] },
        });

        expect(await applyDeliveryReport(deps, { providerMessageId, status: 'sent' })).toBe(false);
        expect(await applyDeliveryReport(deps, { providerMessageId, status: 'failed', error: '30003: late' })).toBe(
          false,
        );
        expect(await readText(id)).toEqual(delivered);
      } finally {
        unsubscribe();
      }
    });

    it('failed records the carrier’s reason, or a default one', async () => {
      const owner = await h.newOwner();
      const withReason = await sentText(owner, '555-010-5002');
      expect(
        await applyDeliveryReport(deps, {
          providerMessageId: withReason.providerMessageId,
          status: 'failed',
          error: '30006: Landline or unreachable carrier',
        }),
      ).toBe(true);
      expect(await readText(withReason.id)).toMatchObject({
        status: 'failed',
        lastError: '30006: Landline or unreachable carrier',
        deliveredAt: null,
      });
      // A late 'sent' does not resurrect a failed text either.
      expect(await applyDeliveryReport(deps, { providerMessageId: withReason.providerMessageId, status: 'sent' })).toBe(
        false,
      );
      expect((await readText(withReason.id)).status).toBe('failed');

      const withoutReason = await sentText(owner, '555-010-5003');
      await applyDeliveryReport(deps, { providerMessageId: withoutReason.providerMessageId, status: 'failed' });
      expect(await readText(withoutReason.id)).toMatchObject({
        status: 'failed',
        lastError: 'The carrier could not deliver the message',
      });
    });

    it('a report for an unknown message id changes nothing and says so', async () => {
      expect(await applyDeliveryReport(deps, { providerMessageId: 'SM_unknown', status: 'delivered' })).toBe(false);
      expect(await applyDeliveryReport(deps, { providerMessageId: 'SM_unknown', status: 'failed' })).toBe(false);
    });
  });
});
