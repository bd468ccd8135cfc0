/** What the product needs from an e-mail service. SMTP when configured; the local outbox otherwise. */

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface SentEmail {
  /** The Message-ID the e-mail went out with. */
  messageId: string;
}

export interface EmailProvider {
  readonly name: 'smtp' | 'local';
  /** The sender every e-mail carries, e.g. 'PickupLine <no-reply@pickupline.example.com>'. */
  readonly from: string;
  send(message: EmailMessage): Promise<SentEmail>;
}

/**
 * A refusal to send. `isPermanent` is the provider's judgement: retrying cannot fix it (the server refused the
 * recipient or the message for good), so the e-mail is marked failed at once with the reason.
 */
export class EmailSendError extends Error {
  constructor(
    message: string,
    readonly isPermanent: boolean,
  ) {
    super(message);
    this.name = 'EmailSendError';
  }
}
