import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { PGlite, type Transaction as PgliteTransaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { lockDataDir } from './data-dir-lock';

export type Schema = typeof schema;
/** Both drivers share this surface; code never needs to know which one it got. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The raw PGlite instance when embedded (pg-boss and LISTEN use it); undefined on PostgreSQL. */
  pglite?: PGlite;
  /** The pg pool and its connection string when on PostgreSQL (LISTEN needs a connection of its own). */
  pool?: pg.Pool;
  url?: string;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseLocation =
  { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string } | { kind: 'pglite-memory' };

/**
 * Runs `fn` while holding a Postgres advisory lock on a connection of its own, so app instances starting together
 * take turns (two concurrent migrations fail on duplicate types and schemas).
 */
export async function withAdvisoryLock<T>(pool: pg.Pool, name: string, fn: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [name]);
    try {
      return await fn();
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [name]);
    }
  } finally {
    client.release();
  }
}

/** Extensions the migrations create, which PGlite has to load itself (a PostgreSQL server ships them). */
const pgliteExtensions = { pg_trgm };

/**
 * PGlite runs each statement synchronously on the thread that answers every request, and a run of statements (one
 * request's reads, a transaction) would otherwise hold that thread from its first statement to its last: nothing in
 * between gives the event loop a turn. Each statement first waits for one, so another request (a health check, a
 * page) is answered between a long request's statements rather than after all of them. The statements and their order
 * are unchanged; a transaction still holds PGlite's lock throughout, so no other statement runs inside it.
 */
function yieldBeforeEachStatement(client: PGlite): void {
  const afterATurn =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      await nextTurn();
      return run(...args);
    };
  const transaction = client.transaction.bind(client);
  Object.assign(client, {
    query: afterATurn(client.query.bind(client)),
    exec: afterATurn(client.exec.bind(client)),
    transaction: afterATurn(<T>(callback: (tx: PgliteTransaction) => Promise<T>) =>
      transaction((tx) =>
        callback(Object.assign(tx, { query: afterATurn(tx.query.bind(tx)), exec: afterATurn(tx.exec.bind(tx)) })),
      ),
    ),
  });
}

/** Opens the database and applies every committed migration before anything else may use it. */
export async function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  if (location.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: location.url, max: 10 });
    const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Database;
    try {
      await withAdvisoryLock(pool, 'pickupline:migrate', () => migratePg(db as never, { migrationsFolder }));
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db, kind: 'postgres', pool, url: location.url, close: () => pool.end() };
  }

  let releaseLock: (() => Promise<void>) | undefined;
  let client: PGlite;
  if (location.kind === 'pglite') {
    mkdirSync(location.dataDir, { recursive: true });
    releaseLock = await lockDataDir(location.dataDir);
    client = new PGlite(path.join(location.dataDir, 'pglite'), { extensions: pgliteExtensions });
  } else {
    client = new PGlite({ extensions: pgliteExtensions });
  }
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Database;
  try {
    await migratePglite(db as never, { migrationsFolder });
  } catch (error) {
    await client.close();
    await releaseLock?.();
    throw error;
  }
  yieldBeforeEachStatement(client);
  return {
    db,
    kind: 'pglite',
    pglite: client,
    async close() {
      await client.close();
      await releaseLock?.();
    },
  };
}
