import { and, eq, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  CALL_ENDED_REASONS,
  CALL_STATUSES,
  PHONE_CALL_SILENCE_MS,
  TEST_CALL_IDLE_MS,
  isLaterCallStatus,
  type CallKind,
  type CallOutcome,
  type CallStatus,
} from '@shared/domain/calls';
import type { Database, Transaction } from '../../db/client';
import { calls } from '../../db/schema';
import type { RealtimeHub } from '../../realtime/realtime-hub';
import { withEvents, type EventRecorder } from '../../realtime/with-events';
import { publishCallChange } from './call-view';
import { capTranscript } from './transcript';

/**
 * The write side of the call log. Provider messages about one call may arrive twice, late or out of order, so every
 * write here is an upsert or a conditional update keyed on the provider's call id: a repeat changes nothing, a late
 * status never moves a call back, and an ended call stays ended. Each change that the call log shows is published as
 * a `call.updated` event in the same transaction.
 */

export type CallRow = typeof calls.$inferSelect;

export interface CallWriteDeps {
  db: Database;
  hub: Pick<RealtimeHub, 'deliver'>;
}

export interface EnsureCallInput {
  providerCallId: string;
  restaurantId: string;
  /** Caller ID in E.164, or null when withheld. */
  callerNumber: string | null;
  kind: CallKind;
  startedAt?: Date | null;
}

/**
 * The call's row, created when the call begins (a phone call's assistant-request). A later write keeps the row's
 * restaurant, fills in a caller number the row lacks and moves the start earlier if it knows better. `changed` is true when the row was
 * created or updated, i.e. when the call log should hear of it.
 */
export async function ensureCall(
  db: Database | Transaction,
  { providerCallId, restaurantId, callerNumber, kind, startedAt }: EnsureCallInput,
): Promise<{ call: CallRow; changed: boolean }> {
  const [written] = await db
    .insert(calls)
    .values({
      providerCallId,
      restaurantId,
      callerNumber,
      kind,
      ...(startedAt ? { startedAt } : {}),
    })
    .onConflictDoUpdate({
      target: calls.providerCallId,
      set: {
        callerNumber: sql`coalesce(${calls.callerNumber}, excluded.caller_number)`,
        startedAt: sql`least(${calls.startedAt}, excluded.started_at)`,
        updatedAt: sql`now()`,
      },
      // Without a change the row is left alone (and not returned), so a repeated message writes nothing.
      setWhere: sql`(${calls.callerNumber} is null and excluded.caller_number is not null) or excluded.started_at < ${calls.startedAt}`,
    })
    .returning();
  if (written) return { call: written, changed: true };
  const [existing] = await db.select().from(calls).where(eq(calls.providerCallId, providerCallId));
  if (!existing) throw new Error(`call ${providerCallId} vanished while being recorded`);
  return { call: existing, changed: false };
}

/** ensureCall in its own transaction, publishing the call when it is new or changed. */
export async function startCall(deps: CallWriteDeps, input: EnsureCallInput): Promise<CallRow> {
  return withEvents(deps.db, deps.hub, async (tx, events) => {
    const { call, changed } = await ensureCall(tx, input);
    if (changed) await publishCallChange(tx, events, call.restaurantId, call.id);
    return call;
  });
}

/**
 * The phone call a provider message is about, as its `assistant-request` recorded it: every call to our numbers
 * begins with one, so a message about any other call (an unknown id, a test call's id) is about no call of ours and
 * null is returned without writing anything. A known call is only completed: a caller number the row lacks is
 * filled in.
 */
export async function findPhoneCall(
  deps: CallWriteDeps,
  ref: { providerCallId: string | null; callerNumber: string | null },
): Promise<CallRow | null> {
  if (!ref.providerCallId) return null;
  const [existing] = await deps.db
    .select()
    .from(calls)
    .where(and(eq(calls.providerCallId, ref.providerCallId), eq(calls.kind, 'phone')));
  if (!existing) return null;
  if (existing.callerNumber !== null || ref.callerNumber === null) return existing;
  return startCall(deps, {
    providerCallId: ref.providerCallId,
    restaurantId: existing.restaurantId,
    callerNumber: ref.callerNumber,
    kind: 'phone',
  });
}

