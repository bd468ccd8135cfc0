import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  AdminAuditEntry,
  AdminOperations,
  RetryJobResponse,
  SavedAppSettings,
  WebhookProvider,
} from '@shared/contracts/admin';
import { DEFAULT_APP_SETTINGS } from '@shared/domain/app-settings';
import { TRIAL_DAYS } from '@shared/product';
import { createFakeOpenAiApi } from '../../../../tests/fake-openai-api';
import { createFakeStripeApi } from '../../../../tests/fake-stripe-api';
import { createFakeTwilioApi } from '../../../../tests/fake-twilio-api';
import { createFakeVapiApi } from '../../../../tests/fake-vapi-api';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../../tests/test-app';
import { speechUpdate, vapiCall } from '../../../../tests/vapi-payloads';
import { adminAuditLog, notifications, orders, restaurantProfiles } from '../../db/schema';
import { SEND_SMS_QUEUE } from '../notifications/notifications.service';
import { SEND_EMAIL_QUEUE } from '../email/email.service';
import { PROVISION_PHONE_QUEUE } from '../phone-system/phone-system.service';
import { QUEUES } from '../../jobs/job-queue';
import { createOpenAiCompatibleProvider } from '../../providers/llm/openai-compatible-provider';
import { createStripeBillingProvider } from '../../providers/billing/stripe-billing-provider';
import { createTwilioSmsProvider } from '../../providers/sms/twilio-sms-provider';
import { createVapiVoiceProvider } from '../../providers/voice/vapi-voice-provider';
import { createLocalSmsProvider } from '../../providers/sms/local-sms-provider';
import { createLocalEmailProvider } from '../../providers/email/local-email-provider';
import { createSmtpEmailProvider } from '../../providers/email/smtp-email-provider';
import { createLocalVoiceProvider } from '../../providers/voice/local-voice-provider';
import { appVersion } from '../../server';
import { loadCallContext } from '../voice/call-context';
import { providerStatuses } from './operations.service';
import { JOB_ERROR_MAX_LENGTH } from './job-stats';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const ADMIN_EMAIL = 'ops@pickupline.test';
const VAPI_SECRET = 'vapi-webhook-secret-for-operations-tests';

async function json<T>(response: Response, status = 200): Promise<T> {
  const body = (await response.json()) as T;
  expect(response.status, JSON.stringify(body)).toBe(status);
  return body;
}

/** The confirmation e-mails of the two sign-ups below, waiting for the send-email worker (not run here). */
const SIGN_UP_EMAILS = 2;

