import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CallDetail, CallSummary } from '@shared/contracts/calls';
import { CALL_ENDED_REASONS, isSilentTooLong } from '@shared/domain/calls';
import { formatOrderNumber } from '@shared/domain/orders';
import type { Database, Transaction } from '../../db/client';
import { calls, orders } from '../../db/schema';
import type { EventRecorder } from '../../realtime/with-events';
import { httpsUrl } from './vapi-messages';

/**
 * What a summary is made of: every column the call log shows, never the transcript or a test call's conversation,
 * which are the large ones and are read only for the call's own page.
 */
const summaryColumns = {
  id: calls.id,
  kind: calls.kind,
  callerNumber: calls.callerNumber,
  status: calls.status,
  startedAt: calls.startedAt,
  endedAt: calls.endedAt,
  endedReason: calls.endedReason,
  outcome: calls.outcome,
  summary: calls.summary,
  recordingUrl: calls.recordingUrl,
  orderId: calls.orderId,
  updatedAt: calls.updatedAt,
};
type SummaryRow = Pick<typeof calls.$inferSelect, keyof typeof summaryColumns>;

/**
 * A call as the call log shows it, read by the webhook (to publish a change), the tools and the call-log route alike.
 * Calls come back in the order of `ids`; ids of another restaurant are simply not found.
 */
export async function loadCallSummaries(
  db: Database | Transaction,
  restaurantId: string,
  ids: string[],
  now: Date = new Date(),
): Promise<CallSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ call: summaryColumns, orderItem: orders.item, orderNumber: orders.dailyNumber })
    .from(calls)
    .leftJoin(orders, eq(orders.id, calls.orderId))
    .where(and(eq(calls.restaurantId, restaurantId), inArray(calls.id, ids)));
  const byId = new Map(rows.map((r) => [r.call.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toCallSummary(row.call, orderLabel(row.orderNumber, row.orderItem), now)] : [];
  });
}

/** One call with its transcript, for the call's own page; null when the restaurant has no such call. */
export async function loadCallDetail(
  db: Database | Transaction,
  restaurantId: string,
  id: string,
  now: Date = new Date(),
): Promise<CallDetail | null> {
  const [row] = await db
    .select({
      call: summaryColumns,
      transcript: calls.transcript,
      orderItem: orders.item,
      orderNumber: orders.dailyNumber,
    })
    .from(calls)
    .leftJoin(orders, eq(orders.id, calls.orderId))
    .where(and(eq(calls.restaurantId, restaurantId), eq(calls.id, id)));
  if (!row) return null;
  return { ...toCallSummary(row.call, orderLabel(row.orderNumber, row.orderItem), now), transcript: row.transcript };
}

/** '#12 · 2× Margherita': the number said at the counter, then what was ordered. */
function orderLabel(orderNumber: number | null, item: string | null): string | null {
  if (item === null) return null;
  return orderNumber === null ? item : `${formatOrderNumber(orderNumber)} · ${item}`;
}

/**
 * A call gone silent too long reads as the sweep will leave it (ended at its last message, with the outcome it
 * reached), so a sweep that has not run yet never shows a call in progress that is long over.
 */
function asSweptIfSilent(call: SummaryRow, now: Date): SummaryRow {
  if (!isSilentTooLong({ kind: call.kind, status: call.status, lastMessageAt: call.updatedAt }, now)) return call;
  return {
    ...call,
    status: 'ended',
    endedAt: call.updatedAt > call.startedAt ? call.updatedAt : call.startedAt,
    endedReason: call.kind === 'test' ? CALL_ENDED_REASONS.testCallIdle : CALL_ENDED_REASONS.phoneCallSilent,
    outcome: call.outcome ?? 'no_order',
  };
}

export function toCallSummary(row: SummaryRow, orderLabel: string | null, now: Date = new Date()): CallSummary {
  const call = asSweptIfSilent(row, now);
  return {
    id: call.id,
    kind: call.kind,
    callerNumber: call.callerNumber,
    status: call.status,
    startedAt: call.startedAt.toISOString(),
    endedAt: call.endedAt?.toISOString() ?? null,
    durationSeconds: call.endedAt
      ? Math.max(0, Math.round((call.endedAt.getTime() - call.startedAt.getTime()) / 1000))
      : null,
    endedReason: call.endedReason,
    outcome: call.outcome,
    summary: call.summary,
    // A row written before links were checked on the way in is checked on the way out too.
    recordingUrl: httpsUrl(call.recordingUrl),
    orderId: call.orderId,
    orderLabel: call.orderId ? orderLabel : null,
  };
}

/**
 * What an `UPDATE … RETURNING` of calls gives back to publish the call as it now is without reading it again: the
 * summary's columns and its order's label, from the row just written.
 */
export const callSummaryReturning = {
  ...summaryColumns,
  orderItem: sql<string | null>`(select ${orders.item} from ${orders} where ${orders.id} = ${calls.orderId})`,
  orderNumber: sql<number | null>`(select ${orders.dailyNumber} from ${orders} where ${orders.id} = ${calls.orderId})`,
};
export type CallSummaryRow = SummaryRow & { orderItem: string | null; orderNumber: number | null };

/** Records a `call.updated` event with a call just written and returned with `callSummaryReturning`. */
export async function publishWrittenCall(
  events: EventRecorder,
  restaurantId: string,
  row: CallSummaryRow,
): Promise<CallSummary> {
  const call = toCallSummary(row, orderLabel(row.orderNumber, row.orderItem));
  await events.record(restaurantId, { type: 'call.updated', call });
  return call;
}

/** Records a `call.updated` event with the call as it now is (inside the writer's transaction). */
export async function publishCallChange(
  tx: Transaction,
  events: EventRecorder,
  restaurantId: string,
  callId: string,
): Promise<CallSummary | null> {
  const [call] = await loadCallSummaries(tx, restaurantId, [callId]);
  if (call) await events.record(restaurantId, { type: 'call.updated', call });
  return call ?? null;
}
