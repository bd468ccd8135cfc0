import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import type { SentSms, SmsProvider } from './sms-provider';

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
}

/** A refusal from Twilio's API, with its error code (e.g. 21211 for a 'To' number it cannot text). */
export class TwilioSmsError extends Error {
  constructor(
    message: string,
    readonly code: number | undefined,
    readonly status: number | undefined,
  ) {
    super(message);
    this.name = 'TwilioSmsError';
  }

  /** Twilio's 4xx answers (bad number, blocked recipient, auth) come back the same however often we ask. */
  get isPermanent(): boolean {
    return this.status !== undefined && this.status >= 400 && this.status < 500 && this.status !== 429;
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
}: TwilioSmsProviderOptions): SmsProvider {
  // The SDK only ever calls request() on its httpClient, so the narrower type is safe to hand over.
  const client = twilio(accountSid, authToken, { httpClient: httpClient as RequestClient | undefined });

  return {
    name: 'twilio',

    async send({ to, body, statusCallbackUrl }): Promise<SentSms> {
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

    verifyWebhook(signature, url, params) {
      if (!signature) return false;
      return twilio.validateRequest(authToken, signature, url, params);
    },
  };
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
