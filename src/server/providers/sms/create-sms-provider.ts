import type { Env } from '../../env';
import type { Logger } from '../../logger';
import { createLocalSmsProvider } from './local-sms-provider';
import type { SmsProvider } from './sms-provider';

/** Chosen once at start-up: Twilio when its account, token and sender are all set; the local outbox otherwise. */
export function createSmsProvider(
  env: Pick<Env, 'TWILIO_ACCOUNT_SID' | 'TWILIO_AUTH_TOKEN' | 'TWILIO_FROM_NUMBER'>,
  logger: Logger,
): SmsProvider {
  const configured = [env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, env.TWILIO_FROM_NUMBER].filter(Boolean).length;
  if (configured > 0 && configured < 3) {
    logger.warn('Twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER; texts stay in the local outbox');
  }
  return createLocalSmsProvider();
}
