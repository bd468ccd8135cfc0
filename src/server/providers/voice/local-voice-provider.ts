import { createHash, randomUUID } from 'node:crypto';
import { toE164 } from '@shared/domain/phone';
import type { CreateAgentInput, CreatedAgent, VoiceProvider } from './voice-provider';

/**
 * Test mode: the agent lives in this app (the built-in assistant answers test calls), and a restaurant that asked
 * for a new number gets one from the 555-01XX block, which is reserved for fiction and never rings anyone.
 */
export function createLocalVoiceProvider(appUrl: string): VoiceProvider {
  return {
    name: 'local',
    createAgent(input: CreateAgentInput): Promise<CreatedAgent> {
      const own = input.phoneNumber ? toE164(input.phoneNumber) : null;
      return Promise.resolve({ agentId: `local_${randomUUID()}`, phoneNumber: own ?? testNumberFor(input.userId) });
    },
    agentDashboardUrl(agentId: string) {
      return `${appUrl}/settings?tab=phone&agent=${encodeURIComponent(agentId)}`;
    },
  };
}

function testNumberFor(userId: string): string {
  const n = createHash('sha256').update(userId).digest().readUInt16BE(0) % 100;
  const area = 200 + (createHash('sha256').update(`area:${userId}`).digest().readUInt16BE(0) % 800);
  return `+1${area}55501${String(n).padStart(2, '0')}`;
}
