/**
 * Floor 2 for `npm run bench`: the least a server can do to fan one change out to every open SSE stream. Same
 * stack as the product (@hono/node-server + hono/streaming streamSSE), no database, no auth, and the event is
 * serialised once per change. GET /events streams; POST /broadcast {marker} sends an order.created shaped like the
 * product's (a custom order whose customOrderText is the marker) to every stream; GET /health says it is up.
 */
import { randomUUID } from 'node:crypto';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';

const streams = new Set<SSEStreamingApi>();
let nextId = 0;

function sampleOrder(marker: string) {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    item: 'Custom order',
    quantity: 1,
    items: [],
    phoneNumber: '+1415555010' + String(nextId % 10),
    customerName: 'Maria Garcia',
    status: 'new',
    isCustomOrder: true,
    customOrderText: marker,
    readyInMinutes: null,
    total: null,
    source: 'test',
    notifiedAt: null,
    notifications: [],
    createdAt: now,
    updatedAt: now,
  };
}

const app = new Hono()
  .get('/health', (c) => c.json({ ok: true }))
  .get('/events', (c) =>
    streamSSE(c, async (stream) => {
      streams.add(stream);
      stream.onAbort(() => {
        streams.delete(stream);
      });
      await stream.writeSSE({ event: 'ready', data: '{}', retry: 3000 });
      while (!stream.aborted && !stream.closed) {
        await stream.sleep(25_000);
        if (!stream.aborted) await stream.write(': keep-alive\n\n');
      }
      streams.delete(stream);
    }),
  )
  .post('/broadcast', async (c) => {
    const { marker } = await c.req.json<{ marker: string }>();
    const id = String(++nextId);
    const data = JSON.stringify({ type: 'order.created', order: sampleOrder(marker) });
    for (const stream of streams) {
      stream.writeSSE({ id, data }).catch(() => streams.delete(stream));
    }
    return c.json({ id }, 201);
  });

const port = Number(process.env.PORT ?? 0);
serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
process.on('SIGTERM', () => process.exit(0));
process.on('SIGINT', () => process.exit(0));
