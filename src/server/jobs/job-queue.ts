import PgBoss from 'pg-boss';
import { withAdvisoryLock, type DatabaseHandle } from '../db/client';
import type { Logger } from '../logger';

export type JobQueue = PgBoss;

/** Every queue the product uses. */
export const QUEUES = ['provision-phone', 'send-sms', 'send-email'] as const;
export type QueueName = (typeof QUEUES)[number];

/**
 * Durable jobs on the same Postgres as everything else (pg-boss). On embedded PGlite there is one connection, so
 * pg-boss is given an executeSql that runs on it; multi-statement scripts (its migrations) go through exec().
 */
/** Queries pg-boss has issued and not yet seen answered, per queue: see stopJobQueue. */
const pendingQueries = new WeakMap<JobQueue, Set<Promise<unknown>>>();

export async function startJobQueue(database: DatabaseHandle, logger: Logger): Promise<JobQueue> {
  const run = database.pglite
    ? async (text: string, values?: unknown[]) => {
        const pglite = database.pglite!;
        if (values && values.length > 0) return pglite.query(text, values);
        const results = await pglite.exec(text);
        return results[results.length - 1] ?? { rows: [] };
      }
    : (text: string, values?: unknown[]) => database.pool!.query(text, values);
  const pending = new Set<Promise<unknown>>();
  const executeSql = (text: string, values?: unknown[]) => {
    const query = run(text, values);
    pending.add(query);
    const forget = () => pending.delete(query);
    query.then(forget, forget);
    return query;
  };

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
  pendingQueries.set(boss, pending);
  return boss;
}

/**
 * Stops fetching, gives running handlers up to `timeoutMs` to finish (a job still running then is marked failed and
 * retried), and returns once every query pg-boss issued has been answered. pg-boss reports a handler's result without
 * awaiting it, so without that last wait the database could close under the report and its rejection would go
 * unhandled.
 */
export async function stopJobQueue(jobs: JobQueue, { timeoutMs }: { timeoutMs: number }): Promise<void> {
  await jobs.stop({ graceful: true, wait: true, timeout: timeoutMs });
  await Promise.allSettled([...(pendingQueries.get(jobs) ?? new Set<Promise<unknown>>())]);
}
