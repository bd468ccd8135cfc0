/** What the product needs from a text-message service. Twilio when configured; the local outbox otherwise. */

export interface SendSmsInput {
  to: string;
  body: string;
  /** Where the provider reports delivery (Twilio status callbacks). */
  statusCallbackUrl?: string;
}

export interface SentSms {
  providerMessageId: string;
  /** 'delivered' when the provider already knows it arrived (the local outbox); otherwise 'sent'. */
  status: 'sent' | 'delivered';
}

export interface SmsProvider {
  readonly name: 'local' | 'twilio';
  send(input: SendSmsInput): Promise<SentSms>;
  /**
   * After a crash mid-send we cannot know whether the provider accepted the message. Providers that can look it up
   * say so here, so a text is neither lost nor sent twice.
   */
  findSent?(input: { to: string; body: string; since: Date }): Promise<SentSms | null>;
  /**
   * Providers that report delivery by webhook read the report here: the signature is checked on the raw request
   * before anything in it is used, and the provider's own statuses and error codes become ours.
   */
  readDeliveryReport?(request: Request, publicUrl: string): Promise<DeliveryReportResult>;
}

export type DeliveryReportResult =
  /** Not signed by the provider: nothing is read. */
  | { kind: 'unauthorized' }
  | { kind: 'invalid'; reason: string }
  /** A status that says nothing about delivery (e.g. 'read'). */
  | { kind: 'ignored' }
  | { kind: 'report'; providerMessageId: string; status: 'sent' | 'delivered' | 'failed'; error?: string };

/**
 * A provider's refusal to send. `isPermanent` is the provider's judgement: retrying cannot fix it (an invalid or
 * unreachable number, an account problem), so the text is marked failed at once with the reason.
 */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly isPermanent: boolean,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}