describe('admin operations', () => {
  let t: TestApp;
  let admin: { cookie: string; userId: string };
  let owner: { cookie: string; userId: string };

  beforeAll(async () => {
    t = await createTestApp({ adminEmails: [ADMIN_EMAIL], vapiWebhookSecret: VAPI_SECRET });
    admin = await t.signUp({ name: 'Ops Admin', email: ADMIN_EMAIL });
    owner = await t.signUp({ name: 'Olive Owner', email: 'olive@example.com' });
  });
  afterAll(() => t.close());

  const operations = () =>
    t.request('/api/admin/operations', { cookie: admin.cookie }).then((r) => json<AdminOperations>(r));
  const webhookOf = async (provider: WebhookProvider) =>
    (await operations()).webhooks.find((w) => w.provider === provider)!;
  const putSettings = (json: unknown, cookie = admin.cookie) =>
    t.request('/api/admin/settings', { method: 'PUT', cookie, json });
  const retryJob = (queue: string, id: string, cookie = admin.cookie) =>
    t.request(`/api/admin/jobs/${queue}/${id}/retry`, { method: 'POST', cookie });
  const auditRows = (action: AdminAuditEntry['action']) =>
    t.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, action));
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const jobState = async (queue: string, id: string) =>
    rowsOf<{ state: string }>(
      await t.db.execute(sql`select state::text from pgboss.job where name = ${queue} and id = ${id}::uuid`),
    )[0]?.state;

  const postVapi = (secret: string) =>
    t.app.request('/api/webhooks/vapi', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-vapi-secret': secret },
      body: JSON.stringify(speechUpdate(vapiCall())),
    });

  describe('who may see it', () => {
    it('answers 401 signed out and 403 to an owner, on every operations route', async () => {
      const routes: [string, string][] = [
        ['GET', '/api/admin/operations'],
        ['PUT', '/api/admin/settings'],
        ['POST', `/api/admin/jobs/${SEND_SMS_QUEUE}/${randomUUID()}/retry`],
      ];
      for (const [method, path] of routes) {
        const json = method === 'PUT' ? DEFAULT_APP_SETTINGS : undefined;
        expect((await t.request(path, { method, json })).status, path).toBe(401);
        expect((await t.request(path, { method, json, cookie: owner.cookie })).status, path).toBe(403);
      }
    });
  });

  describe('GET /api/admin/operations', () => {
    it('reports this process and every provider in local test mode', async () => {
      const askedAt = Date.now();
      const ops = await operations();
      const answeredAt = Date.now();
      expect(ops.app).toEqual({
        version: appVersion,
        startedAt: expect.any(String) as string,
        uptimeSeconds: expect.any(Number) as number,
        database: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite',
      });
      const startedAt = new Date(ops.app.startedAt).getTime();
      expect(startedAt).toBeLessThanOrEqual(askedAt);
      // Counted by the server at some moment between the request and its answer.
      expect(ops.app.uptimeSeconds).toBeGreaterThanOrEqual(Math.floor((askedAt - startedAt) / 1000));
      expect(ops.app.uptimeSeconds).toBeLessThanOrEqual(Math.floor((answeredAt - startedAt) / 1000));
      expect(ops.providers).toEqual([
        { kind: 'payments', provider: 'Local test mode', mode: 'test' },
        { kind: 'texts', provider: 'Local outbox', mode: 'test' },
        { kind: 'email', provider: 'Local outbox', mode: 'test' },
        { kind: 'voice', provider: 'Built-in assistant', mode: 'test' },
        { kind: 'llm', provider: 'Built-in assistant', mode: 'test' },
      ]);
    });

    it('lists every webhook provider with nothing received yet', async () => {
      const ops = await operations();
      expect(ops.webhooks).toEqual(
        (['stripe', 'vapi', 'twilio'] as const).map((provider) => ({
          provider,
          lastReceivedAt: null,
          receivedCount: 0,
          rejectedCount: 0,
          lastRejectedAt: null,
          lastRejectedStatus: null,
        })),
      );
      expect(ops.jobs.queues).toEqual(
        QUEUES.map((name) => ({ name, queued: name === SEND_EMAIL_QUEUE ? SIGN_UP_EMAILS : 0, active: 0, failed: 0 })),
      );
      expect(ops.jobs.failed).toEqual([]);
      expect(ops.texts).toEqual({ failedLast24h: 0, recent: [] });
      expect(ops.settings).toEqual({ ...DEFAULT_APP_SETTINGS, updatedAt: null });
      expect(ops.audit).toEqual([]);
    });
  });

  describe('webhook deliveries', () => {
    it('counts a Vapi delivery with a wrong secret as rejected, and a good one as received', async () => {
      const refused = await postVapi('not-the-secret');
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ error: 'Missing or invalid webhook secret' });

      const afterRefusal = await webhookOf('vapi');
      expect(afterRefusal).toEqual({
        provider: 'vapi',
        lastReceivedAt: expect.any(String) as string,
        receivedCount: 1,
        rejectedCount: 1,
        lastRejectedAt: afterRefusal.lastReceivedAt,
        lastRejectedStatus: 401,
      });

      const accepted = await postVapi(VAPI_SECRET);
      expect(accepted.status).toBe(200);
      const afterGood = await webhookOf('vapi');
      expect(afterGood).toMatchObject({
        receivedCount: 2,
        rejectedCount: 1,
        lastRejectedAt: afterRefusal.lastRejectedAt,
        lastRejectedStatus: 401,
      });
      expect(new Date(afterGood.lastReceivedAt!).getTime()).toBeGreaterThan(
        new Date(afterRefusal.lastReceivedAt!).getTime(),
      );
    });

    it('counts refused Twilio and Stripe deliveries under their own provider', async () => {
      // Neither is connected in local test mode: the routes answer 404, a refusal like any other 4xx.
      const twilio = await t.app.request('/api/webhooks/twilio/status', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'MessageSid=SM123&MessageStatus=delivered',
      });
      expect(twilio.status).toBe(404);
      const stripe = await t.app.request('/api/webhooks/stripe', { method: 'POST', body: '{}' });
      expect(stripe.status).toBe(404);

      const { webhooks } = await operations();
      expect(webhooks.find((w) => w.provider === 'twilio')).toMatchObject({
        receivedCount: 1,
        rejectedCount: 1,
        lastRejectedStatus: 404,
      });
      expect(webhooks.find((w) => w.provider === 'stripe')).toMatchObject({
        receivedCount: 1,
        rejectedCount: 1,
        lastRejectedStatus: 404,
      });
      expect(webhooks.find((w) => w.provider === 'vapi')).toMatchObject({ receivedCount: 2, rejectedCount: 1 });
    });

    it('does not count a path that names no known provider, and answers it as usual', async () => {
      const before = (await operations()).webhooks;
      for (const path of ['/api/webhooks/paypal', '/api/webhooks', '/api/webhooks/', '/api/webhooks/VAPI']) {
        const response = await t.app.request(path, { method: 'POST', body: '{}' });
        expect(response.status, path).toBe(404);
        expect(await response.json(), path).toEqual({ error: `No API route for POST ${path}` });
      }
      expect((await operations()).webhooks).toEqual(before);
    });

    it('still answers the webhook when counting fails, logging the failure without the request', async () => {
      const warn = vi.spyOn(t.logger, 'warn');
      await t.db.execute(sql`alter table webhook_stats rename to webhook_stats_away`);
      try {
        const refused = await postVapi('not-the-secret');
        expect(refused.status).toBe(401);
        expect(await refused.json()).toEqual({ error: 'Missing or invalid webhook secret' });
        const counting = warn.mock.calls.filter((call) => call[1] === 'could not count a webhook delivery');
        expect(counting).toHaveLength(1);
        expect(Object.keys(counting[0]![0] as object).sort()).toEqual(['err', 'provider', 'status']);
        expect(counting[0]![0]).toMatchObject({ provider: 'vapi', status: 401 });
      } finally {
        await t.db.execute(sql`alter table webhook_stats_away rename to webhook_stats`);
        warn.mockRestore();
      }
      expect(await webhookOf('vapi')).toMatchObject({ receivedCount: 2, rejectedCount: 1 });
    });
  });

  describe('jobs', () => {
    const CUSTOMER_PHONE = '+14155550199';
    let failedId: string;

    /** A text's job as the outbox sends it (one queued job per text), allowed no retry of its own. */
    async function sendSmsJob() {
      const notificationId = randomUUID();
      const id = await t.jobs.send(
        SEND_SMS_QUEUE,
        { notificationId, to: CUSTOMER_PHONE },
        { singletonKey: notificationId, retryLimit: 0 },
      );
      expect(id).toEqual(expect.any(String));
      return id!;
    }

    it('shows queue depth and the newest failed jobs with a short error, never their data', async () => {
      failedId = await sendSmsJob();
      await t.jobs.fail(SEND_SMS_QUEUE, failedId, new Error('Twilio refused the number'));
      const longId = await sendSmsJob();
      // pg-boss stores a value that is not an object as { value }.
      await t.jobs.fail(SEND_SMS_QUEUE, longId, { value: 'x'.repeat(JOB_ERROR_MAX_LENGTH + 100) });
      // pg-boss's own failure of a job that ran too long.
      const timedOutId = await sendSmsJob();
      await t.jobs.fail(SEND_SMS_QUEUE, timedOutId, { value: { message: 'job failed by timeout in active state' } });
      const silentId = await sendSmsJob();
      await t.jobs.fail(SEND_SMS_QUEUE, silentId);
      await sendSmsJob(); // waiting
      const [running] = await t.jobs.fetch(SEND_SMS_QUEUE);
      expect(running).toBeDefined();
      await sendSmsJob(); // waiting

      const ops = await operations();
      expect(ops.jobs.queues).toEqual(
        QUEUES.map((name) =>
          name === SEND_SMS_QUEUE
            ? { name, queued: 1, active: 1, failed: 4 }
            : { name, queued: name === SEND_EMAIL_QUEUE ? SIGN_UP_EMAILS : 0, active: 0, failed: 0 },
        ),
      );
      const byId = Object.fromEntries(ops.jobs.failed.map((job) => [job.id, job]));
      expect(Object.keys(byId).sort()).toEqual([failedId, longId, timedOutId, silentId].sort());
      expect(byId[failedId]).toEqual({
        id: failedId,
        queue: SEND_SMS_QUEUE,
        createdAt: expect.any(String) as string,
        failedAt: expect.any(String) as string,
        retryCount: 0,
        error: 'Twilio refused the number',
      });
      expect(byId[longId]!.error).toBe('x'.repeat(JOB_ERROR_MAX_LENGTH));
      expect(byId[timedOutId]!.error).toBe('job failed by timeout in active state');
      expect(byId[silentId]!.error).toBeNull();
      const failedAts = ops.jobs.failed.map((job) => new Date(job.failedAt!).getTime());
      expect(failedAts).toEqual([...failedAts].sort((a, b) => b - a));
      expect(JSON.stringify(ops)).not.toContain(CUSTOMER_PHONE);
    });

    it('retries a failed job, puts it back in the queue and records who did it', async () => {
      const response = await retryJob(SEND_SMS_QUEUE, failedId);
      expect(await json<RetryJobResponse>(response)).toEqual({ ok: true });
      expect(await jobState(SEND_SMS_QUEUE, failedId)).toBe('retry');

      const ops = await operations();
      expect(ops.jobs.queues.find((q) => q.name === SEND_SMS_QUEUE)).toEqual({
        name: SEND_SMS_QUEUE,
        queued: 2,
        active: 1,
        failed: 3,
      });
      expect(ops.jobs.failed.map((job) => job.id)).not.toContain(failedId);

      const [entry] = await auditRows('retry_job');
      expect(entry).toMatchObject({
        actorId: admin.userId,
        actorEmail: ADMIN_EMAIL,
        targetUserId: null,
        before: { queue: SEND_SMS_QUEUE, id: failedId, state: 'failed' },
        after: { state: 'retry' },
      });
      expect(ops.audit[0]).toMatchObject({ action: 'retry_job', actor: { id: admin.userId, email: ADMIN_EMAIL } });
    });

    it('refuses a job that has not failed, an unknown one and a malformed id', async () => {
      const auditBefore = (await auditRows('retry_job')).length;
      // Retried already: waiting in the queue again.
      expect(await json(await retryJob(SEND_SMS_QUEUE, failedId), 409)).toEqual({
        error: 'Only a failed job can be retried',
      });
      const waiting = await sendSmsJob();
      expect(await json(await retryJob(SEND_SMS_QUEUE, waiting), 409)).toEqual({
        error: 'Only a failed job can be retried',
      });
      expect(await jobState(SEND_SMS_QUEUE, waiting)).toBe('created');

      const failed = (await operations()).jobs.failed[0]!.id;
      for (const [queue, id] of [
        [SEND_SMS_QUEUE, randomUUID()],
        [PROVISION_PHONE_QUEUE, failed], // the job is in another queue
        ['no-such-queue', failed],
      ]) {
        expect(await json(await retryJob(queue!, id!), 404), `${queue} ${id}`).toEqual({ error: 'Job not found' });
      }
      expect(await jobState(SEND_SMS_QUEUE, failed)).toBe('failed');

      const malformed = await json<{ error: string; field?: string }>(
        await retryJob(SEND_SMS_QUEUE, 'not-a-uuid'),
        400,
      );
      expect(malformed).toEqual({ error: 'id: Enter a valid job id', field: 'id' });
      expect(await auditRows('retry_job')).toHaveLength(auditBefore);
    });
  });

  describe('failed texts', () => {
    it('counts texts that failed in the last 24 hours and lists the newest without numbers or message text', async () => {
      await t.db
        .update(restaurantProfiles)
        .set({ restaurantName: 'Olive’s Oven' })
        .where(eq(restaurantProfiles.id, owner.userId));
      const newOrder = async () => {
        const [row] = await t.db
          .insert(orders)
          .values({ userId: owner.userId, item: '1× Focaccia', phoneNumber: '+14155550111', source: 'phone' })
          .returning({ id: orders.id });
        return row!.id;
      };
      const [first, second] = [await newOrder(), await newOrder()];
      const now = Date.now();
      const text = (orderId: string, kind: 'confirmed' | 'preparing' | 'ready', values: object) => ({
        orderId,
        restaurantId: owner.userId,
        kind,
        to: '+14155550111',
        body: 'Your focaccia is ready',
        provider: 'twilio',
        ...values,
      });
      const inserted = await t.db
        .insert(notifications)
        .values([
          text(first, 'confirmed', {
            status: 'failed',
            lastError: 'Invalid number',
            updatedAt: new Date(now - 2 * HOUR_MS),
          }),
          text(first, 'preparing', {
            status: 'failed',
            lastError: 'Carrier said no',
            updatedAt: new Date(now - HOUR_MS),
          }),
          text(first, 'ready', { status: 'failed', lastError: 'Old failure', updatedAt: new Date(now - 25 * HOUR_MS) }),
          text(second, 'confirmed', { status: 'sent', updatedAt: new Date(now - HOUR_MS) }),
          text(second, 'preparing', { status: 'queued', updatedAt: new Date(now) }),
        ])
        .returning({ id: notifications.id });

      const { texts } = await operations();
      expect(texts).toEqual({
        failedLast24h: 2,
        recent: [
          {
            id: inserted[1]!.id,
            at: new Date(now - HOUR_MS).toISOString(),
            restaurantName: 'Olive’s Oven',
            error: 'Carrier said no',
          },
          {
            id: inserted[0]!.id,
            at: new Date(now - 2 * HOUR_MS).toISOString(),
            restaurantName: 'Olive’s Oven',
            error: 'Invalid number',
          },
        ],
      });
    });
  });

  describe('runtime settings', () => {
    const changed = {
      trialDays: 14,
      maxQuantityPerLine: DEFAULT_APP_SETTINGS.maxQuantityPerLine,
      maxLines: 12,
      maxTotalCents: 25_000,
    };

    it('saves the settings and records only the fields that changed', async () => {
      expect((await operations()).settings).toEqual({ ...DEFAULT_APP_SETTINGS, updatedAt: null });

      const before = Date.now();
      const saved = await json<SavedAppSettings>(await putSettings(changed));
      expect(saved).toEqual({ ...changed, updatedAt: expect.any(String) as string });
      expect(new Date(saved.updatedAt!).getTime()).toBeGreaterThanOrEqual(before);
      expect((await operations()).settings).toEqual(saved);

      const entries = await auditRows('update_settings');
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        actorId: admin.userId,
        actorEmail: ADMIN_EMAIL,
        targetUserId: null,
        before: {
          trialDays: DEFAULT_APP_SETTINGS.trialDays,
          maxLines: DEFAULT_APP_SETTINGS.maxLines,
          maxTotalCents: DEFAULT_APP_SETTINGS.maxTotalCents,
        },
        after: { trialDays: 14, maxLines: 12, maxTotalCents: 25_000 },
      });
      expect(Object.keys(entries[0]!.before!).sort()).toEqual(['maxLines', 'maxTotalCents', 'trialDays']);
    });

    it('writes nothing and records nothing when the settings are unchanged', async () => {
      const current = (await operations()).settings;
      const again = await json<SavedAppSettings>(await putSettings(changed));
      expect(again).toEqual(current);
      expect(await auditRows('update_settings')).toHaveLength(1);
    });

    it('refuses out-of-range, missing and fractional values with the field named, and saves nothing', async () => {
      const current = (await operations()).settings;
      const cases: [unknown, string, string][] = [
        [{ ...changed, trialDays: 0 }, 'trialDays', 'Trial length must be between 1 and 90'],
        [{ ...changed, trialDays: 91 }, 'trialDays', 'Trial length must be between 1 and 90'],
        [{ ...changed, maxLines: 101 }, 'maxLines', 'Most lines per order must be between 1 and 100'],
        [{ ...changed, maxQuantityPerLine: 2.5 }, 'maxQuantityPerLine', 'Most of one item must be a whole number'],
        [{ ...changed, maxTotalCents: 99 }, 'maxTotalCents', 'Largest order total must be between $1 and $10,000'],
        [{ ...changed, maxTotalCents: '5000' }, 'maxTotalCents', 'Largest order total must be a whole number'],
        [
          { trialDays: 10, maxQuantityPerLine: 5, maxLines: 5 },
          'maxTotalCents',
          'Largest order total must be a whole number',
        ],
      ];
      for (const [body, field, message] of cases) {
        const response = await putSettings(body);
        expect(await json(response, 400), JSON.stringify(body)).toEqual({ error: `${field}: ${message}`, field });
      }
      expect((await operations()).settings).toEqual(current);
      expect(await auditRows('update_settings')).toHaveLength(1);
    });

    it('gives accounts created from now on the new trial length', async () => {
      const before = Date.now();
      const newcomer = await t.signUp({ name: 'Nina New', email: 'nina@example.com' });
      const [row] = await t.db.select().from(restaurantProfiles).where(eq(restaurantProfiles.id, newcomer.userId));
      const trialMs = row!.trialEndsAt!.getTime() - before;
      expect(trialMs).toBeGreaterThanOrEqual(14 * DAY_MS);
      expect(trialMs).toBeLessThan(14 * DAY_MS + 60_000);

      // The account made before the change keeps its trial.
      const [earlier] = await t.db.select().from(restaurantProfiles).where(eq(restaurantProfiles.id, owner.userId));
      expect(earlier!.trialEndsAt!.getTime() - earlier!.createdAt.getTime()).toBe(TRIAL_DAYS * DAY_MS);
    });

    it("gives the phone assistant the new default caps, and keeps a restaurant's own", async () => {
      const defaults = await loadCallContext(t.db, owner.userId);
      expect(defaults!.caps).toEqual({
        maxQuantityPerLine: changed.maxQuantityPerLine,
        maxLines: 12,
        maxTotalCents: 25_000,
      });

      await t.db
        .update(restaurantProfiles)
        .set({ maxQuantityPerLine: 3, maxOrderLines: 4, maxOrderTotalCents: 5_000 })
        .where(eq(restaurantProfiles.id, owner.userId));
      expect((await loadCallContext(t.db, owner.userId))!.caps).toEqual({
        maxQuantityPerLine: 3,
        maxLines: 4,
        maxTotalCents: 5_000,
      });

      await t.db.update(restaurantProfiles).set({ maxOrderLines: null }).where(eq(restaurantProfiles.id, owner.userId));
      expect((await loadCallContext(t.db, owner.userId))!.caps).toEqual({
        maxQuantityPerLine: 3,
        maxLines: 12,
        maxTotalCents: 5_000,
      });
    });

    it('lists the newest admin actions across the service', async () => {
      const next = { ...changed, maxLines: 30 };
      await json(await putSettings(next));
      const { audit } = await operations();
      expect(audit.map((entry) => entry.action)).toEqual(['update_settings', 'update_settings', 'retry_job']);
      expect(audit[0]).toMatchObject({
        actor: { id: admin.userId, email: ADMIN_EMAIL },
        targetUserId: null,
        before: { maxLines: 12 },
        after: { maxLines: 30 },
      });
    });
  });
});

