import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a throwaway database on the PostgreSQL
 * server named by TEST_DATABASE_URL when the suite runs as integration:postgres.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DB !== 'postgres') return openDatabase({ kind: 'pglite-memory' });

  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `pickupline_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      // pool.end() resolves before its sockets are gone; dropping under them makes them log FATAL 57P01.
      for (let i = 0; i < 50; i++) {
        const { rows } = await cleanup.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0]!.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
