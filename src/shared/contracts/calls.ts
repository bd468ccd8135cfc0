import { z } from 'zod';
import type { CallKind, CallOutcome, CallStatus } from '../domain/calls';

/**
 * One call as the call log lists it and live updates carry it: without its transcript, which only the call's own
 * answer (GET /api/calls/:id, CallDetail) holds.
 */
export interface CallSummary {
  id: string;
  kind: CallKind;
  /** Caller ID as the provider gave it (E.164), or null when withheld. */
  callerNumber: string | null;
  status: CallStatus;
  startedAt: string;
  endedAt: string | null;
  /** Whole seconds from start to end; null while the call is on. */
  durationSeconds: number | null;
  endedReason: string | null;
  outcome: CallOutcome | null;
  summary: string | null;
  recordingUrl: string | null;
  orderId: string | null;
  /** The order's daily number or summary line, for the link to it. */
  orderLabel: string | null;
}

/** One call on its own: its summary and what was said, as the transcript kept it (cut in the middle when long). */
export interface CallDetail extends CallSummary {
  transcript: string | null;
}

export interface ListCallsResponse {
  calls: CallSummary[];
  nextCursor: string | null;
}

export const listCallsQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
