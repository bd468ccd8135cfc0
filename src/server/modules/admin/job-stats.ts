import { sql } from 'drizzle-orm';
import type { FailedJob, QueueStats } from '@shared/contracts/admin';
import type { Database } from '../../db/client';
import { QUEUES } from '../../jobs/job-queue';

/**
 * What /admin/settings shows of the job queues, read straight from pg-boss's table (schema pgboss). Never a job's
 * data: it may hold customer details. Both drivers answer raw SQL with { rows }.
 */

export const FAILED_JOBS_LIMIT = 20;
export const JOB_ERROR_MAX_LENGTH = 500;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const queueList = sql.join(
  QUEUES.map((queue) => sql`${queue}`),
  sql`, `,
);

/** Jobs waiting (new or due for a retry), running, and failed for good, per queue; zeros for an idle queue. */
export async function listQueueStats(db: Database): Promise<QueueStats[]> {
  const rows = rowsOf<{ name: string; queued: number; active: number; failed: number }>(
    await db.execute(sql`
      select name,
        count(*) filter (where state in ('created', 'retry'))::int as queued,
        count(*) filter (where state = 'active')::int as active,
        count(*) filter (where state = 'failed')::int as failed
      from pgboss.job
      where name in (${queueList})
      group by name
    `),
  );
  return QUEUES.map((name) => {
    const row = rows.find((r) => r.name === name);
    return { name, queued: row?.queued ?? 0, active: row?.active ?? 0, failed: row?.failed ?? 0 };
  });
}

/**
 * The newest jobs that failed for good, with a short error: the message pg-boss stored from the thrown error (or
 * from its own timeout), else the stored JSON, cut to JOB_ERROR_MAX_LENGTH characters.
 */
export async function listFailedJobs(db: Database, limit = FAILED_JOBS_LIMIT): Promise<FailedJob[]> {
  const rows = rowsOf<{
    id: string;
    queue: string;
    created_on: Date | string;
    completed_on: Date | string | null;
    retry_count: number;
    error: string | null;
  }>(
    await db.execute(sql`
      select id::text, name as queue, created_on, completed_on, retry_count,
        left(coalesce(output->>'message', output->'value'->>'message', output->>'value', output::text),
          ${JOB_ERROR_MAX_LENGTH}) as error
      from pgboss.job
      where name in (${queueList}) and state = 'failed'
      order by completed_on desc nulls last, created_on desc, id
      limit ${limit}
    `),
  );
  return rows.map((row) => ({
    id: row.id,
    queue: row.queue,
    createdAt: new Date(row.created_on).toISOString(),
    failedAt: row.completed_on === null ? null : new Date(row.completed_on).toISOString(),
    retryCount: row.retry_count,
    error: row.error,
  }));
}

/** A job's state, or null when the queue holds no job with this id. */
export async function findJobState(db: Database, queue: string, id: string): Promise<string | null> {
  const [row] = rowsOf<{ state: string }>(
    await db.execute(sql`select state::text from pgboss.job where name = ${queue} and id = ${id}::uuid`),
  );
  return row?.state ?? null;
}
