/**
 * `npm run bench` part 2: the dashboard's order list for a restaurant with 5,000 orders. The runtime runs in this
 * process and requests go through app.request() (no socket), so the figures are the server's own work: session
 * check, filter, counts, one page and its line items and texts. PGlite always; PostgreSQL when reachable.
 *
 * Env: BENCH_LIST_ORDERS (5000), BENCH_LIST_REQUESTS (60 per row), BENCH_SMOKE=1 (200 orders, 5 requests a row),
 * BENCH_DATABASE_URL / TEST_DATABASE_URL (PostgreSQL server to create a throwaway database on).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadEnv } from '../src/server/env';
import { createRuntime, type Runtime } from '../src/server/server';
import { fullOrSmoke, numberFromEnv, smokeNote } from './lib/harness';
import { createThrowawayDatabase, probePostgres } from './lib/listen-notify';
import { percentile } from './lib/stats';

const ORDERS = numberFromEnv('BENCH_LIST_ORDERS', fullOrSmoke(5000, 200), 1);
const REQUESTS = numberFromEnv('BENCH_LIST_REQUESTS', fullOrSmoke(60, 5), 1);
const ORIGIN = 'http://localhost:3000';

async function seed(runtime: Runtime): Promise<string> {
  const signUp = await runtime.app.request('/api/auth/sign-up/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ name: 'Bench Owner', email: 'bench@example.com', password: 'bench-password' }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: HTTP ${signUp.status} ${(await signUp.text()).slice(0, 300)}`);
  const cookie = signUp.headers.getSetCookie()[0]!.split(';')[0]!;
  const { user } = (await signUp.json()) as { user: { id: string } };
  // Two months of history: most orders completed on earlier days, a handful open now.
  await runtime.database.db.execute(sql`
    insert into orders (user_id, item, quantity, phone_number, customer_name, status, is_custom_order, total, source,
                        created_at, updated_at)
    select ${user.id}, '2× Margherita Pizza', 2, '+14155550100', 'Customer ' || n,
           case when n <= 12 then (array['new','preparing','ready'])[1 + n % 3] else 'completed' end,
           n % 17 = 0, 28, 'phone',
           now() - (n * interval '17 minutes'), now() - (n * interval '17 minutes') + interval '20 minutes'
    from generate_series(1, ${ORDERS}) as n`);
  await runtime.database.db.execute(sql`
    insert into order_items (order_id, name, quantity, unit_price)
    select id, 'Margherita Pizza', 2, 14 from orders where user_id = ${user.id}`);
  return cookie;
}

async function measure(runtime: Runtime, cookie: string, url: string) {
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const start = performance.now();
    const response = await runtime.app.request(url, { headers: { cookie } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    times.push(performance.now() - start);
  }
  const sorted = Float64Array.from(times).sort();
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted[sorted.length - 1]! };
}

async function scenario(name: string, env: Record<string, string>) {
  const runtime = await createRuntime(loadEnv({ LOG_LEVEL: 'silent', RUN_WORKERS: 'false', ...env }), {
    webRoot: path.join(tmpdir(), 'pickupline-bench-no-web'),
  });
  try {
    const cookie = await seed(runtime);
    const rows = [
      ['dashboard (all, working set)', '/api/orders'],
      ['completed tab, earlier days included', '/api/orders?filter=completed&includeEarlier=true'],
      ['custom tab', '/api/orders?filter=custom'],
    ] as const;
    for (const [label, url] of rows) {
      const r = await measure(runtime, cookie, url);
      console.log(
        `${`${name}: ${label}`.padEnd(58)} ${r.p50.toFixed(1).padStart(7)} ${r.p95.toFixed(1).padStart(7)} ${r.max.toFixed(1).padStart(7)}`,
      );
    }
  } finally {
    await runtime.stop();
  }
}

async function main() {
  console.log(`\nDashboard list with ${ORDERS} orders, ${REQUESTS} requests each (in-process, ms)`);
  smokeNote();
  console.log(`${'scenario'.padEnd(58)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'max'.padStart(7)}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pickupline-bench-list-'));
  try {
    await scenario('PGlite', { DATA_DIR: dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const serverUrl =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const problem = await probePostgres(serverUrl);
  if (problem) {
    console.log(`PostgreSQL not reachable (${problem}): list benchmark ran on PGlite only`);
    return;
  }
  const database = await createThrowawayDatabase(serverUrl);
  const pgDataDir = mkdtempSync(path.join(tmpdir(), 'pickupline-bench-list-'));
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
