import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { runOpenLoop, type LoadShape } from './load';
import { summarize, type LatencySummary } from './stats';

const CHANNEL = 'pickupline_bench_floor';

export interface NotifyFloorResult {
  name: string;
  rate: number;
  changes: number;
  measuredChanges: number;
  /** `select pg_notify` issued → payload received by the listener. */
  delivery: LatencySummary;
  sendLateness: LatencySummary;
  missing: number;
  errors: string[];
}

interface NotifyPair {
  listen(onPayload: (payload: string) => void): Promise<void>;
  notify(payload: string): Promise<unknown>;
  close(): Promise<void>;
}

async function measureNotify(name: string, shape: LoadShape, pair: NotifyPair): Promise<NotifyFloorResult> {
  const expected = Math.round(shape.rate * shape.warmupSeconds) + Math.round(shape.rate * shape.seconds);
  const sentAt = new Float64Array(expected).fill(NaN);
  const latency = new Float64Array(expected).fill(NaN);
  const errors: string[] = [];
  let received = 0;
  try {
    await pair.listen((payload) => {
      const seq = Number(payload);
      if (!Number.isInteger(seq) || seq < 0 || seq >= expected || !Number.isNaN(latency[seq]!)) return;
      latency[seq] = performance.now() - sentAt[seq]!;
      received++;
    });
    const loop = await runOpenLoop(shape, (seq) => {
      sentAt[seq] = performance.now();
      void pair.notify(String(seq)).catch((error: unknown) => {
        errors.push(`notify ${seq}: ${error instanceof Error ? error.message : String(error)}`);
      });
    });
    const deadline = performance.now() + 10_000;
    while (received < loop.total && performance.now() < deadline) await sleep(20);
    const measured = Array.from(latency.subarray(loop.warmup)).filter((v) => !Number.isNaN(v));
    return {
      name,
      rate: shape.rate,
      changes: loop.total,
      measuredChanges: loop.total - loop.warmup,
      delivery: summarize(measured),
      sendLateness: loop.lateness,
      missing: loop.total - received,
      errors: errors.slice(0, 20),
    };
  } finally {
    await pair.close();
  }
}

/** PGlite in this process, on a temporary data directory like the product's: listen() + `select pg_notify`. */
export async function pgliteNotifyFloor(shape: LoadShape): Promise<NotifyFloorResult> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pickupline-bench-notify-'));
  const db = new PGlite(path.join(dir, 'pglite'));
  try {
    await db.waitReady;
    return await measureNotify('LISTEN/NOTIFY floor (PGlite)', shape, {
      listen: async (onPayload) => {
        await db.listen(CHANNEL, onPayload);
      },
      notify: (payload) => db.query('select pg_notify($1, $2)', [CHANNEL, payload]),
      close: () => db.close(),
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** PostgreSQL with two connections: one LISTENs, the other NOTIFYs (as two app instances would). */
export async function postgresNotifyFloor(url: string, shape: LoadShape): Promise<NotifyFloorResult> {
  const listener = new pg.Client({ connectionString: url });
  const notifier = new pg.Client({ connectionString: url });
  await listener.connect();
  await notifier.connect();
  // One query at a time per connection (pg 9 drops its implicit queue); a notify waits here like it would in pg.
  let queue: Promise<unknown> = Promise.resolve();
  return measureNotify('LISTEN/NOTIFY floor (PostgreSQL)', shape, {
    listen: async (onPayload) => {
      listener.on('notification', (message) => {
        if (message.channel === CHANNEL && message.payload !== undefined) onPayload(message.payload);
      });
      await listener.query(`listen ${pg.escapeIdentifier(CHANNEL)}`);
    },
    notify: (payload) => {
      const sent = queue.then(() => notifier.query('select pg_notify($1, $2)', [CHANNEL, payload]));
      queue = sent.catch(() => undefined);
      return sent;
    },
    close: async () => {
      await Promise.all([listener.end(), notifier.end()]);
    },
  });
}

/** null when PostgreSQL answers at `url`, else why not. */
export async function probePostgres(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message || error.name : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface ThrowawayDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh, empty database next to `adminUrl`'s, for one scenario. */
export async function createThrowawayDatabase(adminUrl: string): Promise<ThrowawayDatabase> {
  const name = `pickupline_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
