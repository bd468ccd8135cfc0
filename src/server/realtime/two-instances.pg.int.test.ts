/**
 * Two app instances on one PostgreSQL: what one does, the other's dashboards see, through LISTEN/NOTIFY alone.
 * Only meaningful on a real PostgreSQL server, so it runs in the integration:postgres project only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, sessionCookie, TEST_ORIGIN, type TestApp } from '../../../tests/test-app';
import { createTestDatabase } from '../../../tests/test-database';
import { eventData, SseClient } from '../../../tests/sse-client';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { startJobQueue, stopJobQueue } from '../jobs/job-queue';
import { createLogger } from '../logger';
import type { Order, RealtimeEvent } from '@shared/contracts/orders';

const onPostgres = process.env.TEST_DB === 'postgres';
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

type Owner = { cookie: string; userId: string };

describe.skipIf(!onPostgres)('two app instances on one PostgreSQL database', () => {
  describe('two apps in this process, each with its own pool, hub and LISTEN connection', () => {
    let database: DatabaseHandle;
    let a: TestApp;
    let b: TestApp;
    const open: SseClient[] = [];

    beforeAll(async () => {
      database = await createTestDatabase();
      a = await createTestApp({ databaseUrl: database.url });
      b = await createTestApp({ databaseUrl: database.url });
    });
    afterEach(async () => {
      await Promise.all(open.splice(0).map((c) => c.close()));
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await dropDatabase(database);
    });

    async function connect(app: TestApp, owner: Owner) {
      const response = await app.request('/api/events', { cookie: owner.cookie });
      expect(response.status).toBe(200);
      const client = new SseClient(response);
      open.push(client);
      expect((await client.next()).event).toBe('ready');
      return client;
    }

    async function createOrder(app: TestApp, owner: Owner) {
      const response = await app.request('/api/orders/test', { method: 'POST', cookie: owner.cookie, json: {} });
      expect(response.status).toBe(201);
      return ((await response.json()) as { order: Order }).order;
    }

    it('an order created through A reaches the owner’s stream on B at once, once', async () => {
      const owner = await a.signUp({ email: 'two-apps-1@example.com' });
      const onB = await connect(b, owner);
      // Nobody listens on A: the event can only reach B through the database.
      expect(a.hub.connectionCount()).toBe(0);

      const started = Date.now();
      const response = await a.request('/api/orders/test', { method: 'POST', cookie: owner.cookie, json: {} });
      expect(response.status).toBe(201);
      const { order } = (await response.json()) as { order: Order };

      const frame = await onB.next(5_000);
      // No poll stands behind LISTEN/NOTIFY, so arriving at all proves the path; the bound only allows for a busy
      // machine (how fast it is, is the realtime bench's business).
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(eventData<RealtimeEvent>(frame)).toMatchObject({ type: 'order.created', order: { id: order.id } });
      // Once: B hears of A's changes in commit order, and the next frame is A's next change.
      const second = await createOrder(a, owner);
      expect(eventData<RealtimeEvent>(await onB.next(5_000))).toMatchObject({
        type: 'order.created',
        order: { id: second.id },
      });

      // And the other way round: B's change reaches a stream on A.
      const onA = await connect(a, owner);
      expect(
        (
          await b.request(`/api/orders/${order.id}/prep-time`, {
            method: 'POST',
            cookie: owner.cookie,
            json: { minutes: 10 },
          })
        ).status,
      ).toBe(200);
      const [fromB, local] = await Promise.all([onA.next(5_000), onB.next(5_000)]);
      expect(eventData<RealtimeEvent>(fromB)).toMatchObject({
        type: 'order.updated',
        order: { id: order.id, status: 'preparing' },
      });
      expect(fromB.id).toBe(local.id);
    });

    it('another owner’s change on A never reaches this owner’s stream on B', async () => {
      const owner = await a.signUp({ email: 'two-apps-2@example.com' });
      const stranger = await a.signUp({ email: 'two-apps-3@example.com' });
      const onB = await connect(b, owner);
      await createOrder(a, stranger);
      // Committed after the stranger's, the owner's own next change is the first frame the stream gets.
      const own = await createOrder(a, owner);
      expect(eventData<RealtimeEvent>(await onB.next(5_000))).toMatchObject({
        type: 'order.created',
        order: { id: own.id },
      });
    });

    it('a change made through A reaches A’s own stream once, though A also hears of it through NOTIFY', async () => {
      const owner = await a.signUp({ email: 'two-apps-5@example.com' });
      const onA = await connect(a, owner);
      const order = await createOrder(a, owner);
      expect(eventData<RealtimeEvent>(await onA.next())).toMatchObject({
        type: 'order.created',
        order: { id: order.id },
      });
      // A change made through B reaches A only through NOTIFY, which delivers in commit order: after the NOTIFY of
      // A's own change. So the frame after A's own change is B's, not A's a second time.
      const fromB = await createOrder(b, owner);
      expect(eventData<RealtimeEvent>(await onA.next())).toMatchObject({
        type: 'order.created',
        order: { id: fromB.id },
      });
    });

    it('a reconnect to the other instance catches up with Last-Event-ID', async () => {
      const owner = await a.signUp({ email: 'two-apps-4@example.com' });
      const onA = await connect(a, owner);
      await a.request('/api/orders/test', { method: 'POST', cookie: owner.cookie, json: {} });
      const seen = await onA.next();
      await onA.close();
      const missed: string[] = [];
      for (let i = 0; i < 2; i++) {
        const response = await a.request('/api/orders/test', { method: 'POST', cookie: owner.cookie, json: {} });
        missed.push(((await response.json()) as { order: Order }).order.id);
      }
      const response = await b.request('/api/events', { cookie: owner.cookie, headers: { 'last-event-id': seen.id! } });
      const onB = new SseClient(response);
      open.push(onB);
      expect((await onB.next()).event).toBe('ready');
      const frames = await onB.take(2);
      expect(frames.map((f) => eventData<{ order: Order }>(f).order.id)).toEqual(missed);
    });
  });

  describe('two server processes (node --import tsx src/server/index.ts)', () => {
    let database: DatabaseHandle;
    let dataDir: string;
    const servers: RunningServer[] = [];
    const open: SseClient[] = [];

    beforeAll(async () => {
      database = await createTestDatabase();
      dataDir = mkdtempSync(path.join(tmpdir(), 'pickupline-two-'));
      const shared = {
        DATABASE_URL: database.url!,
        AUTH_SECRET: 'two-processes-share-this-secret-0123456789',
        APP_URL: TEST_ORIGIN,
        DATA_DIR: dataDir,
      };
      // A serves HTTP only; B also runs the background jobs (as a web tier and a worker tier would). One after the
      // other: started at the same moment on a new database, one of them fails (see 'starting together' below).
      servers.push(await startServer('A', { ...shared, RUN_WORKERS: 'false' }));
      servers.push(await startServer('B', { ...shared, RUN_WORKERS: 'true' }));
    }, 60_000);
    afterAll(async () => {
      await Promise.all(open.splice(0).map((c) => c.close()));
      await Promise.all(servers.map((s) => s.stop()));
      await dropDatabase(database);
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }, 30_000);

    const [serverA, serverB] = [() => servers[0]!, () => servers[1]!];

    async function post(server: RunningServer, pathname: string, cookie: string | null, json: unknown) {
      return fetch(`${server.url}${pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(json),
      });
    }

    async function connect(server: RunningServer, cookie: string) {
      const response = await fetch(`${server.url}/api/events`, { headers: { cookie } });
      expect(response.status).toBe(200);
      const client = new SseClient(response);
      open.push(client);
      expect((await client.next()).event).toBe('ready');
      return client;
    }

    it('a change made through A reaches the owner’s stream on B at once', async () => {
      const signUp = await post(serverA(), '/api/auth/sign-up/email', null, {
        name: 'Two Process Owner',
        email: 'two-processes@example.com',
        password: 'secret123',
      });
      expect(signUp.status).toBe(200);
      const cookie = sessionCookie(signUp);
      const onB = await connect(serverB(), cookie);

      const started = Date.now();
      const created = await post(serverA(), '/api/orders/test', cookie, {});
      expect(created.status).toBe(201);
      const { order } = (await created.json()) as { order: Order };
      const frame = await onB.next(5_000);
      // No poll stands behind LISTEN/NOTIFY, so arriving at all proves the path; the bound only allows for a busy
      // machine (how fast it is, is the realtime bench's business).
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(eventData<RealtimeEvent>(frame)).toMatchObject({ type: 'order.created', order: { id: order.id } });

      // A prep time set on A (which runs no workers) is texted by B's worker; A's dashboards see it delivered.
      const onA = await connect(serverA(), cookie);
      expect((await post(serverA(), `/api/orders/${order.id}/prep-time`, cookie, { minutes: 15 })).status).toBe(200);
      const delivered = await onA.nextMatching((f) => {
        const event = eventData<RealtimeEvent>(f);
        return event.type === 'order.updated' && event.order.notifications.some((n) => n.status === 'delivered');
      }, 10_000);
      expect(eventData<RealtimeEvent>(delivered)).toMatchObject({
        type: 'order.updated',
        order: { id: order.id, status: 'preparing', notifications: [{ kind: 'preparing', status: 'delivered' }] },
      });
      expect(eventData<{ order: Order }>(delivered).order.notifiedAt).toEqual(expect.any(String));
    });
  });
});

describe.skipIf(!onPostgres)('instances starting together', () => {
  it('two instances started at the same moment on a new, empty database both come up', async () => {
    // A first deployment of N instances: each migrates the database and installs the job queue as it starts, the
    // same two steps as createRuntime (openDatabase, then the job queue in startServices).
    const url = await createEmptyDatabase();
    const logger = createLogger('silent');
    const opened: DatabaseHandle[] = [];
    const startInstance = async () => {
      const database = await openDatabase({ kind: 'postgres', url });
      opened.push(database);
      const jobs = await startJobQueue(database, logger);
      await stopJobQueue(jobs, { timeoutMs: 1_000 });
    };
    const started = await Promise.allSettled([startInstance(), startInstance()]);
    for (const database of opened) await database.close();
    await dropDatabase({ url });
    const failures = started.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
    expect(failures).toEqual([]);
  });
});

async function createEmptyDatabase() {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `pickupline_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Drops a database made by createTestDatabase once every connection to it has really gone. (Its own close() drops
 * "with (force)" straight after pool.end(), which resolves before the sockets close: a connection still closing
 * is then killed, and its FATAL 57P01 surfaces here as an unhandled error.)
 */
