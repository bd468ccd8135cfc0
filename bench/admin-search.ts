/**
 * `npm run bench` part 4: /admin/users over 10,000 accounts. The runtime runs in this process and the list's service
 * call is timed directly (the query that the route runs, no HTTP): a search matching about 1% of the accounts sorted
 * by last order (its second page, through the cursor), a filtered page, and the plain first page. PGlite always;
 * PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL (or a local server) is reachable.
 *
 * Env: BENCH_ADMIN_ACCOUNTS (10000), BENCH_ADMIN_RUNS (200 timed calls per row, after 20 warm-up calls),
 * BENCH_ADMIN_ANALYZE=1 (ANALYZE after seeding: PostgreSQL's autovacuum does so by itself soon after a bulk load,
 * PGlite never, so by default both run on the planner's guesses), BENCH_SMOKE=1 (300 accounts, 5 calls a row after
 * 1 warm-up, pages of 2 so the search still has a second page, no target judged).
 * Prints PASS/FAIL per row against p95 ≤ 50 ms; exits 1 on errors only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { adminUsersQuerySchema, type AdminUsersQuery } from '../src/shared/contracts/admin';
import { loadEnv } from '../src/server/env';
import { createRuntime, type Runtime } from '../src/server/server';
import { listAdminUsersPage } from '../src/server/modules/admin/admin-users.service';
import { fullOrSmoke, numberFromEnv, printTable, SMOKE, smokeNote, verdict } from './lib/harness';
import { createThrowawayDatabase, probePostgres } from './lib/listen-notify';
import { formatMs, summarize } from './lib/stats';

const ACCOUNTS = numberFromEnv('BENCH_ADMIN_ACCOUNTS', fullOrSmoke(10_000, 300), 100);
const RUNS = numberFromEnv('BENCH_ADMIN_RUNS', fullOrSmoke(200, 5), SMOKE ? 1 : 100);
const WARMUP = fullOrSmoke(20, 1);
/** The product's page size; a smoke run's few accounts need small pages for the search to reach a second one. */
const PAGE = fullOrSmoke<{ limit?: number }>({}, { limit: 2 });
const TARGET_P95_MS = 50;
/** One restaurant in a hundred has this word in its name: the search matches about 1% of the accounts. */
const NEEDLE = 'Saffron';

/**
 * Accounts as they build up over a year: one sign-up every 53 minutes, each with its 7-day trial; three in four
 * finished onboarding, one in fifty of those with a failed phone set-up; about one in six with a subscription (some
 * canceling, some past due); two in three with one or two orders, which the trigger on orders copies to
 * restaurant_profiles.last_order_at.
 */
async function seed(runtime: Runtime) {
  const { db } = runtime.database;
  await db.execute(sql`
    with n as (
      select n, md5('bench-admin-' || n)::uuid::text as id, now() - n * interval '53 minutes' as created_at,
             (array['Ana','Ben','Chloe','Dev','Eli','Fay','Gus','Hana','Ivan','Jo'])[1 + n % 10] || ' '
               || (array['Garcia','Nguyen','Smith','Kowalski','Okafor','Rossi','Tanaka'])[1 + n % 7] as name
      from generate_series(1, ${ACCOUNTS}) as n
    ), u as (
      insert into "user" (id, name, email, created_at, updated_at)
      select id, name, 'owner' || n || '@example.com', created_at, created_at from n
    ), p as (
      insert into profiles (id, name, created_at) select id, name, created_at from n
    )
    insert into restaurant_profiles (id, restaurant_name, subscription_status, trial_ends_at, has_completed_onboarding,
                                     onboarding_step, phone_provisioning_status, phone_provisioning_error,
                                     created_at, updated_at)
    select id,
           case when n % 100 = 7 then ${NEEDLE} || ' House ' || n
                else (array['Golden Lotus','Pizza Corner','Taco Stand','Noodle Bar','Curry Leaf'])[1 + n % 5] || ' ' || n
           end,
           case when n % 6 = 0 then 'active' when created_at + interval '7 days' > now() then 'trial' else 'none' end,
           created_at + interval '7 days',
           n % 4 <> 0, case when n % 4 <> 0 then 6 else 1 + n % 5 end,
           case when n % 4 = 0 then 'not_started' when n % 50 = 1 then 'failed' else 'active' end,
           case when n % 50 = 1 then 'Free number limit reached.' end,
           created_at, created_at
    from n`);
  await db.execute(sql`
    insert into subscriptions (user_id, provider, customer_id, subscription_id, status, current_period_end,
                               cancel_at_period_end)
    select id, 'local', 'cus_' || n, 'sub_' || n,
           case when n % 36 = 0 then 'past_due' else 'active' end,
           now() + (n % 30) * interval '1 day', n % 24 = 0
    from (select n, md5('bench-admin-' || n)::uuid::text as id from generate_series(1, ${ACCOUNTS}) as n) as a
    where n % 6 = 0`);
  await db.execute(sql`
    insert into orders (user_id, item, quantity, phone_number, customer_name, status, total, source, created_at,
                        updated_at)
    select a.id, '1× Margherita Pizza', 1, '+14155550100', 'Customer', 'completed', 14, 'phone',
           now() - (a.n % 500) * interval '17 hours' - k * interval '2 days',
           now() - (a.n % 500) * interval '17 hours' - k * interval '2 days'
    from (select n, md5('bench-admin-' || n)::uuid::text as id from generate_series(1, ${ACCOUNTS}) as n) as a,
         generate_series(0, a.n % 2) as k
    where a.n % 3 <> 0`);
}

