/**
 * `npm run bench` part: what one owner's long test-call turns on the largest menu cost everyone else. The product
 * runs on PGlite in a child process; one owner gets a 200-dish menu (10 other names each, 6 option groups × 12
 * choices) through the API; then GET /api/health is probed every few milliseconds, first with nothing else going on,
 * then while 3 test calls send 1,000-character orders back to back. Target: health p99 under that load ≤ 3× idle.
 *
 * Env: BENCH_SECONDS (10, each phase), BENCH_PROBE_MS (5).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { createCleanups, describe, logTo, machineFacts, numberFromEnv, printTable } from './lib/harness';
import { largeMenu, longTurn } from './lib/large-menu';
import { signUpOwner } from './lib/owner';
import { freePort, spawnServer } from './lib/spawn-server';
import { formatMs, summarize } from './lib/stats';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SECONDS = numberFromEnv('BENCH_SECONDS', 10, 0.5);
const PROBE_MS = numberFromEnv('BENCH_PROBE_MS', 5, 1);
const PARALLEL_TURNS = 3;
const HEALTH_RATIO_TARGET = 3;
const log = logTo('order-turn-http');
const { cleanups, runCleanups } = createCleanups(log);

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pickupline-bench-turn-'));
  cleanups.add(() => rm(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const server = await spawnServer({
    name: 'product (pglite)',
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
    },
  });
  cleanups.add(() => server.stop());

  // One owner, set up through the API as the browser would (same origin on every request).
  const { cookie } = await signUpOwner(server.url, appUrl, 'bench-turn');
  const api = async (method: string, route: string, body?: unknown) => {
    const response = await fetch(`${server.url}${route}`, {
      method,
      headers: { cookie, origin: appUrl, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route}: HTTP ${response.status} ${text.slice(0, 300)}`);
    return text ? (JSON.parse(text) as unknown) : null;
  };
  await api('PUT', '/api/restaurant/hours', {
    hours: Array.from({ length: 7 }, (_, dayOfWeek) => ({
      dayOfWeek,
      openTime: '00:00',
      closeTime: '23:59',
      isClosed: false,
    })),
  });
  const menu = largeMenu();
  for (const dish of menu) {
    await api('POST', '/api/menu-items', {
      name: dish.name,
      description: null,
      priceCents: dish.priceCents,
      preparationTime: 15,
      aliases: dish.aliases,
      options: dish.options,
    });
  }
  const text = longTurn(menu);
  log(`menu of ${menu.length} dishes created; a turn says ${text.length} characters`);

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

  async function turns(untilMs: number): Promise<number[]> {
    const times: number[] = [];
    while (performance.now() < untilMs) {
      const call = (await api('POST', '/api/test-calls', { language: 'en' })) as { callId: string };
      const started = performance.now();
      await api('POST', `/api/test-calls/${call.callId}/messages`, { text });
      times.push(performance.now() - started);
      await api('POST', `/api/test-calls/${call.callId}/end`);
    }
    return times;
  }

  // Warm-up: the first turn builds the menu's lexicon.
  await turns(performance.now() + 1);
  const idle = await probeHealth(performance.now() + SECONDS * 1000);
  const until = performance.now() + SECONDS * 1000;
  const [loaded, ...turnTimes] = await Promise.all([
    probeHealth(until),
    ...Array.from({ length: PARALLEL_TURNS }, () => turns(until)),
  ]);
  const idleSummary = summarize(idle);
  const loadedSummary = summarize(loaded);
  const turnSummary = summarize(turnTimes.flat());
  const ratio = loadedSummary.p99 / idleSummary.p99;

  console.log(
    `\nOne owner's long turns on a ${menu.length}-dish menu, ${PARALLEL_TURNS} at a time, and everyone else's health check`,
  );
  console.log(JSON.stringify(machineFacts()));
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
        `${ratio.toFixed(2)}× ${ratio <= HEALTH_RATIO_TARGET ? 'ok' : 'FAIL'}`,
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
