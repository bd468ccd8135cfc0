/**
 * `npm run bench` part: what long test-call turns on the largest menu cost everyone else. The product runs on PGlite
 * in a child process; 3 owners each get a 200-dish menu (10 other names each, 6 option groups × 12 choices) through
 * the API; then GET /api/health is probed every few milliseconds, first with nothing else going on, then while the 3
 * owners' test calls send 1,000-character orders back to back (their turn rate raised past the product's 30 a
 * minute, which would otherwise refuse most of them). Target: health p99 under that load ≤ 3× idle.
 *
 * Env: BENCH_SECONDS (10, each phase), BENCH_PROBE_MS (5), BENCH_DATABASE_URL (a PostgreSQL database to run on
 * instead of PGlite; it should be empty), BENCH_SMOKE=1 (2 owners with 20-dish menus, 1 s a phase, no target judged).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import {
  createCleanups,
  describe,
  fullOrSmoke,
  logTo,
  machineFacts,
  numberFromEnv,
  printTable,
  smokeNote,
  verdict,
} from './lib/harness';
import { largeMenu, longTurn } from './lib/large-menu';
import { signUpOwner } from './lib/owner';
import { freePort, spawnServer } from './lib/spawn-server';
import { formatMs, summarize } from './lib/stats';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SECONDS = numberFromEnv('BENCH_SECONDS', fullOrSmoke(10, 1), 0.5);
const PROBE_MS = numberFromEnv('BENCH_PROBE_MS', 5, 1);
const PARALLEL_TURNS = fullOrSmoke(3, 2);
const MENU_DISHES = fullOrSmoke(200, 20);
const HEALTH_RATIO_TARGET = 3;
const log = logTo('order-turn-http');
const { cleanups, runCleanups } = createCleanups(log);

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pickupline-bench-turn-'));
  cleanups.add(() => rm(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const server = await spawnServer({
    name: process.env.BENCH_DATABASE_URL ? 'product (postgres)' : 'product (pglite)',
    root: ROOT,
    script: 'src/server/index.ts',
    port,
    healthPath: '/api/health',
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      APP_URL: appUrl,
      AUTH_SECRET: 'pickupline-bench-secret-0123456789abcdef',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      TEST_CALL_TURN_LIMIT: '1000000/60',
      ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    },
  });
  cleanups.add(() => server.stop());

  // Each owner set up through the API as the browser would (same origin on every request).
  const api = async (cookie: string, method: string, route: string, body?: unknown) => {
    const response = await fetch(`${server.url}${route}`, {
      method,
      headers: { cookie, origin: appUrl, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route}: HTTP ${response.status} ${text.slice(0, 300)}`);
    return text ? (JSON.parse(text) as unknown) : null;
  };
  const menu = largeMenu(MENU_DISHES);
  async function setUpOwner(index: number) {
    const { cookie } = await signUpOwner(server.url, appUrl, `bench-turn-${index}`);
    await api(cookie, 'PUT', '/api/restaurant/hours', {
      hours: Array.from({ length: 7 }, (_, dayOfWeek) => ({
        dayOfWeek,
        openTime: '00:00',
        closeTime: '23:59',
        isClosed: false,
      })),
    });
    for (const dish of menu) {
      await api(cookie, 'POST', '/api/menu-items', {
        name: dish.name,
        description: null,
        priceCents: dish.priceCents,
        preparationTime: 15,
        aliases: dish.aliases,
        options: dish.options,
      });
    }
    return cookie;
  }
  const owners = await Promise.all(Array.from({ length: PARALLEL_TURNS }, (_, i) => setUpOwner(i)));
  const text = longTurn(menu);
  log(`${owners.length} menus of ${menu.length} dishes created; a turn says ${text.length} characters`);

  async function probeHealth(untilMs: number): Promise<number[]> {
    const times: number[] = [];
    while (performance.now() < untilMs) {
      const started = performance.now();
      const response = await fetch(`${server.url}/api/health`);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`health: HTTP ${response.status}`);
      times.push(performance.now() - started);
      await sleep(PROBE_MS);
    }
    return times;
  }

  /** One owner's turns, back to back; a new call after 50 (a call takes 60). */
  async function turns(cookie: string, untilMs: number): Promise<number[]> {
    const times: number[] = [];
    while (performance.now() < untilMs) {
      const call = (await api(cookie, 'POST', '/api/test-calls', { language: 'en' })) as { callId: string };
      for (let turn = 0; turn < 50 && performance.now() < untilMs; turn++) {
        const started = performance.now();
        await api(cookie, 'POST', `/api/test-calls/${call.callId}/messages`, { text });
        times.push(performance.now() - started);
      }
      await api(cookie, 'POST', `/api/test-calls/${call.callId}/end`);
    }
    return times;
  }

  // Warm-up: each owner's first turn builds their menu's lexicon (and the first starts the turn threads).
  for (const cookie of owners) {
    const call = (await api(cookie, 'POST', '/api/test-calls', { language: 'en' })) as { callId: string };
    await api(cookie, 'POST', `/api/test-calls/${call.callId}/messages`, { text });
    await api(cookie, 'POST', `/api/test-calls/${call.callId}/end`);
  }
  const idle = await probeHealth(performance.now() + SECONDS * 1000);
  const until = performance.now() + SECONDS * 1000;
  const [loaded, ...turnTimes] = await Promise.all([
    probeHealth(until),
    ...owners.map((cookie) => turns(cookie, until)),
  ]);
  const idleSummary = summarize(idle);
  const loadedSummary = summarize(loaded);
  const turnSummary = summarize(turnTimes.flat());
  const ratio = loadedSummary.p99 / idleSummary.p99;

  console.log(
    `\n${PARALLEL_TURNS} owners' long turns on ${menu.length}-dish menus, back to back, and everyone else's health check`,
  );
  console.log(JSON.stringify(machineFacts()));
  smokeNote();
  printTable(
    ['measure', 'samples', 'p50', 'p99', 'max', 'target', 'result'],
    [
      [
        'GET /api/health, idle',
        String(idleSummary.samples),
        formatMs(idleSummary.p50),
        formatMs(idleSummary.p99),
        formatMs(idleSummary.max),
        '-',
        '-',
      ],
      [
        `GET /api/health, ${PARALLEL_TURNS} turns running`,
        String(loadedSummary.samples),
        formatMs(loadedSummary.p50),
        formatMs(loadedSummary.p99),
        formatMs(loadedSummary.max),
        `≤ ${HEALTH_RATIO_TARGET}× idle p99`,
        `${ratio.toFixed(2)}× ${verdict(ratio <= HEALTH_RATIO_TARGET, { pass: 'ok', fail: 'FAIL' })}`,
      ],
      [
        'test-call turn (HTTP)',
        String(turnSummary.samples),
        formatMs(turnSummary.p50),
        formatMs(turnSummary.p99),
        formatMs(turnSummary.max),
        '-',
        '-',
      ],
    ],
  );
}

main()
  .catch((error: unknown) => {
    log(describe(error));
    process.exitCode = 1;
  })
  .finally(() => runCleanups());
