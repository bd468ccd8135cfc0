import { and, eq } from 'drizzle-orm';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ListOrdersResponse, Order, OrderNotification } from '@shared/contracts/orders';
import { createFakeTwilioApi, newSid } from '../../../../tests/fake-twilio-api';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../../tests/test-app';
import { notifications, orders } from '../../db/schema';
import { createLogger } from '../../logger';
import { createTwilioSmsProvider } from '../../providers/sms/twilio-sms-provider';
import type { SmsProvider } from '../../providers/sms/sms-provider';
import { sendNotification, SENDING_LEASE_MS } from './notifications.service';

const accountSid = newSid('AC');
const authToken = newSid('');
const from = '+15005550006';
const STATUS_URL = `${TEST_ORIGIN}/api/webhooks/twilio/status`;

describe('Twilio texts and status callbacks', () => {
  const api = createFakeTwilioApi({ accountSid, authToken, numbers: [from] });
  let t: TestApp;
  let owner: { cookie: string; userId: string };
  let sms: SmsProvider;

  beforeAll(async () => {
    sms = createTwilioSmsProvider({
      accountSid,
      authToken,
      from,
      httpClient: api.httpClient,
      statusCallbackUrl: STATUS_URL,
    });
    t = await createTestApp({ sms, withWorkers: true });
    owner = await t.signUp({ email: 'owner@example.com' });
  });
  afterAll(() => t.close());

  async function listOrders(): Promise<Order[]> {
    const response = await t.request('/api/orders', { cookie: owner.cookie });
    expect(response.status).toBe(200);
    return ((await response.json()) as ListOrdersResponse).orders;
  }

  async function preparingText(orderId: string): Promise<OrderNotification | undefined> {
    const order = (await listOrders()).find((o) => o.id === orderId);
    return order?.notifications.find((n) => n.kind === 'preparing');
  }

  function waitForText(orderId: string, status: OrderNotification['status']) {
    return vi.waitFor(
      async () => {
        const text = await preparingText(orderId);
        if (text?.status !== status) throw new Error(`text never reached ${status}: ${JSON.stringify(text)}`);
        return text;
      },
      { timeout: 10_000, interval: 50 },
    );
  }

  let phoneCounter = 0;
  /**
   * A phone order (test orders' texts never leave the local outbox) given a prep time: the 'preparing' text goes out
   * through Twilio. Returns the order and its SID.
   */
  async function orderWithSentText() {
    phoneCounter += 1;
    const [inserted] = await t.db
      .insert(orders)
      .values({
        userId: owner.userId,
        item: '1× Burrito',
        phoneNumber: `+1415555${String(1000 + phoneCounter).slice(-4)}`,
        source: 'phone',
      })
      .returning({ id: orders.id, phoneNumber: orders.phoneNumber });
    const order = inserted!;
    const prep = await t.request(`/api/orders/${order.id}/prep-time`, {
      method: 'POST',
      cookie: owner.cookie,
      json: { minutes: 15 },
    });
    expect(prep.status).toBe(200);
    await waitForText(order.id, 'sent');
    const message = api.messages.find((m) => m.to === order.phoneNumber);
    if (!message) throw new Error(`no Twilio message to ${order.phoneNumber}`);
    return { order, sid: message.sid };
  }

  it('keeps the texts of test orders in the local outbox, never sending them to Twilio', async () => {
    const created = await t.request('/api/orders/test', { method: 'POST', cookie: owner.cookie, json: {} });
    const { order } = (await created.json()) as { order: Order };
    const before = api.messages.length;
    await t.request(`/api/orders/${order.id}/prep-time`, {
      method: 'POST',
      cookie: owner.cookie,
      json: { minutes: 10 },
    });
    const text = await waitForText(order.id, 'delivered');
    expect(text.status).toBe('delivered');
    expect(api.messages).toHaveLength(before);
  });

  function postStatus(params: Record<string, string>, signature?: string) {
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (signature !== undefined) headers['x-twilio-signature'] = signature;
    return t.request('/api/webhooks/twilio/status', {
      method: 'POST',
      headers,
      body: new URLSearchParams(params).toString(),
    });
  }
  const sign = (params: Record<string, string>) => twilio.getExpectedTwilioSignature(authToken, STATUS_URL, params);

  it('sends the text through Twilio, then marks it delivered when Twilio says so', async () => {
    const { order, sid } = await orderWithSentText();

    const create = api.requests.find((r) => r.method === 'POST' && r.form.To === order.phoneNumber);
    expect(create).toMatchObject({
      url: `https://api.twilio.com/2010-04-01/Accounts/${accountSid}/Messages.json`,
      form: { From: from, StatusCallback: STATUS_URL },
    });
    expect(create!.form.Body).toContain('15 minutes');

    const params = api.advance(sid, 'delivered');
    const response = await postStatus(params, sign(params));

    expect(response.status).toBe(204);
    expect(await preparingText(order.id)).toMatchObject({ status: 'delivered', lastError: null });
  });

  it('refuses a callback with a wrong or missing signature and changes nothing', async () => {
    const { order, sid } = await orderWithSentText();
    const params = api.advance(sid, 'delivered');

    const forged = await postStatus(params, twilio.getExpectedTwilioSignature('0'.repeat(32), STATUS_URL, params));
    expect(forged.status).toBe(403);
    expect(await forged.json()).toEqual({ error: 'Invalid Twilio signature' });

    const tampered = await postStatus({ ...params, MessageStatus: 'undelivered', ErrorCode: '30003' }, sign(params));
    expect(tampered.status).toBe(403);

    const unsigned = await postStatus(params);
    expect(unsigned.status).toBe(403);

    expect(await preparingText(order.id)).toMatchObject({ status: 'sent' });
  });

  it("marks an undelivered text failed with the carrier's reason", async () => {
    const { order, sid } = await orderWithSentText();

    const params = api.advance(sid, 'undelivered', 30003);
    const response = await postStatus(params, sign(params));

    expect(response.status).toBe(204);
    expect(await preparingText(order.id)).toMatchObject({
      status: 'failed',
      lastError: '30003: Unreachable destination handset',
    });
  });

  it('does not move a delivered text back when a late "sent" report arrives', async () => {
    const { order, sid } = await orderWithSentText();
    const delivered = api.advance(sid, 'delivered');
    expect((await postStatus(delivered, sign(delivered))).status).toBe(204);

    const lateSent: Record<string, string> = { ...delivered, MessageStatus: 'sent', SmsStatus: 'sent' };
    delete lateSent.RawDlrDoneDate;
    expect((await postStatus(lateSent, sign(lateSent))).status).toBe(204);

    expect(await preparingText(order.id)).toMatchObject({ status: 'delivered' });
  });

  it('acknowledges statuses it has no use for and messages it never sent, changing nothing', async () => {
    const { order, sid } = await orderWithSentText();

    const read = { ...api.advance(sid, 'delivered'), MessageStatus: 'read', SmsStatus: 'read' };
    expect((await postStatus(read, sign(read))).status).toBe(204);
    expect(await preparingText(order.id)).toMatchObject({ status: 'sent' });

    const unknown = { ...api.advance(sid, 'delivered'), MessageSid: newSid('SM'), SmsSid: newSid('SM') };
    expect((await postStatus(unknown, sign(unknown))).status).toBe(204);
    expect(await preparingText(order.id)).toMatchObject({ status: 'sent' });
  });

  it('finds a text at Twilio after a crash mid-send instead of sending it twice', async () => {
    const { order, sid } = await orderWithSentText();
    api.advance(sid, 'sent');
    // What a process that died between Twilio's answer and our commit leaves behind: 'sending', with no message SID.
    const [row] = await t.db
      .update(notifications)
      .set({ status: 'sending', providerMessageId: null, updatedAt: new Date(Date.now() - SENDING_LEASE_MS - 5_000) })
      .where(and(eq(notifications.orderId, order.id), eq(notifications.kind, 'preparing')))
      .returning({ id: notifications.id });
    const createsBefore = api.requests.filter((r) => r.method === 'POST').length;

    const deps = { db: t.db, jobs: t.jobs, hub: t.hub, sms, logger: createLogger('silent') };
    await sendNotification(deps, { notificationId: row!.id }, { isLastAttempt: false });

    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(createsBefore);
    expect(api.requests.at(-1)).toMatchObject({ method: 'GET', query: { To: order.phoneNumber } });
    expect(await preparingText(order.id)).toMatchObject({ status: 'sent' });
    const delivered = api.advance(sid, 'delivered');
    expect((await postStatus(delivered, sign(delivered))).status).toBe(204);
    expect(await preparingText(order.id)).toMatchObject({ status: 'delivered' });
  });
});

describe('Twilio status callbacks without Twilio configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 404: the local outbox has no delivery reports', async () => {
    const params = { MessageSid: newSid('SM'), MessageStatus: 'delivered' };
    const response = await t.request('/api/webhooks/twilio/status', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilio.getExpectedTwilioSignature(authToken, STATUS_URL, params),
      },
      body: new URLSearchParams(params).toString(),
    });

    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Twilio is not configured on this server' });
  });
});
