import type { Env } from '../../env';
import type { Logger } from '../../logger';
import { createLocalSmsProvider } from './local-sms-provider';
import type { SmsProvider } from './sms-provider';
import { createTwilioSmsProvider, TWILIO_STATUS_CALLBACK_PATH } from './twilio-sms-provider';

/** Chosen once at start-up: Twilio when its account, token and sender are all set; the local outbox otherwise. */
export function createSmsProvider(
  env: Pick<Env, 'TWILIO_ACCOUNT_SID' | 'TWILIO_AUTH_TOKEN' | 'TWILIO_FROM_NUMBER' | 'APP_URL'>,
  logger: Logger,
): SmsProvider {
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM_NUMBER: from } = env;
  if (accountSid && authToken && from) {
    const withStatusCallbacks = isReachableFromInternet(env.APP_URL);
    if (!withStatusCallbacks) {
      logger.warn(
        { appUrl: env.APP_URL },
        'APP_URL is not a public address, so Twilio cannot report delivery: texts show as sent, never delivered',
      );
    }
    logger.info({ from }, 'texts go out through Twilio');
    return createTwilioSmsProvider({
      accountSid,
      authToken,
      from,
      withStatusCallbacks,
      statusCallbackUrl: `${env.APP_URL}${TWILIO_STATUS_CALLBACK_PATH}`,
    });
  }
  if (accountSid || authToken || from) {
    logger.warn(
      'Twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER; texts stay in the local outbox',
    );
  }
  return createLocalSmsProvider();
}

function isReachableFromInternet(url: string) {
  const { hostname } = new URL(url);
  return !(
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname.startsWith('127.') ||
    hostname === '[::1]' ||
    hostname === '0.0.0.0'
  );
}
