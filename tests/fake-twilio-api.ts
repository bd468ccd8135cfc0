import { randomBytes } from 'node:crypto';
import type { TwilioHttpClient } from '../src/server/providers/sms/twilio-sms-provider';

/**
 * api.twilio.com's Messages resource, in memory, behind the official SDK's httpClient seam (RequestClient.request).
 * It answers as the real RequestClient does: {statusCode, body, headers}, body being the JSON that axios parsed. The
 * shapes, error bodies and codes follow Twilio's REST API (2010-04-01).
 */

type RequestOptions = Parameters<TwilioHttpClient['request']>[0];

export interface RecordedTwilioRequest {
  method: string;
  /** Full URL with the query string as the SDK's client would send it. */
  url: string;
  /** The Authorization header the SDK's client builds from username and password. */
  authorization: string | undefined;
  headers: Record<string, string>;
  /** The form fields of a POST (application/x-www-form-urlencoded). */
  form: Record<string, string>;
  query: Record<string, string>;
}

export interface TwilioMessageResource {
  account_sid: string;
  api_version: string;
  body: string;
  date_created: string;
  date_sent: string | null;
  date_updated: string;
  direction: 'outbound-api' | 'inbound';
  error_code: number | null;
  error_message: string | null;
  from: string;
  messaging_service_sid: string | null;
  num_media: string;
  num_segments: string;
  price: string | null;
  price_unit: string;
  sid: string;
  status: string;
  subresource_uris: { media: string; feedback: string };
  to: string;
  uri: string;
}

const API = 'https://api.twilio.com/2010-04-01';
const E164 = /^\+[1-9]\d{6,14}$/;

/** Twilio's date format: RFC 2822 in GMT, written with +0000 (the SDK parses exactly that). */
export function rfc2822(date: Date) {
  return date.toUTCString().replace('GMT', '+0000');
}

export const newSid = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

