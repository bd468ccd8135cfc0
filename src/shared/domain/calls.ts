/** Where a call stands, as the voice provider reports it (Vapi's status-update values). */
export const CALL_STATUSES = ['scheduled', 'queued', 'ringing', 'in-progress', 'forwarding', 'ended'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

/** Once ended, a call stays ended: a late or repeated status never moves it back. */
export function isLaterCallStatus(current: CallStatus, next: CallStatus): boolean {
  return CALL_STATUSES.indexOf(next) > CALL_STATUSES.indexOf(current);
}

/**
 * What came of a call, for the call log: an order, nothing, or the reason the assistant could not take one. A call
 * that ordered stays 'ordered' whatever else happened in it.
 */
export const CALL_OUTCOMES = ['ordered', 'no_order', 'busy', 'closed', 'expired', 'transferred', 'failed'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/** Phone calls come through the voice provider; test calls are the owner's own, in the browser. */
export const CALL_KINDS = ['phone', 'test'] as const;
export type CallKind = (typeof CALL_KINDS)[number];

/** A test call with no message for this long has been left: it ends (the page ends it too, and the sweep). */
export const TEST_CALL_IDLE_MS = 2 * 60_000;
/**
 * A phone call that has sent no message for this long and no end-of-call report is over (calls last 15 minutes at
 * most): the sweep closes it with the outcome it reached, and the call log never shows it in progress past it.
 */
export const PHONE_CALL_SILENCE_MS = 15 * 60_000;

/** Why a call ended when it did not end by itself: recorded as its ended reason. */
export const CALL_ENDED_REASONS = {
  /** A test call left without a message for TEST_CALL_IDLE_MS. */
  testCallIdle: 'test-call-idle',
  /** A test call whose page was closed or left while it was on. */
  testCallLeft: 'test-call-page-closed',
  /** A phone call that sent nothing, not even its end-of-call report, for PHONE_CALL_SILENCE_MS. */
  phoneCallSilent: 'no-end-of-call-report',
} as const;

/** How long a call of this kind may go without a message before it counts as over. */
export const silenceLimitMs = (kind: CallKind) => (kind === 'test' ? TEST_CALL_IDLE_MS : PHONE_CALL_SILENCE_MS);

/** The one rule for "over by silence": not ended, and nothing heard from it for its kind's limit. */
export function isSilentTooLong(call: { kind: CallKind; status: CallStatus; lastMessageAt: Date }, now: Date): boolean {
  return call.status !== 'ended' && now.getTime() - call.lastMessageAt.getTime() >= silenceLimitMs(call.kind);
}
