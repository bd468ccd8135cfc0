import type { Env } from '../../env';
import type { Logger } from '../../logger';
import { createLocalVoiceProvider } from './local-voice-provider';
import type { VoiceProvider } from './voice-provider';

/** Chosen once at start-up from the environment. */
export function createVoiceProvider(env: Pick<Env, 'APP_URL' | 'VAPI_API_KEY'>, logger: Logger): VoiceProvider {
  if (env.VAPI_API_KEY) {
    // The Vapi client arrives with the voice-assistant work; until then a configured key must not go unnoticed.
    logger.warn('VAPI_API_KEY is set, but this version provisions phone systems in local test mode only');
  }
  return createLocalVoiceProvider(env.APP_URL);
}
