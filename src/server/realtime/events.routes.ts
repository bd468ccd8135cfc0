import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppEnv } from '../http/types';
import { requireSession } from '../http/session';
import type { StoredEvent } from './realtime-hub';

const HEARTBEAT_MS = 25_000;

/**
 * GET /api/events: the owner's live stream. A reconnect sends Last-Event-ID and first receives what it missed.
 * We subscribe before reading the backlog, so nothing committed in between falls through the gap.
 */
export const eventsRoutes = new Hono<AppEnv>().get('/', requireSession, (c) => {
  const { hub } = c.get('deps');
  const userId = c.get('user').id;
  const lastEventId = Number(c.req.header('last-event-id') ?? c.req.query('lastEventId') ?? 0);

  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    const buffered: StoredEvent[] = [];
    let live = false;
    // Ids already written from the backlog, so the buffer (which may overlap it) does not repeat them.
    const sent = new Set<number>();

    const write = async (e: StoredEvent) => {
      if (e.id !== 0 && sent.has(e.id)) return;
      await stream.writeSSE({ id: e.id ? String(e.id) : undefined, data: JSON.stringify(e.event) });
    };
    const unsubscribe = hub.subscribe(
      userId,
      (e) => {
        if (live) void write(e).catch(() => undefined);
        else buffered.push(e);
      },
      () => void stream.close(),
    );
    stream.onAbort(unsubscribe);

    await stream.writeSSE({ event: 'ready', data: '{}', retry: 3000 });
    if (Number.isSafeInteger(lastEventId) && lastEventId > 0) {
      for (const e of await hub.backlog(userId, lastEventId)) {
        await write(e);
        sent.add(e.id);
      }
    }
    for (const e of buffered.sort((a, b) => a.id - b.id)) await write(e);
    live = true;
    sent.clear();

    while (!stream.aborted && !stream.closed) {
      await stream.sleep(HEARTBEAT_MS);
      if (!stream.aborted && !stream.closed) await stream.write(': keep-alive\n\n');
    }
    unsubscribe();
  });
});
