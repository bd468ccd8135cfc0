import { and, desc, eq, sql } from 'drizzle-orm';
import type { CallDetail, ListCallsResponse } from '@shared/contracts/calls';
import type { Database } from '../../db/client';
import { calls } from '../../db/schema';
import { notFound } from '../../http/errors';
import { decodeKeysetCursor, olderThan, takePage } from '../../http/keyset-cursor';
import { loadCallDetail, loadCallSummaries } from './call-view';

/** One page of the owner's calls, newest first, keyset-paged on (started_at, id); summaries, no transcripts. */
export async function listCalls(
  db: Database,
  ownerId: string,
  query: { cursor?: string; limit: number },
  now: Date = new Date(),
): Promise<ListCallsResponse> {
  const cursor = query.cursor ? decodeKeysetCursor(query.cursor) : null;
  const rows = await db
    .select({ id: calls.id, startedAtText: sql<string>`${calls.startedAt}::text` })
    .from(calls)
    .where(and(eq(calls.restaurantId, ownerId), cursor ? olderThan(calls.startedAt, calls.id, cursor) : undefined))
    .orderBy(desc(calls.startedAt), desc(calls.id))
    .limit(query.limit + 1);
  const { page, nextCursor } = takePage(rows, query.limit, (r) => ({ at: r.startedAtText, id: r.id }));
  return {
    calls: await loadCallSummaries(
      db,
      ownerId,
      page.map((r) => r.id),
      now,
    ),
    nextCursor,
  };
}

/** One of the owner's calls with its transcript; another restaurant's call is simply not found. */
export async function getCall(
  db: Database,
  ownerId: string,
  callId: string,
  now: Date = new Date(),
): Promise<CallDetail> {
  const call = await loadCallDetail(db, ownerId, callId, now);
  if (!call) throw notFound('Call');
  return call;
}
