import { randomUUID } from 'node:crypto';
import type { SmsProvider } from './sms-provider';

/**
 * Test mode: nothing leaves the building. The message is stored in the notifications outbox (which the app shows as
 * the customer would read it) and counts as delivered at once.
 */
export function createLocalSmsProvider(): SmsProvider {
  return {
    name: 'local',
    send: () => Promise.resolve({ providerMessageId: `local_${randomUUID()}`, status: 'delivered' }),
  };
}