export function createFakeTwilioApi({
  accountSid,
  authToken,
  numbers,
}: {
  accountSid: string;
  authToken: string;
  numbers: string[];
}) {
  const requests: RecordedTwilioRequest[] = [];
  const messages: TwilioMessageResource[] = [];
  const queuedFailures: { statusCode: number; body: unknown }[] = [];

  const json = (statusCode: number, body: unknown) => ({
    statusCode,
    body,
    headers: { 'content-type': 'application/json; charset=utf-8', 'twilio-request-id': newSid('RQ') },
  });
  const twilioError = (status: number, code: number, message: string) =>
    json(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

  function createMessage(form: Record<string, string>) {
    const { To: to, From: from, Body: body } = form;
    if (!to) return twilioError(400, 21604, "A 'To' phone number is required.");
    if (!E164.test(to)) return twilioError(400, 21211, `Invalid 'To' Phone Number: ${to}`);
    if (!from || !numbers.includes(from)) {
      return twilioError(
        400,
        21606,
        `The From phone number ${from ?? ''} is not a valid, SMS-capable inbound phone number or short code for your account.`,
      );
    }
    if (!body) return twilioError(400, 21602, 'Message body is required.');
    const sid = newSid('SM');
    const now = rfc2822(new Date());
    const message: TwilioMessageResource = {
      account_sid: accountSid,
      api_version: '2010-04-01',
      body,
      date_created: now,
      date_sent: null,
      date_updated: now,
      direction: 'outbound-api',
      error_code: null,
      error_message: null,
      from,
      messaging_service_sid: null,
      num_media: '0',
      num_segments: '1',
      price: null,
      price_unit: 'USD',
      sid,
      status: 'queued',
      subresource_uris: {
        media: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}/Media.json`,
        feedback: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}/Feedback.json`,
      },
      to,
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
    };
    messages.push(message);
    return json(201, message);
  }

  function listMessages(query: Record<string, string>) {
    const pageSize = Number(query.PageSize ?? 50);
    // DateSent filters compare the GMT date (YYYY-MM-DD); a message not yet sent has no date_sent and never matches.
    const sentOnOrAfter = query['DateSent>']?.slice(0, 10);
    const found = messages
      .filter((m) => !query.To || m.to === query.To)
      .filter((m) => !sentOnOrAfter || (m.date_sent !== null && isoDate(m.date_sent) >= sentOnOrAfter))
      .sort((a, b) => Date.parse(b.date_created) - Date.parse(a.date_created))
      .slice(0, pageSize);
    const uri = `/2010-04-01/Accounts/${accountSid}/Messages.json?${new URLSearchParams(query).toString()}`;
    return json(200, {
      end: Math.max(found.length - 1, 0),
      first_page_uri: uri,
      messages: found,
      next_page_uri: null,
      page: 0,
      page_size: pageSize,
      previous_page_uri: null,
      start: 0,
      uri,
    });
  }

  const httpClient: TwilioHttpClient = {
    request(opts: RequestOptions) {
      const headers = Object.fromEntries(Object.entries(opts.headers ?? {}).map(([k, v]) => [k, String(v)]));
      const query = stringRecord(opts.params);
      const form = stringRecord(opts.data);
      const search = new URLSearchParams(query).toString();
      const authorization =
        opts.username && opts.password
          ? `Basic ${Buffer.from(`${opts.username}:${opts.password}`).toString('base64')}`
          : undefined;
      requests.push({
        method: opts.method.toUpperCase(),
        url: search ? `${opts.uri}?${search}` : opts.uri,
        authorization,
        headers,
        form,
        query,
      });

      if (opts.username !== accountSid || opts.password !== authToken) {
        return Promise.resolve(twilioError(401, 20003, 'Authenticate'));
      }
      const failure = queuedFailures.shift();
      if (failure) return Promise.resolve(json(failure.statusCode, failure.body));

      const messagesUrl = `${API}/Accounts/${accountSid}/Messages.json`;
      if (opts.uri === messagesUrl && opts.method === 'post') return Promise.resolve(createMessage(form));
      if (opts.uri === messagesUrl && opts.method === 'get') return Promise.resolve(listMessages(query));
      return Promise.resolve(
        twilioError(404, 20404, `The requested resource ${new URL(opts.uri).pathname} was not found`),
      );
    },
  };

  return {
    httpClient,
    requests,
    messages,
    /** The next API call answers with this Twilio error body instead (e.g. 20429 Too Many Requests, 20500). */
    failNextRequest(statusCode: number, code: number, message: string) {
      queuedFailures.push({
        statusCode,
        body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status: statusCode },
      });
    },
    /**
     * Moves a message along as the carrier would, and returns the form fields Twilio posts to its StatusCallback
     * for that change (an SMS status callback: no ErrorMessage, ErrorCode only on failure).
     */
    advance(sid: string, status: 'sent' | 'delivered' | 'undelivered' | 'failed', errorCode?: number) {
      const message = messages.find((m) => m.sid === sid);
      if (!message) throw new Error(`no message ${sid}`);
      const now = rfc2822(new Date());
      message.status = status;
      message.date_sent ??= now;
      message.date_updated = now;
      message.error_code = errorCode ?? null;
      const params: Record<string, string> = {
        SmsSid: sid,
        SmsStatus: status,
        MessageStatus: status,
        To: message.to,
        MessageSid: sid,
        AccountSid: accountSid,
        From: message.from,
        ApiVersion: '2010-04-01',
      };
      if (errorCode !== undefined) params.ErrorCode = String(errorCode);
      if (status === 'delivered' || status === 'undelivered') params.RawDlrDoneDate = rawDlrDoneDate(new Date());
      return params;
    },
  };
}

export type FakeTwilioApi = ReturnType<typeof createFakeTwilioApi>;

function stringRecord(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
}

function isoDate(rfc2822Date: string) {
  return new Date(rfc2822Date).toISOString().slice(0, 10);
}

/** The carrier's delivery receipt time, YYMMDDhhmm, as Twilio forwards it. */
function rawDlrDoneDate(date: Date) {
  return date.toISOString().replace(/[-T:]/g, '').slice(2, 12);
}
