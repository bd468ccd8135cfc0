/**
 * npm run bench: order change (the owner's HTTP request) → SSE event on every connected dashboard, on PGlite and on
 * PostgreSQL, against a floor measured in the same run: a bare SSE fan-out with no database, plus a commit with
 * NOTIFY on the same database (BEGIN, one row written with its pg_notify, COMMIT; until the commit is acknowledged
 * and the notification heard). Targets: p99 ≤ 100 ms, and p99 ≤ 1.5× the floor on PostgreSQL, ≤ 2× on PGlite.
 * Each server under test runs in a child process; this process is the client.
 *
 * Env: BENCH_CONNECTIONS (200), BENCH_RATE (50 changes/s), BENCH_SECONDS (10, measured), BENCH_WARMUP_SECONDS (2),
 * BENCH_ONLY (comma list of notify (the commit + NOTIFY floors), bare, pglite, postgres; default all),
 * BENCH_DATABASE_URL / TEST_DATABASE_URL (PostgreSQL server to create throwaway databases on), BENCH_PROFILE=1
 * (write V8 CPU profiles of every server under test to .tmp/bench-profiles/, for chrome://inspect or speedscope),
 * BENCH_SMOKE=1 (5 dashboards, 10 changes/s for 1 s, no warm-up, no target judged; see lib/harness.ts).
 * Exit 0 when it ran (missed targets are reported as FAIL rows), 1 on errors or missing deliveries.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runFanout, type FanoutResult, type LoadShape } from './lib/load';
import {
  createThrowawayDatabase,
  pgliteCommitFloor,
  postgresCommitFloor,
  probePostgres,
  type CommitFloorResult,
  type FloorDatabase,
} from './lib/listen-notify';
import { freePort, spawnServer, type SpawnedServer } from './lib/spawn-server';
import {
  createCleanups,
  describe,
  fullOrSmoke,
  logTo,
  machineFacts,
  numberFromEnv,
  percent,
  printTable,
  redactUrl,
  resultsPath,
  round2,
  smokeNote,
  verdict,
} from './lib/harness';
import { formatMs, type LatencySummary } from './lib/stats';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS_FILE = resultsPath(ROOT, 'bench-results.json');
const PROFILE_DIR = path.join(ROOT, '.tmp', 'bench-profiles');
const profiling = ['1', 'true'].includes(process.env.BENCH_PROFILE ?? '');
const SCENARIOS = ['notify', 'bare', 'pglite', 'postgres'] as const;
/** BENCH_ONLY=bare,pglite runs a subset (while profiling); the default and the real measurement is all of them. */
const only = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
for (const name of only) {
  if (!(SCENARIOS as readonly string[]).includes(name)) {
    throw new Error(`BENCH_ONLY: unknown scenario "${name}" (known: ${SCENARIOS.join(', ')})`);
  }
}
const runs = (scenario: (typeof SCENARIOS)[number]) => only.length === 0 || only.includes(scenario);
const P99_TARGET_MS = 100;
/** How far above its floor (bare fan-out p99 + commit-with-NOTIFY p99) a product's p99 may be, per database. */
const RATIO_TARGETS: Record<FloorDatabase, number> = { postgres: 1.5, pglite: 2 };

const connections = Math.round(numberFromEnv('BENCH_CONNECTIONS', fullOrSmoke(200, 5), 1));
const shape: LoadShape = {
  rate: numberFromEnv('BENCH_RATE', fullOrSmoke(50, 10), 0.1),
  seconds: numberFromEnv('BENCH_SECONDS', fullOrSmoke(10, 1), 0.1),
  warmupSeconds: numberFromEnv('BENCH_WARMUP_SECONDS', fullOrSmoke(2, 0), 0),
};
/**
 * Every change is a test order from one owner, past the product's limit (30 a minute). The bench allows a second's
 * worth and more per second: the limit's check then reads about as many rows as at the product's limit, rather than
 * every order of the run.
 */
const testOrdersPerSecond = Math.ceil(shape.rate) * 2 + 10;
const postgresAdminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const log = logTo('bench');
const { cleanups, runCleanups } = createCleanups(log);