async function time(runtime: Runtime, query: AdminUsersQuery) {
  const run = () => listAdminUsersPage(runtime.database.db, query);
  for (let i = 0; i < WARMUP; i++) await run();
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const page = await run();
    times.push(performance.now() - start);
    rows = page.users.length;
  }
  return { ...summarize(times), rows };
}

async function scenario(name: string, env: Record<string, string>) {
  const runtime = await createRuntime(loadEnv({ LOG_LEVEL: 'silent', RUN_WORKERS: 'false', ...env }), {
    webRoot: path.join(tmpdir(), 'pickupline-bench-no-web'),
  });
  try {
    const seedStart = performance.now();
    await seed(runtime);
    if (process.env.BENCH_ADMIN_ANALYZE === '1') await runtime.database.db.execute(sql`analyze`);
    process.stderr.write(
      `[admin-search] ${name}: seeded ${ACCOUNTS} accounts in ${Math.round(performance.now() - seedStart)} ms\n`,
    );
    const searchFirst = adminUsersQuerySchema.parse({
      ...PAGE,
      q: NEEDLE.toLowerCase(),
      sort: 'last_order',
      dir: 'desc',
    });
    const firstPage = await listAdminUsersPage(runtime.database.db, searchFirst);
    if (!firstPage.nextCursor) throw new Error('the search matched a single page: expected about 1% of the accounts');
    const rows = [
      ['search ~1%, last order desc, page 2 (cursor)', { ...searchFirst, cursor: firstPage.nextCursor }],
      ['search ~1%, last order desc, page 1', searchFirst],
      [
        'filter expired, trial end asc, page 1',
        adminUsersQuerySchema.parse({ ...PAGE, filter: 'expired', sort: 'trial_end', dir: 'asc' }),
      ],
      ['filter phone failed, signed up desc, page 1', adminUsersQuerySchema.parse({ ...PAGE, filter: 'phone_failed' })],
      ['all accounts, signed up desc, page 1', adminUsersQuerySchema.parse({ ...PAGE })],
      [
        'all accounts, last order desc, page 1',
        adminUsersQuerySchema.parse({ ...PAGE, sort: 'last_order', dir: 'desc' }),
      ],
    ] as const;
    const table: string[][] = [];
    for (const [label, query] of rows) {
      const r = await time(runtime, query);
      table.push([
        `${name}: ${label}`,
        String(r.rows),
        formatMs(r.p50),
        formatMs(r.p95),
        formatMs(r.p99),
        formatMs(r.max),
        verdict(r.p95 <= TARGET_P95_MS),
      ]);
    }
    printTable(['scenario', 'rows', 'p50', 'p95', 'p99', 'max', `p95 ≤ ${TARGET_P95_MS} ms`], table);
    console.log();
  } finally {
    await runtime.stop();
  }
}

async function main() {
  console.log(`\n/admin/users over ${ACCOUNTS} accounts, ${RUNS} calls each (service call in-process, ms)`);
  smokeNote();
  console.log();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pickupline-bench-admin-'));
  try {
    await scenario('PGlite', { DATA_DIR: dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const serverUrl =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const problem = await probePostgres(serverUrl);
  if (problem) {
    console.log(`PostgreSQL not reachable (${problem}): admin search benchmark ran on PGlite only`);
    return;
  }
  const database = await createThrowawayDatabase(serverUrl);
  const pgDataDir = mkdtempSync(path.join(tmpdir(), 'pickupline-bench-admin-'));
  try {
    await scenario('PostgreSQL', { DATABASE_URL: database.url, DATA_DIR: pgDataDir });
  } finally {
    await database.drop();
    rmSync(pgDataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
