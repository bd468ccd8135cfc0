import { sql } from 'drizzle-orm';
import type { RealtimeEvent } from '@shared/contracts/orders';
import type { Database, Transaction } from '../db/client';
import { realtimeEvents } from '../db/schema';
import { EVENTS_CHANNEL, type RealtimeHub, type StoredEvent } from './realtime-hub';

/** What a write may do inside `withEvents`, besides writing through `tx`. */
export interface EventRecorder {
  /** Records a live event for the owner's dashboards. It reaches them only if the transaction commits. */
  record(userId: string, event: RealtimeEvent): Promise<void>;
  /** Work for after the commit, such as waking a job worker; never runs when the transaction rolls back. */
  afterCommit(task: () => Promise<unknown>): void;
}

/**
 * The one way to change data that dashboards show: runs `write` in a transaction, records its events in that same
 * transaction (so a change and its event commit or vanish together), and delivers them to this process's open
 * streams once — only after the commit. Other instances hear of them through NOTIFY, sent on commit too.
 */
export async function withEvents<T>(
  db: Database,
  hub: Pick<RealtimeHub, 'deliver'>,
  write: (tx: Transaction, events: EventRecorder) => Promise<T>,
): Promise<T> {
  const recorded: { userId: string; event: StoredEvent }[] = [];
  const afterCommit: (() => Promise<unknown>)[] = [];
  const result = await db.transaction((tx) =>
    write(tx, {
      record: async (userId, event) => {
        recorded.push({ userId, event: await recordEvent(tx, userId, event) });
      },
      afterCommit: (task) => void afterCommit.push(task),
    }),
  );
  for (const { userId, event } of recorded) hub.deliver(userId, [event]);
  for (const task of afterCommit) await task();
  return result;
}

/**
 * Inserts the event row and signals it with NOTIFY, which Postgres delivers only when the transaction commits; one
 * statement for both, since every change a dashboard sees pays for it. Ids only in the payload: NOTIFY payloads are
 * capped at 8000 bytes, and listeners read the event back by id.
 */
async function recordEvent(tx: Transaction, userId: string, event: RealtimeEvent): Promise<StoredEvent> {
  const inserted = tx
    .$with('inserted')
    .as(tx.insert(realtimeEvents).values({ userId, payload: event }).returning({ id: realtimeEvents.id }));
  const [row] = await tx
    .with(inserted)
    .select({ id: inserted.id, notified: sql`pg_notify(${EVENTS_CHANNEL}, ${userId}::text || ':' || ${inserted.id})` })
    .from(inserted);
  return { id: row!.id, event };
}
