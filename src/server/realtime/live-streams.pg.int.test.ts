/**
 * A session signed out through one app instance ends its streams on another at once, through NOTIFY: only
 * meaningful on a real PostgreSQL server shared by both, so it runs in the integration:postgres project only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { createTestDatabase } from '../../../tests/test-database';
import { SseClient } from '../../../tests/sse-client';
import type { DatabaseHandle } from '../db/client';

describe('streams follow their session across instances', () => {
  let database: DatabaseHandle;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    a = await createTestApp({ databaseUrl: database.url });
    b = await createTestApp({ databaseUrl: database.url });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.close();
  });

  it('signing out through B ends the stream held by A well before A’s own check of its sessions would', async () => {
    const owner = await a.signUp({ email: `across-${Date.now()}@example.com` });
    const response = await a.request('/api/events', { cookie: owner.cookie });
    expect(response.status).toBe(200);
    const onA = new SseClient(response);
    expect((await onA.next()).event).toBe('ready');

    const started = performance.now();
    expect((await b.request('/api/auth/sign-out', { method: 'POST', cookie: owner.cookie, json: {} })).status).toBe(
      200,
    );
    expect((await onA.next(1_500)).event).toBe('signed-out');
    const took = performance.now() - started;
    expect(took).toBeLessThan(1_500);
    await expect.poll(() => a.hub.connectionCount()).toBe(0);
  });
});