/**
 * What an ended call came to when no tool decided it: transferred by the assistant, failed on the provider's side
 * (pipeline errors, an assistant it could not get or start, a dropped connection), or simply no order.
 */
export function outcomeForEndedReason(endedReason: string | null): CallOutcome {
  if (!endedReason) return 'no_order';
  if (endedReason === 'assistant-forwarded-call' || endedReason.endsWith('hook-executed-transfer'))
    return 'transferred';
  if (
    /error|fail|fault/i.test(endedReason) ||
    /^assistant-(request-returned-|not-found$|not-valid$|join-timed-out$)/.test(endedReason) ||
    endedReason === 'worker-shutdown' ||
    endedReason === 'phone-call-provider-closed-websocket'
  ) {
    return 'failed';
  }
  return 'no_order';
}

export interface StatusUpdate {
  callId: string;
  restaurantId: string;
  status: CallStatus;
  endedReason: string | null;
  /** When the provider reported it: the end time of an ended call. */
  at: Date;
}

/**
 * Moves the call's status forward only (isLaterCallStatus): a repeated or late status changes nothing, and an ended
 * call never comes back. Ending sets the end time, the reason and, unless a tool already decided it, the outcome.
 * Returns whether the call changed.
 */
export async function applyStatusUpdate(deps: CallWriteDeps, update: StatusUpdate): Promise<boolean> {
  const earlier = CALL_STATUSES.filter((current) => isLaterCallStatus(current, update.status));
  if (earlier.length === 0) return false;
  const ending =
    update.status === 'ended'
      ? {
          endedAt: sql`coalesce(${calls.endedAt}, ${update.at.toISOString()}::timestamptz)`,
          endedReason: sql`coalesce(${calls.endedReason}, ${update.endedReason})`,
          ...(update.endedReason
            ? { outcome: sql`coalesce(${calls.outcome}, ${outcomeForEndedReason(update.endedReason)})` }
            : {}),
        }
      : {};
  return withEvents(deps.db, deps.hub, async (tx, events) => {
    const updated = await tx
      .update(calls)
      .set({ status: update.status, updatedAt: new Date(), ...ending })
      .where(and(eq(calls.id, update.callId), inArray(calls.status, earlier)))
      .returning({ id: calls.id });
    if (updated.length === 0) return false;
    await publishCallChange(tx, events, update.restaurantId, update.callId);
    return true;
  });
}

export interface EndOfCallReportInput {
  callId: string;
  restaurantId: string;
  endedReason: string | null;
  startedAt: Date | null;
  endedAt: Date | null;
  summary: string | null;
  transcript: string | null;
  recordingUrl: string | null;
}

/**
 * The call's final record: ended, with its times, reason, summary, transcript and recording. A field the report
 * lacks keeps what the row had, so a second, thinner copy of the report erases nothing. An outcome a tool already
 * set (an order, a transfer, a refusal) stays; otherwise it follows the ended reason. Returns whether it changed.
 */
export async function applyEndOfCallReport(
  deps: CallWriteDeps,
  report: EndOfCallReportInput,
  now: Date = new Date(),
): Promise<boolean> {
  return withEvents(deps.db, deps.hub, async (tx, events) => {
    const [row] = await tx.select().from(calls).where(eq(calls.id, report.callId)).for('update');
    if (!row) return false;
    const next = {
      status: 'ended' as const,
      startedAt: report.startedAt ?? row.startedAt,
      endedAt: report.endedAt ?? row.endedAt ?? now,
      endedReason: report.endedReason ?? row.endedReason,
      summary: report.summary ?? row.summary,
      transcript: capTranscript(report.transcript) ?? row.transcript,
      recordingUrl: report.recordingUrl ?? row.recordingUrl,
      // 'no_order' put there by the sweep was a guess made without this report; the report's reason knows better.
      outcome:
        row.outcome && !(row.outcome === 'no_order' && row.endedReason === CALL_ENDED_REASONS.phoneCallSilent)
          ? row.outcome
          : outcomeForEndedReason(report.endedReason ?? row.endedReason),
    };
    const same =
      row.status === next.status &&
      row.startedAt.getTime() === next.startedAt.getTime() &&
      row.endedAt?.getTime() === next.endedAt.getTime() &&
      row.endedReason === next.endedReason &&
      row.summary === next.summary &&
      row.transcript === next.transcript &&
      row.recordingUrl === next.recordingUrl &&
      row.outcome === next.outcome;
    if (same) return false;
    await tx
      .update(calls)
      .set({ ...next, updatedAt: now })
      .where(eq(calls.id, report.callId));
    await publishCallChange(tx, events, report.restaurantId, report.callId);
    return true;
  });
}

