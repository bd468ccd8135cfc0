import { createHash, randomUUID } from 'node:crypto';
import { toE164 } from '@shared/domain/phone';
import type { CreateAgentInput, CreatedAgent, VoiceProvider } from './voice-provider';
import { VAPI_WEBHOOK_PATH } from './vapi-voice-provider';

/** The number to offer a restaurant on its nth try (attempt 0, 1, …); a different one for each attempt. */
export type TestNumberCandidates = (userId: string, attempt: number) => string;

/**
 * Test mode: the agent lives in this app (the built-in assistant answers test calls), and a restaurant that asked
 * for a new number gets one from the 555-01XX block, which is reserved for fiction and never rings anyone.
 */
export function createLocalVoiceProvider(
  appUrl: string,
  { candidates = testNumberFor }: { candidates?: TestNumberCandidates } = {},
): VoiceProvider {
  return {
    name: 'local',
    serverUrl: `${appUrl}${VAPI_WEBHOOK_PATH}`,
    createAgent(input: CreateAgentInput): Promise<CreatedAgent> {
      const own = input.phoneNumber ? toE164(input.phoneNumber) : null;
      const agentId = input.existingAgentId?.startsWith('local_') ? input.existingAgentId : `local_${randomUUID()}`;
      return Promise.resolve({
        agentId,
        phoneNumber: own ?? candidates(input.userId, input.attempt),
        phoneNumberId: null,
      });
    },
    agentDashboardUrl(agentId: string) {
      return `${appUrl}/settings?tab=phone&agent=${encodeURIComponent(agentId)}`;
    },
  };
}

/**
 * +1 AAA 555-01NN: 800 area codes (200–999) × 100 numbers, picked by hashing the owner id with the attempt, so the
 * same restaurant gets the same first candidate every time and a fresh one whenever the last was taken. Uniqueness
 * is the database's job (a unique index on the stored number); the caller asks again on a clash.
 */
export function testNumberFor(userId: string, attempt: number): string {
  const digest = createHash('sha256').update(`${userId}:${attempt}`).digest();
  const area = 200 + (digest.readUInt16BE(0) % 800);
  const line = digest.readUInt16BE(2) % 100;
  return `+1${area}55501${String(line).padStart(2, '0')}`;
}
