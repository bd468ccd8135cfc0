import PgBoss from 'pg-boss';
import { withAdvisoryLock, type DatabaseHandle } from '../db/client';
import type { Logger } from '../logger';

export type JobQueue = PgBoss;

/** Every queue the product uses. */
export const QUEUES = ['provision-phone', 'send-sms'] as const;
export type QueueName = (typeof QUEUES)[number];

/**
 * Durable jobs on the same Postgres as everything else (pg-boss). On embedded PGlite there is one connection, so
 * pg-boss is given an executeSql that runs on it; multi-statement scripts (its migrations) go through exec().
 */
export async function startJobQueue(database: DatabaseHandle, logger: Logger): Promise<JobQueue> {
  const executeSql = database.pglite
    ? async (text: string, values?: unknown[]) => {
        const pglite = database.pglite!;
        if (values && values.length > 0) return pglite.query(text, values);
        const results = await pglite.exec(text);
        return results[results.length - 1] ?? { rows: [] };
      }
    : (text: string, values?: unknown[]) => database.pool!.query(text, values);

  const boss = new PgBoss({
    db: { executeSql },
    schema: 'pgboss',
    // Nightly archive/maintenance is pg-boss's own business; we do not use its cron scheduler.
    schedule: false,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  const install = async () => {
    await boss.start();
    // pg-boss 10 silently drops a job sent to a queue that does not exist yet, so every queue exists from the start.
    // 'short': at most one *queued* job per singletonKey. Not 'stately': its unique index on running jobs stalls the
    // whole queue while a dead worker's job is still marked active. Handlers claim their work in the database.
    for (const queue of QUEUES) await boss.createQueue(queue, { name: queue, policy: 'short' });
  };
  // Instances starting together on a new database would both try to create pg-boss's schema.
  await (database.pool ? withAdvisoryLock(database.pool, 'pickupline:jobs', install) : install());
  return boss;
}