/**
 * Sets what the call came to, inside the caller's transaction. A call that ordered stays 'ordered' whatever happens
 * next in it; any other outcome is replaced by the latest. Returns whether it changed.
 */
export async function setCallOutcome(
  tx: Transaction,
  events: EventRecorder,
  { restaurantId, callId, outcome }: { restaurantId: string; callId: string; outcome: CallOutcome },
): Promise<boolean> {
  const updated = await tx
    .update(calls)
    .set({ outcome, updatedAt: new Date() })
    .where(
      and(
        eq(calls.id, callId),
        sql`${calls.outcome} is distinct from 'ordered'`,
        sql`${calls.outcome} is distinct from ${outcome}`,
      ),
    )
    .returning({ id: calls.id });
  if (updated.length === 0) return false;
  await publishCallChange(tx, events, restaurantId, callId);
  return true;
}

/**
 * Notes that a phone call's provider has just sent a message about it (a tool call, say), so the sweep measures its
 * silence from now. Writes nothing once the call has ended, and publishes nothing: the call log does not show it.
 */
export async function notePhoneCallHeard(db: Database, callId: string, now: Date = new Date()): Promise<void> {
  await db
    .update(calls)
    .set({ updatedAt: now })
    .where(
      and(eq(calls.id, callId), ne(calls.status, 'ended'), sql`${calls.updatedAt} < ${now.toISOString()}::timestamptz`),
    );
}

/**
 * Ends, inside the caller's transaction, every call (of those `only` selects) that has gone silent for too long: a
 * test call with no message for 2 minutes, a phone call with no message, not even its end-of-call report, for 15
 * (see isSilentTooLong). It ends at its last message (`updated_at`), with the outcome it reached ('no_order' when it
 * reached none: an order placed keeps it 'ordered') and a reason saying why. The condition sits in the UPDATE, so
 * a message or hang-up that lands at the same moment wins and a call is ended once however many sweep at once.
 */
export async function endSilentCallsIn(
  tx: Transaction,
  events: EventRecorder,
  now: Date,
  only?: SQL,
): Promise<{ id: string; restaurantId: string }[]> {
  const testSince = new Date(now.getTime() - TEST_CALL_IDLE_MS).toISOString();
  const phoneSince = new Date(now.getTime() - PHONE_CALL_SILENCE_MS).toISOString();
  const ended = await tx
    .update(calls)
    .set({
      status: 'ended',
      endedAt: sql`greatest(${calls.startedAt}, ${calls.updatedAt})`,
      endedReason: sql`case when ${calls.kind} = 'test' then ${CALL_ENDED_REASONS.testCallIdle} else ${CALL_ENDED_REASONS.phoneCallSilent} end`,
      outcome: sql`coalesce(${calls.outcome}, 'no_order')`,
      conversation: sql`case when ${calls.conversation} is null then null else jsonb_set(${calls.conversation}, '{stage}', '"ended"') end`,
      updatedAt: now,
    })
    .where(
      and(
        // Written out, not a parameter, so the planner sees the open-calls index's own condition (calls_open_updated_idx).
        sql`${calls.status} <> 'ended'`,
        or(
          and(eq(calls.kind, 'test'), lte(calls.updatedAt, sql`${testSince}::timestamptz`)),
          and(eq(calls.kind, 'phone'), lte(calls.updatedAt, sql`${phoneSince}::timestamptz`)),
        ),
        only,
      ),
    )
    .returning({ id: calls.id, restaurantId: calls.restaurantId });
  for (const call of ended) await publishCallChange(tx, events, call.restaurantId, call.id);
  return ended;
}

/** The sweep's part for calls: ends every call gone silent too long, telling open call logs. Returns how many. */
export async function endSilentCalls(deps: CallWriteDeps, now: Date = new Date()): Promise<number> {
  return withEvents(deps.db, deps.hub, async (tx, events) => (await endSilentCallsIn(tx, events, now)).length);
}
