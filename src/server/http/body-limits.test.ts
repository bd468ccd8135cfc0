/**
 * Body limits over a real socket: what matters is what the server reads and holds, which an in-process request
 * cannot show (it has no Content-Length sent ahead of a body, no chunked stream, no slow client).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyLimits } from './body-limits';

const APP_LIMIT = 1024;
const WEBHOOK_LIMIT = 4096;

let server: ServerType;
let port: number;
let bytesReadByHandlers = 0;

beforeAll(async () => {
  const app = new Hono()
    .use('/api/*', bodyLimits({ appBytes: APP_LIMIT, webhookBytes: WEBHOOK_LIMIT }))
    .get('/api/health', (c) => c.json({ ok: true }))
    .post('/api/echo', async (c) => {
      const text = await c.req.text();
      bytesReadByHandlers += text.length;
      return c.json({ length: text.length });
    })
    .post('/api/webhooks/provider', async (c) => c.json({ length: (await c.req.text()).length }));
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Answer {
  status: number;
  body: string;
}

/** Starts a request and hands back the open request (to write its body piece by piece) and its answer. */
function open(path: string, headers: Record<string, string | number>) {
  const request = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers, agent: false });
  const answer = new Promise<Answer>((resolve, reject) => {
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
  // A refused upload may have its socket closed under it; only the answer matters.
  request.on('error', () => undefined);
  return { request, answer };
}

async function post(path: string, body: string, headers: Record<string, string | number> = {}) {
  const { request, answer } = open(path, { 'content-type': 'application/json', ...headers });
  request.end(body);
  return answer;
}

function health() {
  return new Promise<number>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
      .on('error', reject);
  });
}

describe('request body limits', () => {
  it('passes a body within the limit to the route untouched, with or without a Content-Length', async () => {
    const body = JSON.stringify({ text: 'x'.repeat(APP_LIMIT - 20) });
    expect(await post('/api/echo', body)).toEqual({ status: 200, body: JSON.stringify({ length: body.length }) });
    expect(await post('/api/echo', body, { 'transfer-encoding': 'chunked' })).toEqual({
      status: 200,
      body: JSON.stringify({ length: body.length }),
    });
  });

  it('answers 413 with a reason from the declared length alone, before a byte of the body is sent', async () => {
    const before = bytesReadByHandlers;
    const { request, answer } = open('/api/echo', {
      'content-type': 'application/json',
      'content-length': 5 * 1024 * 1024,
    });
    request.flushHeaders();
    // The body has not been sent (and never will be): the answer must come regardless.
    const { status, body } = await answer;
    request.destroy();
    expect(status).toBe(413);
    expect(JSON.parse(body)).toEqual({ error: 'The request body is too large (the limit is 1 KB)' });
    expect(bytesReadByHandlers).toBe(before);
  });

  it('stops a body sent without a length once it passes the limit, while the client is still sending', async () => {
    const { request, answer } = open('/api/echo', {
      'content-type': 'application/json',
      'transfer-encoding': 'chunked',
    });
    request.write('{"text":"');
    request.write('x'.repeat(APP_LIMIT));
    // No end(): the client would go on sending; the server has seen enough.
    const { status } = await answer;
    request.destroy();
    expect(status).toBe(413);
  });

  it('gives provider webhooks the larger limit', async () => {
    const between = JSON.stringify({ text: 'x'.repeat(APP_LIMIT * 2) });
    expect((await post('/api/echo', between)).status).toBe(413);
    expect((await post('/api/webhooks/provider', between)).status).toBe(200);
    expect((await post('/api/webhooks/provider', 'x'.repeat(WEBHOOK_LIMIT + 1))).status).toBe(413);
  });

  it('keeps answering other requests while a slow body trickles in', async () => {
    const { request, answer } = open('/api/echo', {
      'content-type': 'application/json',
      'transfer-encoding': 'chunked',
    });
    request.write('{"text":"');
    for (let i = 0; i < 3; i += 1) expect(await health()).toBe(200);
    request.end('"}');
    expect((await answer).status).toBe(200);
  });
});
