import nodemailer from 'nodemailer';
import { EmailSendError, type EmailProvider } from './email-provider';

/**
 * How long one send may take, connection included. Shorter than the outbox's sending lease, so a live send is never
 * taken over by another worker.
 */
export const SMTP_SEND_TIMEOUT_MS = 30_000;

export interface SmtpEmailProviderOptions {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465 (TLS from the start). */
  url: string;
  from: string;
}

/** Real e-mail through an SMTP server (nodemailer). */
export function createSmtpEmailProvider({ url, from }: SmtpEmailProviderOptions): EmailProvider {
  const transport = nodemailer.createTransport(
    {
      url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
      dnsTimeout: 10_000,
    },
    { from },
  );
  const secrets = secretsOf(url);

  return {
    name: 'smtp',
    from,
    async send({ to, subject, text, html }) {
      try {
        const info = await transport.sendMail({
          to,
          subject,
          text,
          ...(html ? { html } : {}),
          signal: AbortSignal.timeout(SMTP_SEND_TIMEOUT_MS),
        });
        return { messageId: info.messageId };
      } catch (error) {
        throw toSendError(error, secrets);
      }
    },
  };
}

interface SmtpFailure {
  message?: string;
  code?: string;
  responseCode?: number;
  permanent?: boolean;
}

/**
 * The server's own reply, with the permanence nodemailer reads from its code (5xx but 503: refused for good; 4xx, a
 * timeout or a lost connection: worth another try). The credentials never reach an error that gets logged.
 */
function toSendError(error: unknown, secrets: string[]): EmailSendError {
  const failure: SmtpFailure = typeof error === 'object' && error !== null ? error : { message: String(error) };
  let message = `SMTP ${failure.code ?? 'error'}: ${failure.message ?? 'sending failed'}`;
  for (const secret of secrets) message = message.replaceAll(secret, '***');
  return new EmailSendError(message, failure.permanent === true);
}

/** The password in the SMTP URL, as written and decoded, to be kept out of error messages. */
function secretsOf(url: string): string[] {
  const { password } = new URL(url);
  if (!password) return [];
  return [...new Set([password, decodeURIComponent(password)])].filter((s) => s.length >= 3);
}