async function withServer<T>(
  options: Omit<Parameters<typeof spawnServer>[0], 'port' | 'root' | 'nodeFlags'>,
  use: (server: SpawnedServer) => Promise<T>,
): Promise<T> {
  const port = await freePort();
  const profileDir = path.join(
    PROFILE_DIR,
    options.name
      .replace(/[^a-z0-9]+/gi, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase(),
  );
  const nodeFlags = profiling ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : undefined;
  const server = await spawnServer({ ...options, root: ROOT, port, nodeFlags });
  const stop = () => server.stop();
  cleanups.add(stop);
  try {
    return await use(server);
  } finally {
    cleanups.delete(stop);
    await server.stop();
  }
}

async function signUp(server: SpawnedServer): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: `http://localhost:${server.port}` },
    body: JSON.stringify({
      name: 'Bench Owner',
      email: `bench-${randomBytes(6).toString('hex')}@example.com`,
      password: 'bench-password-1',
    }),
  });
  const body = await response.text();
  if (!response.ok) throw new Error(`sign-up failed: HTTP ${response.status} ${body.slice(0, 300)}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
  if (!cookie.includes('session_token=')) throw new Error(`sign-up returned no session cookie (got "${cookie}")`);
  return cookie;
}

function productScenario(name: string, databaseEnv: Record<string, string>): Promise<FanoutResult> {
  return withServer(
    {
      name,
      script: 'src/server/index.ts',
      env: {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        AUTH_SECRET: 'pickupline-bench-secret-0123456789abcdef',
        LOGIN_RATE_LIMIT: '1000/60',
        LOG_LEVEL: 'warn',
        // One owner's dashboards, all of them open at once, and a test order per change: past the product's caps.
        EVENT_STREAMS_PER_USER: String(connections),
        TEST_ORDER_LIMIT: `${testOrdersPerSecond}/1`,
        ...databaseEnv,
      },
      healthPath: '/api/health',
    },
    async (server) => {
      const cookie = await signUp(server);
      return runFanout({
        ...shape,
        name,
        url: server.url,
        eventsPath: '/api/events',
        changePath: '/api/orders/test',
        changeBody: (marker) => ({ isCustomOrder: true, customOrderText: marker }),
        // A browser names the app's origin on its writes; the cross-origin wall refuses any that does not.
        headers: { cookie, origin: `http://localhost:${server.port}` },
        connections,
        serverCpuSeconds: () => server.cpuSeconds(),
      });
    },
  );
}

interface ProductResult {
  database: FloorDatabase;
  result: FanoutResult;
}

async function productOnPglite(): Promise<FanoutResult> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pickupline-bench-data-'));
  const remove = () => rm(dataDir, { recursive: true, force: true });
  cleanups.add(remove);
  try {
    return await productScenario('product (PGlite)', { DATA_DIR: dataDir });
  } finally {
    cleanups.delete(remove);
    await remove();
  }
}

