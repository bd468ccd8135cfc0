import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { RealtimeEvent } from '@shared/contracts/orders';
import type { Database } from '../db/client';
import { realtimeEvents, session } from '../db/schema';
import type { Logger } from '../logger';
import type { ChangeListener } from './change-listener';
import { DEFAULT_HEARTBEAT_MS, type StreamLimits } from './stream-limits';

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

/** Why the server ended a stream: its account opened one too many, its session is gone, or the server stops. */
export type StreamEnd = 'replaced' | 'signed-out' | 'shutdown';

interface Subscriber {
  userId: string;
  /** The session a dashboard's stream was opened with; null for a listener inside the process. */
  sessionId: string | null;
  /** When that session expires (ms since the epoch); events stop at that moment even before the check notices. */
  expiresAt: number;
  deliver: (event: StoredEvent) => void;
  end?: (reason: StreamEnd) => void;
}

export interface StreamSession {
  userId: string;
  sessionId: string;
  expiresAt: Date;
}

export type OpenedStream = { ok: true; close: () => void } | { ok: false; reason: 'full' | 'signed-out' };

/** How often the sessions of open streams are checked against the database (expiry, and deletion by any path). */
const SESSION_CHECK_MS = 2_000;
/** Sessions ended a moment ago, so a stream that was being opened with one is refused. */
const ENDED_MEMORY = 10_000;
/** Session ids per NOTIFY: its payload is capped at 8000 bytes, and a session id is a 36-character UUID. */
const SESSIONS_PER_NOTIFY = 150;
const QUERY_CHUNK = 1_000;
export const SESSIONS_CHANNEL = 'pickupline_sessions';

const NO_LIMITS: StreamLimits = { perUser: Infinity, total: Infinity, heartbeatMs: DEFAULT_HEARTBEAT_MS };

/**
 * Fans events out to each owner's open dashboards in this process. Events made here are delivered straight after
 * commit; events made by other app instances arrive through LISTEN and are read back by id. An id is delivered once.
 *
 * A dashboard's stream belongs to the session that opened it: it ends when that session is signed out, revoked or
 * changed away (better-auth's session-deleted hook calls `endSessions`, which also tells the other instances), and
 * when it expires or goes any other way (a check every 2 s). Streams are capped per account (a new one past the cap
 * ends the account's oldest, so a reloaded tablet never locks itself out) and in all (past it, a new one is refused).
 */
