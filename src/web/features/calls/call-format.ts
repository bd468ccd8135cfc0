import type { CallSummary } from '@shared/contracts/calls';
import { CALL_ENDED_REASONS, type CallOutcome } from '@shared/domain/calls';
import { formatPhoneDisplay } from '@shared/domain/phone';

interface OutcomeStyle {
  label: string;
  /** The badge's colours. */
  badge: string;
}

/** One label and colour per outcome, so the log reads at a glance. */
export const OUTCOME_STYLES: Record<CallOutcome, OutcomeStyle> = {
  ordered: { label: 'Ordered', badge: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
  no_order: { label: 'No order', badge: 'bg-stone-100 text-stone-700 ring-stone-200' },
  busy: { label: 'Busy', badge: 'bg-amber-50 text-amber-800 ring-amber-200' },
  closed: { label: 'Closed', badge: 'bg-slate-100 text-slate-700 ring-slate-300' },
  expired: { label: 'Expired', badge: 'bg-orange-50 text-orange-800 ring-orange-200' },
  transferred: { label: 'Transferred', badge: 'bg-sky-50 text-sky-800 ring-sky-200' },
  failed: { label: 'Failed', badge: 'bg-red-50 text-red-800 ring-red-200' },
};

const IN_PROGRESS: OutcomeStyle = { label: 'In progress', badge: 'bg-blue-50 text-blue-800 ring-blue-200' };
const ENDED: OutcomeStyle = { label: 'Ended', badge: 'bg-stone-100 text-stone-700 ring-stone-200' };

/** 'In progress' until the call has ended, then what came of it. */
export function outcomeStyle(call: Pick<CallSummary, 'status' | 'outcome'>): OutcomeStyle & { isLive: boolean } {
  if (call.status !== 'ended') return { ...IN_PROGRESS, isLive: true };
  return { ...(call.outcome ? OUTCOME_STYLES[call.outcome] : ENDED), isLive: false };
}

export const callerName = (callerNumber: string | null) =>
  callerNumber ? formatPhoneDisplay(callerNumber) : 'Unknown caller';

/** 186 → '3:06'; null (still on the line) → null. */
export function formatDuration(seconds: number | null): string | null {
  if (seconds === null) return null;
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** A duration as a screen reader should say it: '3 minutes 6 seconds'. */
export function spokenDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  const parts = [];
  if (minutes > 0) parts.push(`${minutes} minute${minutes === 1 ? '' : 's'}`);
  if (rest > 0 || minutes === 0) parts.push(`${rest} second${rest === 1 ? '' : 's'}`);
  return parts.join(' ');
}

/** Reasons PickupLine itself gives when it ends a call, in words. */
const OWN_REASONS: Record<string, string> = {
  [CALL_ENDED_REASONS.testCallIdle]: 'no message for 2 minutes',
  [CALL_ENDED_REASONS.testCallLeft]: 'the test call’s page was closed',
  [CALL_ENDED_REASONS.phoneCallSilent]: 'nothing heard from the call for 15 minutes',
};

/** The reason a call ended in words: PickupLine's own, or the provider's ('customer-ended-call') spelled out. */
export const endedReasonText = (reason: string) => OWN_REASONS[reason] ?? reason.replace(/[-_.]+/g, ' ');
