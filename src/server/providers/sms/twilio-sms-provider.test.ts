import twilio from 'twilio';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeTwilioApi, newSid, rfc2822, type FakeTwilioApi } from '../../../../tests/fake-twilio-api';
import { createTwilioSmsProvider, TwilioSmsError } from './twilio-sms-provider';

const accountSid = newSid('AC');
const authToken = newSid('');
const from = '+15005550006';
const messagesUrl = `https://api.twilio.com/2010-04-01/Accounts/${accountSid}/Messages.json`;
const callbackUrl = 'https://pickupline.example.com/api/webhooks/twilio/status';

describe('Twilio SMS provider', () => {
  let api: FakeTwilioApi;
  beforeEach(() => {
    api = createFakeTwilioApi({ accountSid, authToken, numbers: [from] });
  });
  const provider = (options: { withStatusCallbacks?: boolean } = {}) =>
    createTwilioSmsProvider({ accountSid, authToken, from, httpClient: api.httpClient, ...options });

  describe('send', () => {
    it('creates a Message with To, From, Body and StatusCallback, authenticated as the account', async () => {
      const sent = await provider().send({
        to: '+14155550123',
        body: 'Your order is ready',
        statusCallbackUrl: callbackUrl,
      });

      expect(sent).toEqual({ providerMessageId: api.messages[0]!.sid, status: 'sent' });
      expect(sent.providerMessageId).toMatch(/^SM[0-9a-f]{32}$/);
      expect(api.requests).toHaveLength(1);
      const [request] = api.requests;
      expect(request).toMatchObject({
        method: 'POST',
        url: messagesUrl,
        authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
        form: { To: '+14155550123', From: from, Body: 'Your order is ready', StatusCallback: callbackUrl },
      });
      expect(request!.headers).toMatchObject({
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      });
      expect(request!.headers['User-Agent']).toMatch(/^twilio-node\/6\.2\.0 /);
    });

    it('leaves out StatusCallback when Twilio could not reach it', async () => {
      await provider({ withStatusCallbacks: false }).send({
        to: '+14155550123',
        body: 'Hi',
        statusCallbackUrl: callbackUrl,
      });

      expect(api.requests[0]!.form).toEqual({ To: '+14155550123', From: from, Body: 'Hi' });
    });

    it("rejects with Twilio's code and message when Twilio refuses the number", async () => {
      const error = await provider()
        .send({ to: '555-0123', body: 'Hi' })
        .catch((e: unknown) => e);

      expect(error).toBeInstanceOf(TwilioSmsError);
      expect(error).toMatchObject({
        code: 21211,
        status: 400,
        message: "Twilio error 21211: Invalid 'To' Phone Number: 555-0123",
      });
      expect(api.messages).toHaveLength(0);
    });

    it('reports a rate limit or server error from Twilio with its code', async () => {
      api.failNextRequest(429, 20429, 'Too Many Requests');

      await expect(provider().send({ to: '+14155550123', body: 'Hi' })).rejects.toMatchObject({
        code: 20429,
        status: 429,
        message: 'Twilio error 20429: Too Many Requests',
      });
    });

    it('never lets the auth token reach an error that gets logged', async () => {
      const wrongToken = createTwilioSmsProvider({
        accountSid,
        authToken: 'f'.repeat(32),
        from,
        httpClient: api.httpClient,
      });
      await expect(wrongToken.send({ to: '+14155550123', body: 'Hi' })).rejects.toMatchObject({ code: 20003 });

      // A transport failure from the SDK's axios client carries the request config, Authorization header included.
      const axiosLike = Object.assign(new Error('socket hang up'), {
        code: 'ECONNRESET',
        config: { headers: { Authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}` } },
      });
      const failing = createTwilioSmsProvider({
        accountSid,
        authToken,
        from,
        httpClient: { request: () => Promise.reject(axiosLike) },
      });
      const error = await failing.send({ to: '+14155550123', body: 'Hi' }).catch((e: unknown) => e);

      expect(error).toMatchObject({ message: 'Twilio request failed: socket hang up' });
      const logged = JSON.stringify(error, Object.getOwnPropertyNames(error));
      expect(logged).not.toContain('Basic');
      expect(logged).not.toContain(authToken);
    });
  });

  describe('findSent (reconciling a send interrupted by a crash)', () => {
    const to = '+14155550123';

    it('lists the messages to that number sent since then, and finds the one with the same text', async () => {
      const since = new Date(Date.now() - 1_000);
      const { providerMessageId } = await provider().send({ to, body: 'Ready in 15 minutes' });
      api.advance(providerMessageId, 'sent');

      const found = await provider().findSent!({ to, body: 'Ready in 15 minutes', since });

      expect(found).toEqual({ providerMessageId, status: 'sent' });
      const list = api.requests.at(-1)!;
      expect(list.method).toBe('GET');
      expect(new URL(list.url).origin + new URL(list.url).pathname).toBe(messagesUrl);
      expect(list.query).toEqual({
        To: to,
        'DateSent>': since.toISOString().replace(/\.\d{3}Z$/, 'Z'),
        PageSize: '20',
      });
    });

    it('reports a text the carrier already delivered as delivered', async () => {
      const since = new Date(Date.now() - 1_000);
      const { providerMessageId } = await provider().send({ to, body: 'Ready' });
      api.advance(providerMessageId, 'delivered');

      expect(await provider().findSent!({ to, body: 'Ready', since })).toEqual({
        providerMessageId,
        status: 'delivered',
      });
    });

    it('finds nothing when no message has that text, so the text is sent', async () => {
      const since = new Date(Date.now() - 1_000);
      const { providerMessageId } = await provider().send({ to, body: 'Ready in 15 minutes' });
      api.advance(providerMessageId, 'sent');

      expect(await provider().findSent!({ to, body: 'Ready in 20 minutes', since })).toBeNull();
    });

    it('does not take an identical text from before the interrupted send for this one', async () => {
      const { providerMessageId } = await provider().send({ to, body: 'Your order is ready' });
      api.advance(providerMessageId, 'delivered');
      // The earlier order's text, created ten minutes ago: same day, so Twilio's DateSent filter still returns it.
      api.messages[0]!.date_created = rfc2822(new Date(Date.now() - 10 * 60_000));

      expect(await provider().findSent!({ to, body: 'Your order is ready', since: new Date() })).toBeNull();
    });

    it('treats a message Twilio could not send as not sent', async () => {
      const since = new Date(Date.now() - 1_000);
      const { providerMessageId } = await provider().send({ to, body: 'Ready' });
      api.advance(providerMessageId, 'failed', 30008);

      expect(await provider().findSent!({ to, body: 'Ready', since })).toBeNull();
    });
  });

  describe('verifyWebhook', () => {
    const params = {
      MessageSid: newSid('SM'),
      MessageStatus: 'delivered',
      AccountSid: accountSid,
      ApiVersion: '2010-04-01',
    };

    it("accepts Twilio's signature of the URL and form fields", () => {
      const signature = twilio.getExpectedTwilioSignature(authToken, callbackUrl, params);
      expect(provider().verifyWebhook(signature, callbackUrl, params)).toBe(true);
    });

    it('refuses a missing signature, another account’s signature, or changed fields', () => {
      const signature = twilio.getExpectedTwilioSignature(authToken, callbackUrl, params);
      const otherAccount = twilio.getExpectedTwilioSignature('0'.repeat(32), callbackUrl, params);

      expect(provider().verifyWebhook(undefined, callbackUrl, params)).toBe(false);
      expect(provider().verifyWebhook(otherAccount, callbackUrl, params)).toBe(false);
      expect(provider().verifyWebhook(signature, callbackUrl, { ...params, MessageStatus: 'undelivered' })).toBe(false);
      expect(provider().verifyWebhook(signature, 'https://evil.example.com/api/webhooks/twilio/status', params)).toBe(
        false,
      );
    });
  });
});
