import { describe, expect, it } from 'vitest';
import { createLocalVoiceProvider, testNumberFor } from './local-voice-provider';
import type { CreateAgentInput } from './voice-provider';

const APP_URL = 'http://localhost:3000';
const input = (overrides: Partial<CreateAgentInput> = {}): CreateAgentInput => ({
  userId: '5f0b7d0e-3c52-4c55-9d7e-7a0c2f4b9a11',
  restaurantName: 'Golden Lotus',
  language: 'en',
  openHours: '09:00:00',
  closeHours: '17:00:00',
  assistant: {},
  attempt: 0,
  ...overrides,
});

describe('the local voice provider', () => {
  const provider = createLocalVoiceProvider(APP_URL);

  it('gives the owner’s own number in E.164, or a fictional 555-01XX one, and no number id', async () => {
    await expect(provider.createAgent(input({ phoneNumber: '(212) 555-0123' }))).resolves.toMatchObject({
      phoneNumber: '+12125550123',
      phoneNumberId: null,
      agentId: expect.stringMatching(/^local_/) as string,
    });
    const agent = await provider.createAgent(input());
    expect(agent.phoneNumber).toMatch(/^\+1[2-9]\d{2}55501\d{2}$/);
    expect(agent.phoneNumber).toBe(testNumberFor(input().userId, 0));
    expect(provider.serverUrl).toBe(`${APP_URL}/api/webhooks/vapi`);
  });

  it('offers a different number on each attempt, the same one for the same attempt', () => {
    const userId = input().userId;
    const candidates = Array.from({ length: 20 }, (_, attempt) => testNumberFor(userId, attempt));
    expect(new Set(candidates).size).toBe(20);
    expect(testNumberFor(userId, 3)).toBe(candidates[3]);
  });

  it('keeps a local agent an earlier attempt made, never another provider’s', async () => {
    const kept = await provider.createAgent(input({ existingAgentId: 'local_abc' }));
    expect(kept.agentId).toBe('local_abc');
    const fresh = await provider.createAgent(input({ existingAgentId: '86c65268-65ca-4d4e-81d7-086bf61b0e4a' }));
    expect(fresh.agentId).toMatch(/^local_/);
  });

  it('uses an injected candidate generator', async () => {
    const custom = createLocalVoiceProvider(APP_URL, { candidates: (_, attempt) => `+1415555010${attempt}` });
    await expect(custom.createAgent(input({ attempt: 2 }))).resolves.toMatchObject({ phoneNumber: '+14155550102' });
  });
});