async function productOnPostgres(): Promise<FanoutResult> {
  const database = await createThrowawayDatabase(postgresAdminUrl);
  const drop = () => database.drop();
  cleanups.add(drop);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pickupline-bench-data-'));
  try {
    return await productScenario('product (PostgreSQL)', { DATABASE_URL: database.url, DATA_DIR: dataDir });
  } finally {
    cleanups.delete(drop);
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function commitFloorOnPostgres(): Promise<CommitFloorResult> {
  const database = await createThrowawayDatabase(postgresAdminUrl);
  const drop = () => database.drop();
  cleanups.add(drop);
  try {
    return await postgresCommitFloor(database.url, shape);
  } finally {
    cleanups.delete(drop);
    await drop();
  }
}

function bareFanout(): Promise<FanoutResult> {
  return withServer(
    { name: 'bare SSE', script: 'bench/bare-sse-server.ts', env: {}, healthPath: '/health' },
    (server) =>
      runFanout({
        ...shape,
        name: 'bare SSE fan-out (no DB)',
        url: server.url,
        eventsPath: '/events',
        changePath: '/broadcast',
        changeBody: (marker) => ({ marker }),
        connections,
        serverCpuSeconds: () => server.cpuSeconds(),
      }),
  );
}

interface Check {
  scenario: string;
  check: string;
  actualMs: number;
  limitMs: number;
  pass: boolean;
}

/** A product run against its floor: the bare fan-out and the commit with NOTIFY on its database, same run. */
interface FloorComparison {
  scenario: string;
  bareP99: number;
  commitP99: number;
  floorMs: number;
  productP99: number;
  ratio: number;
  target: number;
}

const ratioText = (ratio: number) => (Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : '-');

const latencyRow = (name: string, s: LatencySummary, missing: number) => [
  name,
  formatMs(s.p50),
  formatMs(s.p95),
  formatMs(s.p99),
  formatMs(s.max),
  String(s.samples),
  String(missing),
];

async function main() {
  const startedAt = new Date().toISOString();
  const machineBefore = machineFacts();
  log(
    `${connections} SSE connections, ${shape.rate} changes/s, ${shape.warmupSeconds} s warm-up + ${shape.seconds} s measured; ` +
      `${machineBefore.cpus} CPUs, node ${machineBefore.node}, load average ${machineBefore.loadAverage.join(' ')}`,
  );

  const postgresProblem = await probePostgres(postgresAdminUrl);
  if (postgresProblem) {
    log(
      `PostgreSQL not reachable at ${redactUrl(postgresAdminUrl)} (${postgresProblem}): running PGlite scenarios only`,
    );
  } else {
    log(`PostgreSQL at ${redactUrl(postgresAdminUrl)}: throwaway databases will be created and dropped there`);
  }

  const errors: string[] = [];
  const floorNotes: string[] = [];
  const attempt = async <T>(label: string, run: () => Promise<T>): Promise<T | null> => {
    log(`running ${label} …`);
    const started = Date.now();
    try {
      const result = await run();
      log(`${label} done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      return result;
    } catch (error) {
      errors.push(`${label}: ${describe(error)}`);
      log(`${label} FAILED: ${describe(error)}`);
      return null;
    }
  };

  const floors: CommitFloorResult[] = [];
  const withPostgres = !postgresProblem;
  if (runs('notify')) {
    const pgliteFloor = await attempt('commit + NOTIFY floor on PGlite', () => pgliteCommitFloor(shape));
    if (pgliteFloor) floors.push(pgliteFloor);
    if (withPostgres) {
      const postgresFloor = await attempt('commit + NOTIFY floor on PostgreSQL', commitFloorOnPostgres);
      if (postgresFloor) floors.push(postgresFloor);
    }
  }
  const bare = runs('bare') ? await attempt('bare SSE fan-out', bareFanout) : null;
  const products: ProductResult[] = [];
  if (runs('pglite')) {
    const onPglite = await attempt('product on PGlite', productOnPglite);
    if (onPglite) products.push({ database: 'pglite', result: onPglite });
  }
  if (runs('postgres') && withPostgres) {
    const onPostgres = await attempt('product on PostgreSQL', productOnPostgres);
    if (onPostgres) products.push({ database: 'postgres', result: onPostgres });
  }
  const fanouts = [...(bare ? [bare] : []), ...products.map((p) => p.result)];

  for (const result of fanouts) {
    if (result.duplicates > 0) log(`warning: ${result.name} delivered ${result.duplicates} events twice to one stream`);
  }
  for (const result of [...floors, ...fanouts]) {
    for (const error of result.errors) errors.push(`${result.name}: ${error}`);
    if (result.missing > 0) errors.push(`${result.name}: ${result.missing} deliveries missing`);
  }

  const checks: Check[] = [];
  const comparisons: FloorComparison[] = [];
  for (const { database, result: product } of products) {
    const p99 = product.delivery.p99;
    checks.push({
      scenario: product.name,
      check: `p99 ≤ ${P99_TARGET_MS} ms`,
      actualMs: p99,
      limitMs: P99_TARGET_MS,
      pass: p99 <= P99_TARGET_MS,
    });
    const commitFloor = floors.find((f) => f.database === database);
    if (!bare || !commitFloor) {
      floorNotes.push(`${product.name}: no floor to compare with (run the notify and bare scenarios too)`);
      continue;
    }
    const target = RATIO_TARGETS[database];
    const floorMs = bare.delivery.p99 + commitFloor.delivery.p99;
    comparisons.push({
      scenario: product.name,
      bareP99: bare.delivery.p99,
      commitP99: commitFloor.delivery.p99,
      floorMs,
      productP99: p99,
      ratio: p99 / floorMs,
      target,
    });
    checks.push({
      scenario: product.name,
      check:
        `p99 ≤ ${target}× floor (${formatMs(floorMs)} ms = bare fan-out ${formatMs(bare.delivery.p99)} + ` +
        `commit with NOTIFY ${formatMs(commitFloor.delivery.p99)}), ratio ${ratioText(p99 / floorMs)}`,
      actualMs: p99,
      limitMs: target * floorMs,
      pass: p99 <= target * floorMs,
    });
  }

  const machine = { ...machineBefore, loadAverageAfter: machineFacts().loadAverage };

  console.log('');
  console.log(
    `PickupLine realtime bench — ${connections} dashboards, ${shape.rate} changes/s, ${shape.seconds} s measured ` +
      `(+${shape.warmupSeconds} s warm-up)`,
  );
  console.log(
    `machine: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb} GB, node ${machine.node}, ${machine.platform}; ` +
      `load average ${machine.loadAverage.join(' ')} before, ${machine.loadAverageAfter.join(' ')} after`,
  );
  if (postgresProblem) console.log(`PostgreSQL not reachable (${postgresProblem}): PGlite only.`);
  smokeNote();
  console.log('');
  console.log(
    'Latency: change issued → event received (fan-out rows: one sample per change × connection; floor rows: BEGIN ' +
      'sent → COMMIT acknowledged and NOTIFY heard)',
  );
  printTable(
    ['scenario', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'samples', 'missing'],
    [
      ...floors.map((f) => latencyRow(f.name, f.delivery, f.missing)),
      ...fanouts.map((f) => latencyRow(f.name, f.delivery, f.missing)),
    ],
  );
  if (fanouts.length > 0) {
    console.log('');
    console.log(
      'Per change: HTTP request latency; first/last of the connections to get it; CPU over the measured part ' +
        '(% of one core); how late the client fired (p99, high = client overloaded)',
    );
    printTable(
      [
        'scenario',
        'http p50',
        'http p99',
        'first p50',
        'last p50',
        'last p99',
        'server CPU',
        'ms/change',
        'client CPU',
        'late p99',
        'retries',
        'dups',
      ],
      fanouts.map((f) => [
        f.name,
        formatMs(f.http.p50),
        formatMs(f.http.p99),
        formatMs(f.firstDelivery.p50),
        formatMs(f.lastDelivery.p50),
        formatMs(f.lastDelivery.p99),
        percent(f.serverCpuPercent),
        f.serverCpuMsPerChange === null ? '-' : formatMs(f.serverCpuMsPerChange),
        percent(f.clientCpuPercent),
        formatMs(f.sendLateness.p99),
        String(f.retries),
        String(f.duplicates),
      ]),
    );
  }
  if (comparisons.length > 0) {
    console.log('');
    console.log('Against the floor (same run): bare SSE fan-out p99 + commit with NOTIFY p99 on the same database');
    printTable(
      ['scenario', 'bare p99', 'commit p99', 'floor', 'p99', 'ratio', 'target'],
      comparisons.map((c) => [
        c.scenario,
        formatMs(c.bareP99),
        formatMs(c.commitP99),
        formatMs(c.floorMs),
        formatMs(c.productP99),
        ratioText(c.ratio),
        `≤ ${c.target}×`,
      ]),
    );
  }
  const notes = [...floorNotes];
  notes.push(
    ...fanouts.flatMap((f) => [
      ...(f.http.p50 > 1_000
        ? [`${f.name}: requests queued for seconds: the server could not keep up with ${f.rate} changes/s here`]
        : []),
      ...(f.sendLateness.p99 > 50
        ? [`${f.name}: the client fired changes up to ${formatMs(f.sendLateness.p99)} ms late (busy machine)`]
        : []),
    ]),
  );
  // The 1-minute load average when we started: anything well above zero is someone else's work.
  const loadBefore = machine.loadAverage[0] ?? 0;
  if (loadBefore > machine.cpus / 2) {
    notes.push(
      `load average ${loadBefore} on ${machine.cpus} CPUs before the run: other work competed; figures are noisy`,
    );
  }
  if (notes.length > 0) {
    console.log('');
    console.log('Notes');
    for (const note of notes) console.log(`  - ${note}`);
  }
  if (checks.length > 0) {
    console.log('');
    console.log('Targets');
    for (const c of checks) {
      console.log(`  ${verdict(c.pass)}  ${c.scenario.padEnd(20)}  ${c.check}: p99 = ${formatMs(c.actualMs)} ms`);
    }
  }

  await mkdir(path.dirname(RESULTS_FILE), { recursive: true });
  await writeFile(
    RESULTS_FILE,
    JSON.stringify(
      {
        startedAt,
        finishedAt: new Date().toISOString(),
        machine,
        config: { connections, ...shape, p99TargetMs: P99_TARGET_MS, ratioTargets: RATIO_TARGETS },
        postgres: { url: redactUrl(postgresAdminUrl), reachable: !postgresProblem, problem: postgresProblem },
        floors,
        fanouts,
        comparisons: comparisons.map((c) => ({
          ...c,
          bareP99: round2(c.bareP99),
          commitP99: round2(c.commitP99),
          floorMs: round2(c.floorMs),
          productP99: round2(c.productP99),
          ratio: round2(c.ratio),
        })),
        checks: checks.map((c) => ({ ...c, actualMs: round2(c.actualMs), limitMs: round2(c.limitMs) })),
        notes,
        errors,
      },
      null,
      2,
    ) + '\n',
  );
  console.log('');
  console.log(`Results written to ${path.relative(process.cwd(), RESULTS_FILE) || RESULTS_FILE}`);

  if (errors.length > 0) {
    console.error('');
    console.error(`BENCH FAILED with ${errors.length} error(s):`);
    for (const error of errors.slice(0, 30)) console.error(`  - ${error}`);
    process.exitCode = 1;
  }
}

main()
  .catch((error: unknown) => {
    console.error(`bench crashed: ${describe(error)}`);
    process.exitCode = 1;
  })
  .finally(() => runCleanups());
