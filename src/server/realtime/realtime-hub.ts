import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { RealtimeEvent } from '@shared/contracts/orders';
import type { Database } from '../db/client';
import { realtimeEvents } from '../db/schema';
import type { Logger } from '../logger';
import type { ChangeListener } from './change-listener';

export const EVENTS_CHANNEL = 'pickupline_events';
const RETENTION_MS = 24 * 60 * 60 * 1000;
const DELIVERED_MEMORY = 5_000;

export interface StoredEvent {
  id: number;
  event: RealtimeEvent;
}

const frames = new WeakMap<StoredEvent, string>();

/** The SSE frame for an event, built once however many streams it is written to. */
export function frameOf(event: StoredEvent): string {
  let frame = frames.get(event);
  if (frame === undefined) {
    const data = `data: ${JSON.stringify(event.event)}\n\n`;
    frame = event.id ? `id: ${event.id}\n${data}` : data;
    frames.set(event, frame);
  }
  return frame;
}

type Subscriber = ((event: StoredEvent) => void) & { close?: () => void };

/**
 * Fans events out to each owner's open dashboards in this process. Events made here are delivered straight after
 * commit; events made by other app instances arrive through LISTEN and are read back by id. An id is delivered once.
 */
export class RealtimeHub {
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  private readonly delivered = new Set<number>();
  private stopListening: (() => Promise<void>) | null = null;
  private pruneTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
  ) {}

  async start(listener: ChangeListener) {
    this.stopListening = await listener.listen(EVENTS_CHANNEL, (payload) => void this.onNotify(payload), {
      onReconnect: () => this.broadcastResync(),
    });
    await this.prune();
    this.pruneTimer = setInterval(() => void this.prune(), 60 * 60 * 1000);
    this.pruneTimer.unref();
  }

  /** Ends every open stream (their dashboards reconnect to another instance, or to this one once it is back). */
  closeAll() {
    for (const set of this.subscribers.values()) for (const subscriber of set) subscriber.close?.();
    this.subscribers.clear();
  }

  async stop() {
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    await this.stopListening?.();
    this.closeAll();
  }

  /** `close` is called when the hub shuts down, so open streams end and the HTTP server can stop. */
  subscribe(userId: string, deliver: (event: StoredEvent) => void, close?: () => void): () => void {
    let set = this.subscribers.get(userId);
    if (!set) this.subscribers.set(userId, (set = new Set()));
    const subscriber: Subscriber = Object.assign((event: StoredEvent) => deliver(event), { close });
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size === 0) this.subscribers.delete(userId);
    };
  }

  connectionCount(): number {
    let n = 0;
    for (const set of this.subscribers.values()) n += set.size;
    return n;
  }

  /** Called by `withEvents` once the transaction that recorded the events has committed; nothing else calls it. */
  deliver(userId: string, events: StoredEvent[]) {
    for (const event of events) this.fanOut(userId, event);
  }

  /** Events after `afterId` for a reconnecting dashboard (Last-Event-ID). */
  async backlog(userId: string, afterId: number, limit = 500): Promise<StoredEvent[]> {
    const rows = await this.db
      .select({ id: realtimeEvents.id, payload: realtimeEvents.payload })
      .from(realtimeEvents)
      .where(and(eq(realtimeEvents.userId, userId), gt(realtimeEvents.id, afterId)))
      .orderBy(asc(realtimeEvents.id))
      .limit(limit);
    return rows.map((r) => ({ id: r.id, event: r.payload as RealtimeEvent }));
  }

  private fanOut(userId: string, event: StoredEvent) {
    if (this.delivered.has(event.id)) return;
    this.remember(event.id);
    const set = this.subscribers.get(userId);
    if (!set) return;
    for (const subscriber of set) {
      try {
        subscriber(event);
      } catch (error) {
        this.logger.warn({ err: error }, 'realtime subscriber failed');
      }
    }
  }

  private remember(id: number) {
    this.delivered.add(id);
    if (this.delivered.size > DELIVERED_MEMORY) {
      const oldest = this.delivered.values().next().value;
      if (oldest !== undefined) this.delivered.delete(oldest);
    }
  }

  private pending = new Map<string, Set<number>>();
  private flushScheduled = false;
  /** Batches are read one after another, so events reach dashboards in the order they were notified. */
  private flushing: Promise<void> = Promise.resolve();

  /** Notifications from other instances, batched per tick so a burst is read back in one query. */
  private onNotify(payload: string) {
    const separator = payload.lastIndexOf(':');
    const userId = payload.slice(0, separator);
    const id = Number(payload.slice(separator + 1));
    if (!userId || !Number.isSafeInteger(id) || this.delivered.has(id) || !this.subscribers.has(userId)) return;
    let ids = this.pending.get(userId);
    if (!ids) this.pending.set(userId, (ids = new Set()));
    ids.add(id);
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => {
        this.flushing = this.flushing.then(() => this.flushPending());
      });
    }
  }

  private async flushPending() {
    this.flushScheduled = false;
    const batch = this.pending;
    this.pending = new Map();
    // This instance's own events usually come back through NOTIFY before the tick ends, already delivered
    // straight after their commit: nothing to read for those.
    const ids = [...batch.values()].flatMap((set) => [...set]).filter((id) => !this.delivered.has(id));
    if (ids.length === 0) return;
    try {
      const rows = await this.db
        .select({ id: realtimeEvents.id, userId: realtimeEvents.userId, payload: realtimeEvents.payload })
        .from(realtimeEvents)
        .where(inArray(realtimeEvents.id, ids))
        .orderBy(asc(realtimeEvents.id));
      for (const row of rows) this.fanOut(row.userId, { id: row.id, event: row.payload as RealtimeEvent });
    } catch (error) {
      this.logger.error({ err: error }, 'could not read realtime events');
    }
  }

  /** After a lost LISTEN connection we may have missed events: every dashboard refetches. */
  private broadcastResync() {
    const resync: StoredEvent = { id: 0, event: { type: 'resync' } };
    for (const set of this.subscribers.values()) {
      for (const subscriber of set) subscriber(resync);
    }
  }

  private async prune() {
    try {
      await this.db.delete(realtimeEvents).where(lt(realtimeEvents.createdAt, new Date(Date.now() - RETENTION_MS)));
    } catch (error) {
      this.logger.warn({ err: error }, 'could not prune realtime events');
    }
  }
}
