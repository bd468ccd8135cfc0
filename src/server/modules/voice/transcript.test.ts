import { describe, expect, it } from 'vitest';
import { appendToTranscript, capTranscript, MAX_TRANSCRIPT_BYTES, TRANSCRIPT_CUT_MARKER } from './transcript';

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
const lines = (count: number, text: (i: number) => string) => Array.from({ length: count }, (_, i) => text(i + 1));

describe('capTranscript', () => {
  it('leaves a transcript within the cap as it is', () => {
    expect(capTranscript(null)).toBeNull();
    expect(capTranscript('AI: Hello!\nUser: Two margheritas, please.')).toBe(
      'AI: Hello!\nUser: Two margheritas, please.',
    );
    const exact = 'x'.repeat(MAX_TRANSCRIPT_BYTES);
    expect(capTranscript(exact)).toBe(exact);
  });

  it('keeps the beginning and the end of a long one, on whole lines, with the marker where it was cut', () => {
    const transcript = lines(3000, (i) => `Caller: line ${i} ${'and more words '.repeat(5)}`).join('\n');
    expect(bytes(transcript)).toBeGreaterThan(3 * MAX_TRANSCRIPT_BYTES);

    const capped = capTranscript(transcript);
    expect(bytes(capped)).toBeLessThanOrEqual(MAX_TRANSCRIPT_BYTES);
    const cut = capped.split('\n');
    expect(cut[0]).toBe(transcript.split('\n')[0]);
    expect(cut.at(-1)).toBe(transcript.split('\n').at(-1));
    expect(cut.filter((line) => line === TRANSCRIPT_CUT_MARKER)).toHaveLength(1);
    // Every other line is a whole line of the original, in its order.
    const kept = cut.filter((line) => line !== TRANSCRIPT_CUT_MARKER);
    const original = transcript.split('\n');
    expect(kept.every((line) => original.includes(line))).toBe(true);
    expect(kept.map((line) => original.indexOf(line))).toEqual(
      [...kept.map((line) => original.indexOf(line))].sort((a, b) => a - b),
    );
  });

  it('never splits a character, in any script', () => {
    const transcript = `${'顾客：我要两份玛格丽特披萨。'.repeat(4000)}🍕${'助手：好的。'.repeat(4000)}`;
    const capped = capTranscript(transcript);
    expect(bytes(capped)).toBeLessThanOrEqual(MAX_TRANSCRIPT_BYTES);
    expect(capped).not.toContain('\uFFFD');
    expect(capped.startsWith('顾客：我要两份')).toBe(true);
    expect(capped.endsWith('助手：好的。')).toBe(true);
  });

  it('cut again as the call goes on, keeps the same beginning, one marker and the newest lines', () => {
    let transcript: string | null = 'Assistant: Welcome to Casa Lupe!';
    for (let turn = 1; turn <= 200; turn++) {
      transcript = appendToTranscript(transcript, [
        `Caller: turn ${turn} ${'two margheritas please '.repeat(20)}`,
        `Assistant: answer ${turn}`,
      ]);
      expect(bytes(transcript)).toBeLessThanOrEqual(MAX_TRANSCRIPT_BYTES);
    }
    const cut = transcript.split('\n');
    expect(cut[0]).toBe('Assistant: Welcome to Casa Lupe!');
    expect(cut[1]).toMatch(/^Caller: turn 1 /);
    expect(cut.at(-1)).toBe('Assistant: answer 200');
    expect(cut.filter((line) => line === TRANSCRIPT_CUT_MARKER)).toHaveLength(1);
  });
});

describe('appendToTranscript', () => {
  it('adds lines at the end, starting a transcript when there is none', () => {
    expect(appendToTranscript(null, ['Caller: Hi', 'Assistant: Hello!'])).toBe('Caller: Hi\nAssistant: Hello!');
    expect(appendToTranscript('Assistant: Welcome!', ['Caller: Hi'])).toBe('Assistant: Welcome!\nCaller: Hi');
  });
});
