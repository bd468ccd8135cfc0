/**
 * Live streams over a real socket: how many one account and the whole process may hold, what a flood of them
 * leaves standing (health answering throughout), and that a stream ends with the session that opened it.
 */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, TEST_ORIGIN } from '../../../tests/test-app';
import { SseClient } from '../../../tests/sse-client';
import { session } from '../db/schema';
import { DEFAULT_HEARTBEAT_MS } from './stream-limits';

type Owner = { cookie: string; userId: string };

/** The test app served over a real socket, with its own stream caps. */
async function serveApp(perUser: number, total: number) {
  const t = await createTestApp({ streamLimits: { perUser, total, heartbeatMs: DEFAULT_HEARTBEAT_MS } });
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const open: SseClient[] = [];
  let owners = 0;
  return {
    t,
    base,
    async newOwner(): Promise<Owner> {
      return t.signUp({ email: `streams-${++owners}-${Date.now()}@example.com` });
    },
    /** GET /api/events over the socket; the stream is read once it answers 200. */
    async stream(owner: Owner) {
      const response = await fetch(`${base}/api/events`, { headers: { cookie: owner.cookie, origin: TEST_ORIGIN } });
      if (response.status !== 200) return { response, client: null };
      const client = new SseClient(response);
      open.push(client);
      expect((await client.next()).event).toBe('ready');
      return { response, client };
    },
    post(path: string, owner: Owner, json: unknown = {}) {
      return fetch(`${base}${path}`, {
        method: 'POST',
        headers: { cookie: owner.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify(json),
      });
    },
    async close() {
      await Promise.all(open.splice(0).map((c) => c.close().catch(() => undefined)));
      await t.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Frames until the stream ends, then the name of the last one. */
async function lastFrameBeforeEnd(client: SseClient, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  for (;;) {
    try {
      last = (await client.next(Math.max(1, deadline - Date.now()))).event;
    } catch (error) {
      if (String(error).includes('ended')) return last;
      throw error;
    }
  }
}

describe('caps on live streams', () => {
  let app: Awaited<ReturnType<typeof serveApp>>;
  beforeAll(async () => {
    app = await serveApp(3, 5);
  });
  afterAll(() => app.close());

  it('past an account’s cap, a new stream ends that account’s oldest, which is told it was replaced', async () => {
    const owner = await app.newOwner();
    const streams = [];
    for (let i = 0; i < 3; i++) streams.push((await app.stream(owner)).client!);
    const fourth = await app.stream(owner);
    expect(fourth.response.status).toBe(200);
    expect(await lastFrameBeforeEnd(streams[0]!)).toBe('replaced');
    expect(app.t.hub.connectionCount()).toBe(3);

    // The three it holds now are the newest, and they still get the owner's changes.
    expect((await app.post('/api/orders/test', owner, { isCustomOrder: true })).status).toBe(201);
    for (const client of [streams[1]!, streams[2]!, fourth.client!]) {
      expect((await client.next()).event).toBe('message');
    }
    for (const client of [streams[1]!, streams[2]!, fourth.client!]) await client.close();
    await expect.poll(() => app.t.hub.connectionCount()).toBe(0);
  });

  it('past the process’s total, a new stream gets 503 with Retry-After; an account at its own cap still replaces', async () => {
    const [a, b, c] = [await app.newOwner(), await app.newOwner(), await app.newOwner()];
    const held = [];
    for (let i = 0; i < 3; i++) held.push((await app.stream(a)).client!);
    for (let i = 0; i < 2; i++) held.push((await app.stream(b)).client!);
    expect(app.t.hub.connectionCount()).toBe(5);

    for (const owner of [b, c]) {
      const refused = await app.stream(owner);
      expect(refused.response.status).toBe(503);
      expect(refused.response.headers.get('retry-after')).toBe('30');
      expect(await refused.response.json()).toEqual({
        error: 'The server is at its limit of live connections. Try again in 30 seconds.',
      });
    }
    const replacing = await app.stream(a);
    expect(replacing.response.status).toBe(200);
    expect(await lastFrameBeforeEnd(held[0]!)).toBe('replaced');
    expect(app.t.hub.connectionCount()).toBe(5);

    for (const client of [...held.slice(1), replacing.client!]) await client.close();
    await expect.poll(() => app.t.hub.connectionCount()).toBe(0);
  });
});

describe('a flood of streams', () => {
  let app: Awaited<ReturnType<typeof serveApp>>;
  beforeAll(async () => {
    app = await serveApp(10, 40);
  });
  afterAll(() => app.close());

  it('from one account and then from many holds at most the caps, with health answering throughout', async () => {
    const flooder = await app.newOwner();
    const others = [];
    for (let i = 0; i < 5; i++) others.push(await app.newOwner());

    const health: number[] = [];
    let flooding = true;
    const probe = (async () => {
      while (flooding) {
        const started = performance.now();
        const response = await fetch(`${app.base}/api/health`);
        await response.body?.cancel();
        health.push(response.status === 200 ? performance.now() - started : -response.status);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();

    try {
      // 200 streams from one account, 25 at a time: it keeps its newest 10.
      const statuses: number[] = [];
      for (let batch = 0; batch < 8; batch++) {
        const opened = await Promise.all(Array.from({ length: 25 }, () => app.stream(flooder)));
        statuses.push(...opened.map((o) => o.response.status));
      }
      expect(statuses.every((s) => s === 200)).toBe(true);
      await expect.poll(() => app.t.hub.connectionCount()).toBe(10);

      // Then five more accounts, 12 each at once: 40 held in all, the rest refused with 503 (an account past its own
      // 10 replaces its oldest instead, so at least 60 − 30 − 10 are refused).
      const more = await Promise.all(others.flatMap((o) => Array.from({ length: 12 }, () => app.stream(o))));
      expect(app.t.hub.connectionCount()).toBe(40);
      const refused = more.filter((o) => o.response.status === 503);
      expect(refused.length).toBeGreaterThanOrEqual(20);
      expect(refused.every((o) => o.response.headers.get('retry-after') === '30')).toBe(true);
    } finally {
      flooding = false;
      await probe;
    }
    expect(health.length).toBeGreaterThan(5);
    expect(health.filter((ms) => ms < 0)).toEqual([]);
  });
});

describe('a stream follows its session', () => {
  let app: Awaited<ReturnType<typeof serveApp>>;
  beforeAll(async () => {
    app = await serveApp(10, 100);
  });
  afterAll(() => app.close());
  afterEach(async () => {
    await expect.poll(() => app.t.hub.connectionCount(), { timeout: 5_000 }).toBe(0);
  });

  /** A second device of the same owner: a sign-in of its own. */
  async function signIn(owner: Owner, email: string): Promise<Owner> {
    const response = await app.t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email, password: 'secret123' },
    });
    expect(response.status).toBe(200);
    return { ...owner, cookie: sessionCookie(response) };
  }

  it('signing out ends the session’s stream before sign-out answers, its last word saying so', async () => {
    const owner = await app.newOwner();
    const { client } = await app.stream(owner);
    const signedOut = await app.post('/api/auth/sign-out', owner);
    expect(signedOut.status).toBe(200);
    expect(app.t.hub.connectionCount()).toBe(0);
    expect(await lastFrameBeforeEnd(client!)).toBe('signed-out');
  });

  it('a password change ends the streams of every other device, and the changing tab reconnects with its new session', async () => {
    const email = `streams-password-${Date.now()}@example.com`;
    const owner = await app.t.signUp({ email });
    const phone = await signIn(owner, email);
    const onPhone = (await app.stream(phone)).client!;
    const onLaptop = (await app.stream(owner)).client!;

    const changed = await app.post('/api/auth/change-password', owner, {
      currentPassword: 'secret123',
      newPassword: 'a-much-better-password-42',
    });
    expect(changed.status).toBe(200);
    expect(await lastFrameBeforeEnd(onPhone)).toBe('signed-out');
    expect(await lastFrameBeforeEnd(onLaptop)).toBe('signed-out');

    // The phone's session is gone; the laptop has its new one.
    expect((await app.stream(phone)).response.status).toBe(401);
    const again = await app.stream({ ...owner, cookie: sessionCookie(changed) });
    expect(again.response.status).toBe(200);
    await again.client!.close();
  });

  it('a device signed out from another ends its stream; the other device’s stays', async () => {
    const email = `streams-revoke-${Date.now()}@example.com`;
    const owner = await app.t.signUp({ email });
    const tablet = await signIn(owner, email);
    const onTablet = (await app.stream(tablet)).client!;
    const onLaptop = (await app.stream(owner)).client!;

    const listed = await fetch(`${app.base}/api/auth/list-sessions`, {
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
    });
    const sessions = (await listed.json()) as { token: string }[];
    const tabletToken = decodeURIComponent(tablet.cookie.split('=')[1]!).split('.')[0]!;
    expect(sessions.map((s) => s.token)).toContain(tabletToken);
    expect((await app.post('/api/auth/revoke-session', owner, { token: tabletToken })).status).toBe(200);

    expect(await lastFrameBeforeEnd(onTablet)).toBe('signed-out');
    expect((await app.post('/api/orders/test', owner, { isCustomOrder: true })).status).toBe(201);
    expect((await onLaptop.next()).event).toBe('message');
    await onLaptop.close();
  });

  it('a session that expires, or is deleted by any other path, ends its stream within a few seconds', async () => {
    const expiring = await app.newOwner();
    const deleted = await app.newOwner();
    const first = (await app.stream(expiring)).client!;
    const second = (await app.stream(deleted)).client!;

    const started = performance.now();
    await app.t.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, expiring.userId));
    await app.t.db.delete(session).where(eq(session.userId, deleted.userId));
    expect(await lastFrameBeforeEnd(first, 10_000)).toBe('signed-out');
    expect(await lastFrameBeforeEnd(second, 10_000)).toBe('signed-out');
    // Checked every 2 s: a few checks' worth, so a busy machine's slow tick is not taken for a missed end.
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('a session ended a moment ago cannot open a stream, even while its row is still being deleted', async () => {
    const owner = await app.newOwner();
    const [row] = await app.t.db.select({ id: session.id }).from(session).where(eq(session.userId, owner.userId));
    await app.t.hub.endSessions([row!.id]);
    const refused = await app.stream(owner);
    expect(refused.response.status).toBe(401);
    expect(await refused.response.json()).toEqual({ error: 'Not signed in' });
  });
});
