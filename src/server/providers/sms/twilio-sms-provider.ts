import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import { SmsSendError, type DeliveryReportResult, type SentSms, type SmsProvider } from './sms-provider';

/** The part of the SDK's RequestClient that the client calls; tests pass a fake that answers like api.twilio.com. */
export interface TwilioHttpClient {
  request(opts: RequestClient.RequestOptions): Promise<{ statusCode: number; body: unknown; headers: unknown }>;
}

export interface TwilioSmsProviderOptions {
  accountSid: string;
  authToken: string;
  /** Our Twilio number (E.164), the sender of every text. */
  from: string;
  httpClient?: TwilioHttpClient;
  /**
   * false when our public URL is not reachable from the internet (a laptop): Twilio refuses to create a message whose
   * status callback it cannot call (error 21609), so texts go out without delivery reports instead.
   */
  withStatusCallbacks?: boolean;
  /** Our public status-callback URL (APP_URL + TWILIO_STATUS_CALLBACK_PATH), given to Twilio with every text. */
  statusCallbackUrl?: string;
}

/** Where Twilio posts message status callbacks, below the app's public URL; the app mounts its route here. */
export const TWILIO_STATUS_CALLBACK_PATH = '/api/webhooks/twilio/status';

type DeliveryStatus = 'sent' | 'delivered' | 'failed';

/** Twilio's message statuses that say something about our texts; others (read, receiving, …) are ignored. */
const DELIVERY_STATUS: Partial<Record<string, DeliveryStatus>> = {
  accepted: 'sent',
  queued: 'sent',
  sending: 'sent',
  sent: 'sent',
  delivered: 'delivered',
  undelivered: 'failed',
  failed: 'failed',
};

/** SMS status callbacks carry ErrorCode but usually no ErrorMessage, so the common codes get Twilio's title here. */
const ERROR_TITLES: Partial<Record<string, string>> = {
  '30001': 'Queue overflow',
  '30002': 'Account suspended',
  '30003': 'Unreachable destination handset',
  '30004': 'Message blocked',
  '30005': 'Unknown destination handset',
  '30006': 'Landline or unreachable carrier',
  '30007': 'Message filtered by the carrier',
  '30008': 'Unknown error',
  '30034': 'Message from an unregistered number (A2P 10DLC)',
};

function failureReason({ ErrorCode: code, ErrorMessage: message }: Record<string, string>) {
  if (!code) return message || undefined;
  return `${code}: ${message || ERROR_TITLES[code] || 'The carrier could not deliver the message'}`;
}

/** A refusal from Twilio's API, with its error code (e.g. 21211 for a 'To' number it cannot text). */
export class TwilioSmsError extends SmsSendError {
  constructor(
    message: string,
    readonly code: number | undefined,
    readonly status: number | undefined,
  ) {
    // Twilio's 4xx answers (bad number, blocked recipient, auth) come back the same however often we ask; a rate
    // limit (429), a server error or a broken connection may pass.
    super(message, status !== undefined && status >= 400 && status < 500 && status !== 429);
    this.name = 'TwilioSmsError';
  }
}

/** Found messages in these states never reached the customer, so reconciliation treats them as not sent. */
const NOT_SENT_STATUSES = new Set(['failed', 'undelivered', 'canceled']);

/** Allowance for our clock running ahead of Twilio's when comparing a message's creation time with ours. */
const CLOCK_SKEW_MS = 30_000;

/** Real texts through Twilio's Programmable Messaging API (official SDK), with delivery reports by status callback. */
export function createTwilioSmsProvider({
  accountSid,
  authToken,
  from,
  httpClient,
  withStatusCallbacks = true,
  statusCallbackUrl: defaultStatusCallbackUrl,
}: TwilioSmsProviderOptions): SmsProvider & {
  verifyWebhook(signature: string | undefined, url: string, params: Record<string, string>): boolean;
} {
  // The SDK only ever calls request() on its httpClient, so the narrower type is safe to hand over.
  const client = twilio(accountSid, authToken, { httpClient: httpClient as RequestClient | undefined });

  return {
    name: 'twilio',

    async send({ to, body, statusCallbackUrl = defaultStatusCallbackUrl }): Promise<SentSms> {
      const message = await callTwilio(() =>
        client.messages.create({
          to,
          from,
          body,
          ...(statusCallbackUrl && withStatusCallbacks ? { statusCallback: statusCallbackUrl } : {}),
        }),
      );
      return { providerMessageId: message.sid, status: message.status === 'delivered' ? 'delivered' : 'sent' };
    },

    async findSent({ to, body, since }) {
      const messages = await callTwilio(() => client.messages.list({ to, dateSentAfter: since, limit: 20 }));
      // Twilio's DateSent filter is documented at day precision, so the creation time is checked here as well:
      // an identical text sent to the same customer earlier (a previous order) must not count as this one.
      const earliest = since.getTime() - CLOCK_SKEW_MS;
      const match = messages.find(
        (m) =>
          m.body === body &&
          m.direction.startsWith('outbound') &&
          m.dateCreated instanceof Date &&
          m.dateCreated.getTime() >= earliest &&
          !NOT_SENT_STATUSES.has(m.status),
      );
      if (!match) return null;
      return { providerMessageId: match.sid, status: match.status === 'delivered' ? 'delivered' : 'sent' };
    },

    verifyWebhook,
    /**
     * A status callback: X-Twilio-Signature is an HMAC of our public callback URL and the posted form fields with
     * our auth token, checked before any field is used. The report names the message by the SID we got at send time.
     */
    async readDeliveryReport(request, publicUrl): Promise<DeliveryReportResult> {
      const params = Object.fromEntries(new URLSearchParams(await request.text()));
      const url = `${publicUrl}${TWILIO_STATUS_CALLBACK_PATH}`;
      if (!verifyWebhook(request.headers.get('x-twilio-signature') ?? undefined, url, params)) {
        return { kind: 'unauthorized' };
      }
      const { MessageSid: messageSid, MessageStatus: messageStatus } = params;
      if (!messageSid || !messageStatus)
        return { kind: 'invalid', reason: 'MessageSid and MessageStatus are required' };
      const status = DELIVERY_STATUS[messageStatus];
      if (!status) return { kind: 'ignored' };
      return {
        kind: 'report',
        providerMessageId: messageSid,
        status,
        error: status === 'failed' ? failureReason(params) : undefined,
      };
    },
  };

  function verifyWebhook(signature: string | undefined, url: string, params: Record<string, string>): boolean {
    if (!signature) return false;
    return twilio.validateRequest(authToken, signature, url, params);
  }
}

/**
 * Errors leave here carrying only Twilio's own message and code. The SDK's transport errors (axios) hold the request
 * config, Authorization header included, and a logged error must never carry the auth token.
 */
async function callTwilio<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof twilio.RestException) {
      const message = error.message || `HTTP ${error.status}`;
      throw new TwilioSmsError(`Twilio error ${error.code ?? error.status}: ${message}`, error.code, error.status);
    }
    const detail = error instanceof Error ? error.message : String(error);
    throw new TwilioSmsError(`Twilio request failed: ${detail}`, undefined, undefined);
  }
}
