/**
 * Floor 2 for `npm run bench`: the least a server can do to fan one change out to every open SSE stream. Same
 * stack and write path as the product (@hono/node-server, frames written straight to each Node response), no
 * database, no auth, and the frame is built once per change. GET /events streams; POST /broadcast {marker} sends an
 * order.created shaped like the product's (a custom order whose customOrderText is the marker) to every stream;
 * GET /health says it is up.
 */
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { serve, type HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { Hono } from 'hono';

const streams = new Set<ServerResponse>();
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
    totalCents: null,
    source: 'test',
    notifiedAt: null,
    notifications: [],
    createdAt: now,
    updatedAt: now,
  };
}

const app = new Hono<{ Bindings: HttpBindings }>()
  .get('/health', (c) => c.json({ ok: true }))
  .get('/events', (c) => {
    const res = c.env.outgoing;
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
    res.write('retry: 3000\nevent: ready\ndata: {}\n\n');
    streams.add(res);
    res.once('close', () => streams.delete(res));
    return RESPONSE_ALREADY_SENT;
  })
  .post('/broadcast', async (c) => {
    const { marker } = await c.req.json<{ marker: string }>();
    const id = String(++nextId);
    const frame = `id: ${id}\ndata: ${JSON.stringify({ type: 'order.created', order: sampleOrder(marker) })}\n\n`;
    for (const res of streams) res.write(frame);
    return c.json({ id }, 201);
  });

const port = Number(process.env.PORT ?? 0);
serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
process.on('SIGTERM', () => process.exit(0));
process.on('SIGINT', () => process.exit(0));
