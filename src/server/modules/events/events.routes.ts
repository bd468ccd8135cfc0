import type { ServerResponse } from 'node:http';
import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/types';
import { requireSession } from '../../http/session';
import { frameOf, type StoredEvent, type StreamEnd } from '../../realtime/realtime-hub';

const HELLO = 'retry: 3000\nevent: ready\ndata: {}\n\n';
const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
};
/** What a stream ended by the server is told last, so its dashboard knows whether to reconnect. */
const ENDINGS: Record<StreamEnd, string | null> = {
  replaced: 'event: replaced\ndata: {}\n\n',
  'signed-out': 'event: signed-out\ndata: {}\n\n',
  shutdown: null,
};
const FULL_RETRY_SECONDS = 30;
/** Unsent frames a stream may pile up (a reader that stopped reading) before it is dropped. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** Where an event stream's frames go: the Node response itself, or a web stream when there is no socket (tests). */
export interface Sink {
  write(frame: string): void;
  close(): void;
  /** Drops the connection at once, unsent frames and all (a reader that is gone or stopped reading). */
  destroy(): void;
  /** Whether frames are waiting on a reader that is not taking them. */
  stalled(): boolean;
  /** Bytes written and not yet taken by the reader. */
  waitingBytes(): number;
  onClose(listener: () => void): void;
}

/**
 * GET /api/events: the owner's live stream, for as long as the session that opened it. A reconnect sends
 * Last-Event-ID and first receives what it missed. We subscribe before reading the backlog, so nothing committed in
 * between falls through the gap. Frames are written straight to the socket and serialised once per event, however
 * many dashboards are open. Past the process's total of streams: 503 with Retry-After; past the account's own cap,
 * its oldest stream is told it was replaced and ends.
 */
export const eventsRoutes = new Hono<AppEnv>().get('/', requireSession, async (c) => {
  const { hub } = c.get('deps');
  const userId = c.get('user').id;
  const session = c.get('session');
  const lastEventId = Number(c.req.header('last-event-id') ?? c.req.query('lastEventId') ?? 0);
  const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;

  const stream = createEventStream(hub.limits.heartbeatMs);
  const opened = hub.openStream(
    { userId, sessionId: session.id, expiresAt: session.expiresAt },
    stream.deliver,
    stream.end,
  );
  if (!opened.ok) {
    if (opened.reason === 'signed-out') return c.json({ error: 'Not signed in' }, 401);
    c.header('retry-after', String(FULL_RETRY_SECONDS));
    return c.json(
      { error: `The server is at its limit of live connections. Try again in ${FULL_RETRY_SECONDS} seconds.` },
      503,
    );
  }

  const missed = () =>
    Number.isSafeInteger(lastEventId) && lastEventId > 0 ? hub.backlog(userId, lastEventId) : Promise.resolve([]);
  if (outgoing) {
    outgoing.writeHead(200, SSE_HEADERS);
    await stream.attach(nodeSink(outgoing, hub.limits.heartbeatMs), opened.close, missed);
    return RESPONSE_ALREADY_SENT;
  }
  const { sink, body } = webSink();
  void stream.attach(sink, opened.close, missed);
  return new Response(body, { headers: SSE_HEADERS });
});

/**
 * One stream's life: events that arrive before its sink is attached and its backlog written are held, then written
 * in order; a quiet stream is pinged, and dropped when its reader has not taken the previous ping; an end from the
 * hub writes its last word and closes.
 */
export function createEventStream(heartbeatMs: number) {
  let sink: Sink | null = null;
  let live = false;
  let ended: StreamEnd | null = null;
  const buffered: StoredEvent[] = [];
  // Ids already written from the backlog, so the buffer (which may overlap it) does not repeat them.
  const sent = new Set<number>();
  const write = (e: StoredEvent) => {
    if (!sink || (e.id !== 0 && sent.has(e.id))) return;
    sink.write(frameOf(e));
    if (sink.waitingBytes() > MAX_BUFFERED_BYTES) sink.destroy();
  };
  const finish = (reason: StreamEnd) => {
    const last = ENDINGS[reason];
    if (last) sink!.write(last);
    sink!.close();
  };

  return {
    deliver: (e: StoredEvent) => (live ? write(e) : buffered.push(e)),
    end: (reason: StreamEnd) => {
      ended = reason;
      if (sink) finish(reason);
    },
    async attach(target: Sink, unsubscribe: () => void, backlog: () => Promise<StoredEvent[]>) {
      sink = target;
      let stalledAtLastPing = false;
      const heartbeat = setInterval(() => {
        if (stalledAtLastPing && target.stalled()) return target.destroy();
        target.write(': keep-alive\n\n');
        stalledAtLastPing = target.stalled();
      }, heartbeatMs);
      heartbeat.unref();
      target.onClose(() => {
        clearInterval(heartbeat);
        unsubscribe();
      });
      target.write(HELLO);
      if (ended) return finish(ended);
      for (const e of await backlog()) {
        write(e);
        sent.add(e.id);
      }
      if (ended) return finish(ended);
      for (const e of buffered.sort((a, b) => a.id - b.id)) write(e);
      buffered.length = 0;
      live = true;
      sent.clear();
    },
  };
}

function nodeSink(res: ServerResponse, heartbeatMs: number): Sink {
  res.flushHeaders();
  // A peer that vanished without closing (a tablet that lost its network) is found by TCP itself.
  res.socket?.setKeepAlive(true, heartbeatMs);
  return {
    write: (frame) => {
      if (!res.writableEnded) res.write(frame);
    },
    close: () => res.end(),
    destroy: () => res.destroy(),
    stalled: () => res.writableNeedDrain,
    waitingBytes: () => res.writableLength,
    onClose: (listener) => res.once('close', listener),
  };
}

function webSink(): { sink: Sink; body: ReadableStream<Uint8Array> } {
  const encoder = new TextEncoder();
  const listeners: (() => void)[] = [];
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  const finish = () => {
    if (closed) return;
    closed = true;
    for (const listener of listeners) listener();
  };
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
    cancel: finish,
  });
  return {
    body,
    sink: {
      write: (frame) => {
        if (!closed) controller.enqueue(encoder.encode(frame));
      },
      close: () => {
        if (closed) return;
        controller.close();
        finish();
      },
      destroy: () => {
        if (closed) return;
        controller.error(new Error('stream dropped'));
        finish();
      },
      // In process there is no socket to stall: the reader is the test reading the body.
      stalled: () => false,
      waitingBytes: () => 0,
      onClose: (listener) => listeners.push(listener),
    },
  };
}
