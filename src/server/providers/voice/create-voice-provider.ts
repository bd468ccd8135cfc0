import type { Env } from '../../env';
import type { Logger } from '../../logger';
import { createLocalVoiceProvider } from './local-voice-provider';
import { createVapiVoiceProvider, type FetchLike } from './vapi-voice-provider';
import type { VoiceProvider } from './voice-provider';

/**
 * Chosen once at start-up: Vapi when VAPI_API_KEY is set (env.ts refuses to start without VAPI_WEBHOOK_SECRET
 * then), the local test-mode provider otherwise. With our Twilio account configured, an owner's own number is
 * imported into Vapi; without it, every restaurant gets a new Vapi number.
 */
export function createVoiceProvider(
  env: Pick<Env, 'APP_URL' | 'VAPI_API_KEY' | 'VAPI_WEBHOOK_SECRET' | 'TWILIO_ACCOUNT_SID' | 'TWILIO_AUTH_TOKEN'>,
  logger: Logger,
  { fetch }: { fetch?: FetchLike } = {},
): VoiceProvider {
  const { VAPI_API_KEY: apiKey, VAPI_WEBHOOK_SECRET: webhookSecret } = env;
  if (!apiKey) return createLocalVoiceProvider(env.APP_URL);
  if (!webhookSecret) throw new Error('VAPI_WEBHOOK_SECRET is required when VAPI_API_KEY is set');
  const twilio =
    env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN
      ? { accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN }
      : undefined;
  logger.info(
    { ownNumbers: twilio ? 'imported from Twilio' : 'replaced by new Vapi numbers' },
    'phone systems are set up on Vapi',
  );
  return createVapiVoiceProvider({ apiKey, webhookSecret, appUrl: env.APP_URL, twilio, fetch });
}
