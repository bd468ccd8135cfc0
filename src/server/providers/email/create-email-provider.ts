import path from 'node:path';
import { PRODUCT_NAME } from '@shared/product';
import type { Env } from '../../env';
import type { Logger } from '../../logger';
import type { EmailProvider } from './email-provider';
import { createLocalEmailProvider, LOCAL_MAIL_FOLDER } from './local-email-provider';
import { createSmtpEmailProvider } from './smtp-email-provider';

/** The sender when EMAIL_FROM is unset: a no-reply address at the app's own host. */
export function defaultEmailFrom(appUrl: string): string {
  return `${PRODUCT_NAME} <no-reply@${new URL(appUrl).hostname}>`;
}

/** Chosen once at start-up: SMTP when SMTP_URL is set; the local e-mail outbox otherwise. */
export function createEmailProvider(
  env: Pick<Env, 'SMTP_URL' | 'EMAIL_FROM' | 'APP_URL' | 'DATA_DIR'>,
  logger: Logger,
): EmailProvider {
  const from = env.EMAIL_FROM ?? defaultEmailFrom(env.APP_URL);
  if (env.SMTP_URL) {
    const { protocol, hostname, port } = new URL(env.SMTP_URL);
    logger.info(
      { host: hostname, port: port || undefined, tls: protocol === 'smtps:', from },
      'e-mails go out by SMTP',
    );
    return createSmtpEmailProvider({ url: env.SMTP_URL, from });
  }
  const mailDir = path.resolve(env.DATA_DIR, LOCAL_MAIL_FOLDER);
  logger.info(
    { from, mailDir },
    'SMTP_URL is not set: e-mails stay in the local outbox (administrators see them, links hidden) and as .eml files in mailDir',
  );
  return createLocalEmailProvider({ from, mailDir });
}
