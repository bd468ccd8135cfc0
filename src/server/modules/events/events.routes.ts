import type { ServerResponse } from 'node:http';
import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/types';
import { requireSession } from '../../http/session';
import { frameOf, type RealtimeHub, type StoredEvent } from '../../realtime/realtime-hub';

const HEARTBEAT_MS = 25_000;
const HELLO = 'retry: 3000\nevent: ready\ndata: {}\n\n';
const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
};

/** Where an event stream's frames go: the Node response itself, or a web stream when there is no socket (tests). */
interface Sink {
  write(frame: string): void;
  close(): void;
  onClose(listener: () => void): void;
}

/**
 * GET /api/events: the owner's live stream. A reconnect sends Last-Event-ID and first receives what it missed.
 * We subscribe before reading the backlog, so nothing committed in between falls through the gap. Frames are
 * written straight to the socket and serialised once per event, however many dashboards are open.
 */
export const eventsRoutes = new Hono<AppEnv>().get('/', requireSession, async (c) => {
  const { hub } = c.get('deps');
  const userId = c.get('user').id;
  const lastEventId = Number(c.req.header('last-event-id') ?? c.req.query('lastEventId') ?? 0);
  const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;

  if (outgoing) {
    outgoing.writeHead(200, SSE_HEADERS);
    await openEventStream(hub, userId, lastEventId, nodeSink(outgoing));
    return RESPONSE_ALREADY_SENT;
  }
  const { sink, body } = webSink();
  void openEventStream(hub, userId, lastEventId, sink);
  return new Response(body, { headers: SSE_HEADERS });
});

async function openEventStream(hub: RealtimeHub, userId: string, lastEventId: number, sink: Sink) {
  const buffered: StoredEvent[] = [];
  let live = false;
  // Ids already written from the backlog, so the buffer (which may overlap it) does not repeat them.
  const sent = new Set<number>();
  const write = (e: StoredEvent) => {
    if (e.id === 0 || !sent.has(e.id)) sink.write(frameOf(e));
  };

  const unsubscribe = hub.subscribe(
    userId,
    (e) => (live ? write(e) : buffered.push(e)),
    () => sink.close(),
  );
  const heartbeat = setInterval(() => sink.write(': keep-alive\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  sink.onClose(() => {
    clearInterval(heartbeat);
    unsubscribe();
  });

  sink.write(HELLO);
  if (Number.isSafeInteger(lastEventId) && lastEventId > 0) {
    for (const e of await hub.backlog(userId, lastEventId)) {
      write(e);
      sent.add(e.id);
    }
  }
  for (const e of buffered.sort((a, b) => a.id - b.id)) write(e);
  live = true;
  sent.clear();
}

function nodeSink(res: ServerResponse): Sink {
  res.flushHeaders();
  return {
    write: (frame) => {
      if (!res.writableEnded) res.write(frame);
    },
    close: () => res.end(),
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
      onClose: (listener) => listeners.push(listener),
    },
  };
}
