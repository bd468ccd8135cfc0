/**
 * The floor for `bench/voice-webhook.ts`: the least an authenticated JSON webhook can cost on the product's stack
 * (@hono/node-server + Hono), with no database. POST /webhook checks `X-Vapi-Secret` against VAPI_WEBHOOK_SECRET in
 * constant time (SHA-256 digests compared with timingSafeEqual, as the product does), reads and parses the JSON
 * body and answers a small JSON object naming the message type; GET /health says it is up.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const secret = process.env.VAPI_WEBHOOK_SECRET ?? '';
if (!secret) throw new Error('VAPI_WEBHOOK_SECRET must be set');

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
const expected = digest(secret);

const app = new Hono()
  .get('/health', (c) => c.json({ ok: true }))
  .post('/webhook', async (c) => {
    const given = c.req.header('x-vapi-secret') ?? '';
    if (!timingSafeEqual(expected, digest(given))) return c.json({ error: 'Missing or invalid webhook secret' }, 401);
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      return c.json({ error: 'The body is not valid JSON' }, 400);
    }
    const type = (body as { message?: { type?: unknown } } | null)?.message?.type;
    if (typeof type !== 'string') return c.json({ error: 'Not a Vapi server message' }, 400);
    return c.json({ ok: true, type });
  });

const port = Number(process.env.PORT ?? 0);
serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
process.on('SIGTERM', () => process.exit(0));
process.on('SIGINT', () => process.exit(0));
