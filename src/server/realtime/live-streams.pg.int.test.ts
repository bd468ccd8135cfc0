/**
 * A session signed out through one app instance ends its streams on another at once, through NOTIFY: only
 * meaningful on a real PostgreSQL server shared by both, so it runs in the integration:postgres project only.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

  it('signing out through B ends the stream held by A without A’s own check of its sessions', async () => {
    const owner = await a.signUp({ email: `across-${Date.now()}@example.com` });
    const response = await a.request('/api/events', { cookie: owner.cookie });
    expect(response.status).toBe(200);
    const onA = new SseClient(response);
    expect((await onA.next()).event).toBe('ready');

    // A's own check of its sessions (every 2 s) is held off: only B's NOTIFY can end the stream, so the test proves
    // that path without timing it (a busy machine may take longer than the check's interval).
    const ownCheck = vi.spyOn(a.hub, 'checkSessions').mockResolvedValue(undefined);
    try {
      expect((await b.request('/api/auth/sign-out', { method: 'POST', cookie: owner.cookie, json: {} })).status).toBe(
        200,
      );
      expect((await onA.next(10_000)).event).toBe('signed-out');
      await expect.poll(() => a.hub.connectionCount()).toBe(0);
    } finally {
      ownCheck.mockRestore();
    }
  });
});