describe('admin operations with real providers configured', () => {
  const stripe = createFakeStripeApi();
  const TWILIO = { accountSid: `AC${'b'.repeat(32)}`, authToken: 'twilio-auth-token-for-operations' };
  const VAPI_KEY = 'vapi-private-key-for-operations';
  let t: TestApp;
  let admin: { cookie: string };

  beforeAll(async () => {
    await stripe.start();
    const twilioApi = createFakeTwilioApi({ ...TWILIO, numbers: ['+12125550100'] });
    const vapiApi = createFakeVapiApi({ apiKey: VAPI_KEY });
    const openAi = createFakeOpenAiApi({ apiKey: 'llm-key', model: 'tiny-chat-1' });
    t = await createTestApp({
      adminEmails: [ADMIN_EMAIL],
      billing: () => createStripeBillingProvider({ ...stripe.credentials, ...stripe.clientOptions() }),
      sms: createTwilioSmsProvider({
        ...TWILIO,
        from: '+12125550100',
        httpClient: twilioApi.httpClient,
        statusCallbackUrl: `${TEST_ORIGIN}/api/webhooks/twilio/status`,
      }),
      voice: createVapiVoiceProvider({
        apiKey: VAPI_KEY,
        webhookSecret: VAPI_SECRET,
        appUrl: TEST_ORIGIN,
        fetch: vapiApi.fetch,
      }),
      // Nothing is sent in these tests: the provider only has to be the SMTP one.
      email: createSmtpEmailProvider({ url: 'smtp://127.0.0.1:2525', from: 'PickupLine <no-reply@localhost>' }),
      llm: createOpenAiCompatibleProvider({
        baseUrl: openAi.baseUrl,
        apiKey: 'llm-key',
        model: 'tiny-chat-1',
        fetch: openAi.fetch,
      }),
    });
    admin = await t.signUp({ email: ADMIN_EMAIL });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const operations = () =>
    t.request('/api/admin/operations', { cookie: admin.cookie }).then((r) => json<AdminOperations>(r));

  it('reports Stripe in test mode and the other providers live', async () => {
    expect((await operations()).providers).toEqual([
      { kind: 'payments', provider: 'Stripe', mode: 'test' },
      { kind: 'texts', provider: 'Twilio', mode: 'live' },
      { kind: 'email', provider: 'SMTP', mode: 'live' },
      { kind: 'voice', provider: 'Vapi', mode: 'live' },
      { kind: 'llm', provider: 'Model tiny-chat-1', mode: 'live' },
    ]);
  });

  it('reports Stripe live with a live secret key', () => {
    const live = createStripeBillingProvider({
      secretKey: 'sk_live_unused',
      webhookSecret: 'whsec_unused',
      priceId: 'price_pro',
    });
    const local = {
      sms: createLocalSmsProvider(),
      email: createLocalEmailProvider({ from: 'PickupLine <no-reply@localhost>' }),
      voice: createLocalVoiceProvider(TEST_ORIGIN),
      llm: null,
    };
    expect(providerStatuses({ billing: live, ...local })[0]).toEqual({
      kind: 'payments',
      provider: 'Stripe',
      mode: 'live',
    });
  });

  it('counts deliveries with a bad signature under Stripe and Twilio', async () => {
    const badStripe = await t.app.request('/api/webhooks/stripe', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      body: '{"id":"evt_forged"}',
    });
    expect(badStripe.status).toBe(400);
    const badTwilio = await t.app.request('/api/webhooks/twilio/status', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'forged' },
      body: 'MessageSid=SM123&MessageStatus=delivered',
    });
    expect(badTwilio.status).toBe(403);

    const { webhooks } = await operations();
    expect(webhooks.find((w) => w.provider === 'stripe')).toMatchObject({
      receivedCount: 1,
      rejectedCount: 1,
      lastRejectedStatus: 400,
    });
    expect(webhooks.find((w) => w.provider === 'twilio')).toMatchObject({
      receivedCount: 1,
      rejectedCount: 1,
      lastRejectedStatus: 403,
    });
    expect(webhooks.find((w) => w.provider === 'vapi')).toMatchObject({ receivedCount: 0, lastReceivedAt: null });
  });
});