export class RealtimeHub {
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  private readonly bySession = new Map<string, Set<Subscriber>>();
  private streamCount = 0;
  private readonly endedSessions = new Set<string>();
  private readonly delivered = new Set<number>();
  private stopListening: (() => Promise<void>) | null = null;
  private pruneTimer: NodeJS.Timeout | null = null;
  private sessionTimer: NodeJS.Timeout | null = null;
  private checkingSessions = false;
  private notifyOthers = false;

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
    readonly limits: StreamLimits = NO_LIMITS,
  ) {}

  async start(listener: ChangeListener) {
    this.notifyOthers = listener.shared;
    this.stopListening = await listener.listen(
      {
        [EVENTS_CHANNEL]: (payload) => void this.onNotify(payload),
        [SESSIONS_CHANNEL]: (payload) => this.closeSessionStreams(payload.split(',')),
      },
      { onReconnect: () => this.broadcastResync() },
    );
    await this.prune();
    this.pruneTimer = setInterval(() => void this.prune(), 60 * 60 * 1000);
    this.pruneTimer.unref();
    this.sessionTimer = setInterval(() => void this.checkSessions(), SESSION_CHECK_MS);
    this.sessionTimer.unref();
  }

  /** Ends every open stream (their dashboards reconnect to another instance, or to this one once it is back). */
  closeAll() {
    for (const set of [...this.subscribers.values()])
      for (const subscriber of [...set]) this.end(subscriber, 'shutdown');
  }

  async stop() {
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    if (this.sessionTimer) clearInterval(this.sessionTimer);
    await this.stopListening?.();
    this.closeAll();
  }

  /** A listener inside the process (no session, no cap): every event of the owner until the returned function runs. */
  subscribe(userId: string, deliver: (event: StoredEvent) => void): () => void {
    const subscriber: Subscriber = { userId, sessionId: null, expiresAt: Infinity, deliver };
    this.add(subscriber);
    return () => this.remove(subscriber);
  }

  /**
   * A dashboard's stream, for as long as its session lasts. Refused when the session has just ended, or when the
   * process holds its total of streams; past the account's own cap, its oldest stream is ended ('replaced') instead.
   */
  openStream(
    session: StreamSession,
    deliver: (event: StoredEvent) => void,
    end: (reason: StreamEnd) => void,
  ): OpenedStream {
    if (this.endedSessions.has(session.sessionId) || session.expiresAt.getTime() <= Date.now()) {
      return { ok: false, reason: 'signed-out' };
    }
    const own = [...(this.subscribers.get(session.userId) ?? [])].filter((s) => s.sessionId !== null);
    if (own.length >= this.limits.perUser) {
      for (const oldest of own.slice(0, own.length - this.limits.perUser + 1)) this.end(oldest, 'replaced');
    } else if (this.streamCount >= this.limits.total) {
      return { ok: false, reason: 'full' };
    }
    const subscriber: Subscriber = {
      userId: session.userId,
      sessionId: session.sessionId,
      expiresAt: session.expiresAt.getTime(),
      deliver,
      end,
    };
    this.add(subscriber);
    return { ok: true, close: () => this.remove(subscriber) };
  }

  /** Dashboards' streams open in this process. */
  connectionCount(): number {
    return this.streamCount;
  }

  /**
   * Sessions that are gone (signed out, revoked, replaced by a password change): their streams end now, here and,
   * through NOTIFY, in every other instance. No event is written to them after this returns.
   */
  async endSessions(sessionIds: string[]) {
    this.closeSessionStreams(sessionIds);
    if (!this.notifyOthers || sessionIds.length === 0) return;
    for (let i = 0; i < sessionIds.length; i += SESSIONS_PER_NOTIFY) {
      const payload = sessionIds.slice(i, i + SESSIONS_PER_NOTIFY).join(',');
      await this.db.execute(sql`select pg_notify(${SESSIONS_CHANNEL}, ${payload})`);
    }
  }

  private closeSessionStreams(sessionIds: string[]) {
    for (const id of sessionIds) {
      if (!id) continue;
      this.endedSessions.add(id);
      for (const subscriber of [...(this.bySession.get(id) ?? [])]) this.end(subscriber, 'signed-out');
    }
    while (this.endedSessions.size > ENDED_MEMORY) {
      this.endedSessions.delete(this.endedSessions.values().next().value!);
    }
  }

  /** Re-reads the sessions of open streams: one that expired or was deleted any other way ends its streams. */
  async checkSessions() {
    if (this.checkingSessions || this.bySession.size === 0) return;
    this.checkingSessions = true;
    try {
      const ids = [...this.bySession.keys()];
      const current = new Map<string, number>();
      for (let i = 0; i < ids.length; i += QUERY_CHUNK) {
        const rows = await this.db
          .select({ id: session.id, expiresAt: session.expiresAt })
          .from(session)
          .where(and(inArray(session.id, ids.slice(i, i + QUERY_CHUNK)), gt(session.expiresAt, sql`now()`)));
        for (const row of rows) current.set(row.id, row.expiresAt.getTime());
      }
      const gone: string[] = [];
      for (const id of ids) {
        const expiresAt = current.get(id);
        if (expiresAt === undefined) gone.push(id);
        else for (const subscriber of this.bySession.get(id) ?? []) subscriber.expiresAt = expiresAt;
      }
      this.closeSessionStreams(gone);
    } catch (error) {
      this.logger.warn({ err: error }, 'could not check the sessions of open streams');
    } finally {
      this.checkingSessions = false;
    }
  }

  private add(subscriber: Subscriber) {
    let set = this.subscribers.get(subscriber.userId);
    if (!set) this.subscribers.set(subscriber.userId, (set = new Set()));
    set.add(subscriber);
    if (subscriber.sessionId === null) return;
    this.streamCount += 1;
    let streams = this.bySession.get(subscriber.sessionId);
    if (!streams) this.bySession.set(subscriber.sessionId, (streams = new Set()));
    streams.add(subscriber);
  }

  private remove(subscriber: Subscriber) {
    const set = this.subscribers.get(subscriber.userId);
    if (!set?.delete(subscriber)) return;
    if (set.size === 0) this.subscribers.delete(subscriber.userId);
    if (subscriber.sessionId === null) return;
    this.streamCount -= 1;
    const streams = this.bySession.get(subscriber.sessionId);
    streams?.delete(subscriber);
    if (streams?.size === 0) this.bySession.delete(subscriber.sessionId);
  }

  /** Takes the stream out first, so nothing more is written to it, then lets its owner close the response. */
  private end(subscriber: Subscriber, reason: StreamEnd) {
    this.remove(subscriber);
    try {
      subscriber.end?.(reason);
    } catch (error) {
      this.logger.warn({ err: error }, 'could not end a realtime stream');
    }
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
    this.write(userId, event);
  }

  private write(userId: string, event: StoredEvent) {
    const set = this.subscribers.get(userId);
    if (!set) return;
    const now = Date.now();
    for (const subscriber of [...set]) {
      if (subscriber.expiresAt <= now) {
        this.end(subscriber, 'signed-out');
        continue;
      }
      try {
        subscriber.deliver(event);
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
    for (const userId of [...this.subscribers.keys()]) this.write(userId, resync);
  }

  private async prune() {
    try {
      await this.db.delete(realtimeEvents).where(lt(realtimeEvents.createdAt, new Date(Date.now() - RETENTION_MS)));
    } catch (error) {
      this.logger.warn({ err: error }, 'could not prune realtime events');
    }
  }
}
