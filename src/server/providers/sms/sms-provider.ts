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
  /** Providers that report delivery by webhook check the request's signature here (Twilio: X-Twilio-Signature). */
  verifyWebhook?(signature: string | undefined, url: string, params: Record<string, string>): boolean;
}

/**
 * A refusal that retrying cannot fix (an invalid or unreachable number, an account problem): the text is marked
 * failed at once with the reason instead of being retried.
 */
export class PermanentSmsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentSmsError';
  }
}
