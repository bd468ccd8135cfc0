import nodemailer from 'nodemailer';
import type { EmailMessage } from './email-provider';

const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

/**
 * The e-mail as an SMTP server would receive it (RFC 5322: headers, text and HTML parts), with its Message-ID. The
 * local outbox composes every e-mail this way too, so what it keeps is exactly what SMTP would have sent.
 */
export async function composeEmail(from: string, message: EmailMessage): Promise<{ messageId: string; raw: Buffer }> {
  const info = await composer.sendMail({ from, ...message });
  if (!Buffer.isBuffer(info.message)) throw new Error('the e-mail composer returned a stream, not the message');
  return { messageId: info.messageId, raw: info.message };
}
