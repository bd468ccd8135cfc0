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
/** A change is a durable write, so each floor transaction writes one row: its commit waits for the WAL like the
 * product's do (a transaction that only NOTIFYs writes nothing and commits without that wait). */
const CREATE_TABLE = 'create table bench_floor_events (id bigserial primary key, payload text not null)';
/** The row and its NOTIFY in one statement: the least a transaction carrying a change and its signal can send. */
const WRITE_AND_NOTIFY = `with inserted as (insert into bench_floor_events (payload) values ($2) returning payload)
  select pg_notify($1, payload) from inserted`;

export type FloorDatabase = 'pglite' | 'postgres';

export interface CommitFloorResult {
  name: string;
  database: FloorDatabase;
  rate: number;
  changes: number;
  measuredChanges: number;
  /** BEGIN sent → COMMIT acknowledged and the NOTIFY heard by the listener (whichever comes last). */
  delivery: LatencySummary;
  /** BEGIN sent → COMMIT acknowledged. */
  commit: LatencySummary;
  sendLateness: LatencySummary;
  missing: number;
  errors: string[];
}

interface CommitPair {
  listen(onPayload: (payload: string) => void): Promise<void>;
  /** BEGIN; WRITE_AND_NOTIFY; COMMIT — resolves once the commit is acknowledged. */
  commitWithNotify(payload: string): Promise<unknown>;
  close(): Promise<void>;
}

async function measureCommits(
  name: string,
  database: FloorDatabase,
  shape: LoadShape,
  pair: CommitPair,
): Promise<CommitFloorResult> {
  const expected = Math.round(shape.rate * shape.warmupSeconds) + Math.round(shape.rate * shape.seconds);
  const sentAt = new Float64Array(expected).fill(NaN);
  const committedAt = new Float64Array(expected).fill(NaN);
  const heardAt = new Float64Array(expected).fill(NaN);
  const errors: string[] = [];
  let heard = 0;
  let committed = 0;
  try {
    await pair.listen((payload) => {
      const seq = Number(payload);
      if (!Number.isInteger(seq) || seq < 0 || seq >= expected || !Number.isNaN(heardAt[seq]!)) return;
      heardAt[seq] = performance.now();
      heard++;
    });
    const loop = await runOpenLoop(shape, (seq) => {
      sentAt[seq] = performance.now();
      void pair.commitWithNotify(String(seq)).then(
        () => {
          committedAt[seq] = performance.now();
          committed++;
        },
        (error: unknown) => {
          errors.push(`commit ${seq}: ${error instanceof Error ? error.message : String(error)}`);
        },
      );
    });
    const deadline = performance.now() + 10_000;
    while ((heard < loop.total || committed < loop.total) && performance.now() < deadline) await sleep(20);
    const done: number[] = [];
    const commits: number[] = [];
    let missing = 0;
    for (let seq = 0; seq < loop.total; seq++) {
      const both = Math.max(committedAt[seq]!, heardAt[seq]!);
      if (Number.isNaN(both)) {
        missing++;
        continue;
      }
      if (seq < loop.warmup) continue;
      done.push(both - sentAt[seq]!);
      commits.push(committedAt[seq]! - sentAt[seq]!);
    }
    return {
      name,
      database,
      rate: shape.rate,
      changes: loop.total,
      measuredChanges: loop.total - loop.warmup,
      delivery: summarize(done),
      commit: summarize(commits),
      sendLateness: loop.lateness,
      missing,
      errors: errors.slice(0, 20),
    };
  } finally {
    await pair.close();
  }
}

/** PGlite in this process, on a temporary data directory like the product's; it listens on its one connection. */
export async function pgliteCommitFloor(shape: LoadShape): Promise<CommitFloorResult> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pickupline-bench-notify-'));
  const db = new PGlite(path.join(dir, 'pglite'));
  try {
    await db.waitReady;
    await db.exec(CREATE_TABLE);
    return await measureCommits('commit + NOTIFY floor (PGlite)', 'pglite', shape, {
      listen: async (onPayload) => {
        await db.listen(CHANNEL, onPayload);
      },
      commitWithNotify: (payload) => db.transaction((tx) => tx.query(WRITE_AND_NOTIFY, [CHANNEL, payload])),
      close: () => db.close(),
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * PostgreSQL, on an empty (throwaway) database at `url`: one connection LISTENs, transactions run on a pool of
 * others, as an app instance's writes do (its pool has 10 connections).
 */
export async function postgresCommitFloor(url: string, shape: LoadShape): Promise<CommitFloorResult> {
  const listener = new pg.Client({ connectionString: url });
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // pool.end() resolves before its sockets are gone: dropping the throwaway database then terminates them (57P01),
  // which an idle client reports on the pool. The measurement is over by then.
  pool.on('error', () => undefined);
  listener.on('error', () => undefined);
  await listener.connect();
  await pool.query(CREATE_TABLE);
  return measureCommits('commit + NOTIFY floor (PostgreSQL)', 'postgres', shape, {
    listen: async (onPayload) => {
      listener.on('notification', (message) => {
        if (message.channel === CHANNEL && message.payload !== undefined) onPayload(message.payload);
      });
      await listener.query(`listen ${pg.escapeIdentifier(CHANNEL)}`);
    },
    commitWithNotify: async (payload) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query(WRITE_AND_NOTIFY, [CHANNEL, payload]);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: async () => {
      await Promise.all([listener.end(), pool.end()]);
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
        // A pool in this process (an in-process runtime) resolves end() before its sockets are gone; dropping under
        // them makes each raise FATAL 57P01 on its pool, an unhandled 'error' that kills the bench. Wait for them.
        for (let i = 0; i < 50; i++) {
          const { rows } = await client.query<{ n: number }>(
            'select count(*)::int as n from pg_stat_activity where datname = $1',
            [name],
          );
          if (rows[0]!.n === 0) break;
          await sleep(100);
        }
        await client.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