async function dropDatabase(database: Pick<DatabaseHandle, 'url' | 'pool'> | undefined) {
  if (!database?.url) return;
  await database.pool?.end();
  const name = new URL(database.url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    // Until every connection has gone; dropped "with (force)" all the same should one linger.
    await vi
      .waitFor(
        async () => {
          const { rows } = await admin.query<{ n: number }>(
            'select count(*)::int as n from pg_stat_activity where datname = $1',
            [name],
          );
          if (rows[0]!.n !== 0) throw new Error(`${rows[0]!.n} connections to ${name} still open`);
        },
        { timeout: 5_000, interval: 50 },
      )
      .catch(() => undefined);
    await admin.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
  } finally {
    await admin.end();
  }
}

interface RunningServer {
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

/** Starts `tsx src/server/index.ts` on a free port and waits for it to say it is listening. */
async function startServer(name: string, env: Record<string, string>): Promise<RunningServer> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server ${name} did not start within 20 s:\n${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      for (const line of output.split('\n')) {
        if (!line.includes('is listening')) continue;
        try {
          const { port: listening } = JSON.parse(line) as { port: number };
          clearTimeout(timer);
          resolve(listening);
        } catch {
          // a partial line; wait for the rest
        }
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server ${name} exited with ${code}:\n${output}`));
    });
  });

  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const stopped = await Promise.race([
        exited.then(() => true),
        new Promise((r) => setTimeout(() => r(false), 7_000)),
      ]);
      if (!stopped) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}
