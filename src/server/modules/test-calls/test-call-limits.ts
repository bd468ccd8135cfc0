import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { TooManyRequestsError, windowInWords } from '../../http/creation-limit';
import type { TestCallLimits } from '../../http/types';
import { HttpError } from '../../http/errors';

/**
 * What one account may do with test calls. A person trying their assistant starts a call every minute or so and says
 * something every few seconds; these limits sit far above that and well short of a script tying up the server.
 */
export const TEST_CALL_LIMITS: TestCallLimits = {
  calls: { limit: 20, windowSeconds: 600, refusal: 'You have started 20 test calls in the last 10 minutes.' },
  turnsPerCall: 60,
  turns: { max: 30, window: 60 },
  turnsAtOnce: 2,
};

export const tooManyTurns = (limit: number) =>
  `This test call has reached ${limit} messages, the most one call takes. Hang up and start a new one.`;

const inSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * The turn limits of one server: the time they protect is this process's, so they are counted here. A turn is let in
 * (or refused with a reason) before any work is done for it, and `release` is called when it is answered.
 */
export class TurnGate {
  private readonly rate: RateLimiterMemory;
  private readonly accounts = new Map<string, number>();
  private readonly calls = new Set<string>();

  constructor(private readonly limits: TestCallLimits) {
    this.rate = new RateLimiterMemory({ points: limits.turns.max, duration: limits.turns.window });
  }

  /**
   * Lets one turn of this call in, or throws the refusal: 429 past the account's rate or its turns at once, 409 while
   * the same call's previous turn is being answered. A refused turn still counts toward the rate.
   */
  async enter(ownerId: string, callId: string): Promise<() => void> {
    try {
      await this.rate.consume(ownerId);
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      const wait = inSeconds(refusal.msBeforeNext);
      throw new TooManyRequestsError(
        `You have sent ${this.limits.turns.max} messages to test calls in the last ${windowInWords(this.limits.turns.window)}. Try again in ${wait} second${wait === 1 ? '' : 's'}.`,
        wait,
      );
    }
    // Checked and taken with no await in between: of two turns arriving together, one is let in. Keyed by account
    // too: another account naming this call id is refused later (404) and never holds this one up.
    const call = `${ownerId}\u0000${callId}`;
    if (this.calls.has(call)) {
      throw new HttpError(409, 'The assistant is still answering your last message. Wait for its answer, then go on.');
    }
    if ((this.accounts.get(ownerId) ?? 0) >= this.limits.turnsAtOnce) {
      throw new TooManyRequestsError(
        'Your other test calls are still being answered. Try again in a moment, or hang up one of them.',
        1,
      );
    }
    this.calls.add(call);
    this.accounts.set(ownerId, (this.accounts.get(ownerId) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.calls.delete(call);
      const left = (this.accounts.get(ownerId) ?? 1) - 1;
      if (left > 0) this.accounts.set(ownerId, left);
      else this.accounts.delete(ownerId);
    };
  }
}
