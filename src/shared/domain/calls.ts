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
