/**
 * `npm run bench` part: what a visitor or an account can do to the server, measured against the real product
 * (src/server/index.ts in a child process, embedded PGlite, production settings):
 *   - one account opens BENCH_FLOOD_STREAMS (2,000) live streams, 50 at a time: how many the server holds, its
 *     memory before, during and after, and /api/health's answers throughout (one every 50 ms);
 *   - BENCH_FLOOD_ACCOUNTS (60) accounts open 10 streams each against a process cap of EVENT_STREAMS_MAX (500):
 *     held, refused with 503;
 *   - a 5 MB body sent before sign-in: time until its 413, and a health request answered meanwhile;
 *   - sign-out with a stream open: time from sending sign-out until that stream has ended (20 times).
 * BENCH_SMOKE=1: 30 streams from one account, 3 accounts against a cap of 20, 2 sign-outs; the same expectations.
 * Exit 0 when it ran and every expectation held (streams held ≤ caps, health always 200, 413 and closes seen).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { freePort, spawnServer, type SpawnedServer } from './lib/spawn-server';
import {
  createCleanups,
  describe,
  fullOrSmoke,
  logTo,
  machineFacts,
  numberFromEnv,
  printTable,
  resultsPath,
  smokeNote,
} from './lib/harness';
import { formatMs, summarize } from './lib/stats';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS_FILE = resultsPath(ROOT, 'bench-stream-flood.json');
const FLOOD_STREAMS = numberFromEnv('BENCH_FLOOD_STREAMS', fullOrSmoke(2_000, 30), 1);
const FLOOD_ACCOUNTS = numberFromEnv('BENCH_FLOOD_ACCOUNTS', fullOrSmoke(60, 3), 1);
const STREAMS_MAX = numberFromEnv('BENCH_STREAMS_MAX', fullOrSmoke(500, 20), 1);
const SIGN_OUT_ROUNDS = fullOrSmoke(20, 2);
const PER_USER = 10;
const AT_ONCE = 50;
const log = logTo('stream-flood');
const { cleanups, runCleanups } = createCleanups(log);

interface Stream {
  status: number;
  /** Resolves when the server ends the stream (or the socket closes), with the last named event seen. */
  ended: Promise<string>;
  close(): void;
}

/** GET /api/events on its own socket; resolves once the answer's head is in (and, for a 200, its first frame). */
function openStream(base: URL, cookie: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: base.hostname, port: base.port, path: '/api/events', headers: { cookie }, agent: false },
      (response) => {
        let lastEvent = '';
        let resolveEnded!: (event: string) => void;
        const ended = new Promise<string>((r) => (resolveEnded = r));
        response.setEncoding('utf8');
        let first = true;
        response.on('data', (chunk: string) => {
          for (const match of chunk.matchAll(/^event: (.+)$/gm)) lastEvent = match[1]!;
          if (first) {
            first = false;
            resolve(stream);
          }
        });
        const finish = () => resolveEnded(lastEvent);
        response.on('end', finish);
        response.on('close', finish);
        response.on('error', finish);
        const stream: Stream = { status: response.statusCode ?? 0, ended, close: () => request.destroy() };
        if (response.statusCode !== 200) {
          response.resume();
          resolve(stream);
        }
      },
    );
    request.on('error', reject);
  });
}

async function post(base: URL, pathname: string, body: unknown, cookie = '') {
  const response = await fetch(new URL(pathname, base), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base.origin, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return response;
}

async function signUp(base: URL): Promise<string> {
  const response = await post(base, '/api/auth/sign-up/email', {
    name: 'Flood Owner',
    email: `flood-${randomBytes(6).toString('hex')}@example.com`,
    password: 'flood-password-1',
  });
  if (!response.ok) throw new Error(`sign-up failed: HTTP ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
}

/** /api/health every 50 ms until stopped: latencies of 200s, and every other answer or error. */
function probeHealth(base: URL) {
  const latencies: number[] = [];
  const failures: string[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const response = await fetch(new URL('/api/health', base), { signal: AbortSignal.timeout(10_000) });
        await response.arrayBuffer();
        if (response.status === 200) latencies.push(performance.now() - started);
        else failures.push(`HTTP ${response.status}`);
      } catch (error) {
        failures.push(describe(error).split('\n')[0]!);
      }
      await sleep(50);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      return { latencies, failures };
    },
  };
}

const mb = (bytes: number | null) => (bytes === null ? 'n/a' : `${(bytes / 2 ** 20).toFixed(0)} MB`);

async function oneAccountFlood(server: SpawnedServer, base: URL) {
  const cookie = await signUp(base);
  const rssBefore = server.rssBytes();
  const health = probeHealth(base);
  const streams: Stream[] = [];
  const started = performance.now();
  for (let opened = 0; opened < FLOOD_STREAMS; opened += AT_ONCE) {
    const batch = Math.min(AT_ONCE, FLOOD_STREAMS - opened);
    streams.push(...(await Promise.all(Array.from({ length: batch }, () => openStream(base, cookie)))));
  }
  const seconds = (performance.now() - started) / 1000;
  await sleep(500);
  const stillOpen = await countOpen(streams);
  const rssDuring = server.rssBytes();
  const { latencies, failures } = await health.stop();
  for (const s of streams) s.close();
  await sleep(1_000);
  const rssAfter = server.rssBytes();
  const replaced = (await Promise.all(streams.map((s) => s.ended))).filter((e) => e === 'replaced').length;
  return {
    opened: streams.length,
    ok: streams.filter((s) => s.status === 200).length,
    held: stillOpen,
    replaced,
    seconds,
    rssBefore,
    rssDuring,
    rssAfter,
    health: summarize(latencies),
    healthFailures: failures,
  };
}

/** How many streams have not ended, looking without waiting. */
async function countOpen(streams: Stream[]) {
  const states = await Promise.all(
    streams.map((s) => Promise.race([s.ended.then(() => false), sleep(10).then(() => s.status === 200)])),
  );
  return states.filter(Boolean).length;
}

async function manyAccounts(base: URL) {
  const cookies = [];
  for (let i = 0; i < FLOOD_ACCOUNTS; i++) cookies.push(await signUp(base));
  const health = probeHealth(base);
  const streams: Stream[] = [];
  for (const cookie of cookies) {
    streams.push(...(await Promise.all(Array.from({ length: PER_USER }, () => openStream(base, cookie)))));
  }
  await sleep(500);
  const held = await countOpen(streams);
  const refused = streams.filter((s) => s.status === 503).length;
  const { latencies, failures } = await health.stop();
  for (const s of streams) s.close();
  await sleep(500);
  return { opened: streams.length, held, refused, health: summarize(latencies), healthFailures: failures };
}

/** A 5 MB JSON body to update-user with no cookie: when does its 413 come, and is health served meanwhile? */
async function largeBody(base: URL) {
  const size = 5 * 1024 * 1024;
  const started = performance.now();
  const answer = new Promise<{ status: number; ms: number }>((resolve, reject) => {
    const request = http.request(
      {
        host: base.hostname,
        port: base.port,
        path: '/api/auth/update-user',
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': size, origin: base.origin },
      },
      (response) => {
        resolve({ status: response.statusCode ?? 0, ms: performance.now() - started });
        response.resume();
      },
    );
    request.on('error', (error) => (String(error).includes('EPIPE') ? undefined : reject(error)));
    // Send the body slowly, 64 KB every 10 ms, as a client that means to send it all would.
    let sent = 0;
    const timer = setInterval(() => {
      if (sent >= size || request.destroyed) return clearInterval(timer);
      const piece = Math.min(64 * 1024, size - sent);
      request.write('x'.repeat(piece));
      sent += piece;
    }, 10);
  });
  const healthStarted = performance.now();
  const health = await fetch(new URL('/api/health', base));
  await health.arrayBuffer();
  const healthMs = performance.now() - healthStarted;
  const result = await answer;
  return { status: result.status, ms: result.ms, healthStatus: health.status, healthMs };
}

async function signOutToClose(base: URL, rounds = SIGN_OUT_ROUNDS) {
  const times: number[] = [];
  const lastEvents: string[] = [];
  for (let i = 0; i < rounds; i++) {
    const cookie = await signUp(base);
    const stream = await openStream(base, cookie);
    if (stream.status !== 200) throw new Error(`stream refused: HTTP ${stream.status}`);
    const started = performance.now();
    const signedOut = await post(base, '/api/auth/sign-out', {}, cookie);
    if (!signedOut.ok) throw new Error(`sign-out failed: HTTP ${signedOut.status}`);
    lastEvents.push(await stream.ended);
    times.push(performance.now() - started);
  }
  return { times: summarize(times), allSaidSignedOut: lastEvents.every((e) => e === 'signed-out') };
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pickupline-flood-'));
  cleanups.add(() => rm(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const server = await spawnServer({
    name: 'product (PGlite)',
    root: ROOT,
    script: 'src/server/index.ts',
    port,
    healthPath: '/api/health',
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      AUTH_SECRET: 'pickupline-bench-secret-0123456789abcdef',
      LOGIN_RATE_LIMIT: '100000/60',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      EVENT_STREAMS_PER_USER: String(PER_USER),
      EVENT_STREAMS_MAX: String(STREAMS_MAX),
    },
  });
  cleanups.add(() => server.stop());
  const base = new URL(server.url);

  log(`one account opens ${FLOOD_STREAMS} streams …`);
  const flood = await oneAccountFlood(server, base);
  log(`${FLOOD_ACCOUNTS} accounts open ${PER_USER} each …`);
  const many = await manyAccounts(base);
  log('a 5 MB body before sign-in …');
  const body = await largeBody(base);
  log('sign-out with a stream open …');
  const signOut = await signOutToClose(base);
  await runCleanups();

  console.log(`\nPickupLine stream flood — per account ${PER_USER}, process cap ${STREAMS_MAX} (EVENT_STREAMS_MAX)`);
  const m = machineFacts();
  console.log(`machine: ${m.cpus} × ${m.cpuModel}, ${m.memoryGb} GB, node ${m.node}`);
  smokeNote();
  console.log();
  printTable(
    ['scenario', 'opened', 'answered 200', 'held', 'ended', 'refused 503', 'health p50', 'health max', 'health failed'],
    [
      [
        'one account',
        String(flood.opened),
        String(flood.ok),
        String(flood.held),
        `${flood.replaced} replaced`,
        '0',
        formatMs(flood.health.p50),
        formatMs(flood.health.max),
        String(flood.healthFailures.length),
      ],
      [
        `${FLOOD_ACCOUNTS} accounts × ${PER_USER}`,
        String(many.opened),
        String(many.opened - many.refused),
        String(many.held),
        '',
        String(many.refused),
        formatMs(many.health.p50),
        formatMs(many.health.max),
        String(many.healthFailures.length),
      ],
    ],
  );
  console.log(
    `\nserver memory (RSS, process group): ${mb(flood.rssBefore)} before the flood, ${mb(flood.rssDuring)} holding it, ` +
      `${mb(flood.rssAfter)} after (${flood.seconds.toFixed(1)} s to open ${flood.opened})`,
  );
  console.log(
    `5 MB body before sign-in: HTTP ${body.status} after ${formatMs(body.ms)} ms; ` +
      `health meanwhile HTTP ${body.healthStatus} in ${formatMs(body.healthMs)} ms`,
  );
  console.log(
    `sign-out → its stream ended: p50 ${formatMs(signOut.times.p50)} ms, max ${formatMs(signOut.times.max)} ms ` +
      `over ${signOut.times.samples}; last word "signed-out" every time: ${signOut.allSaidSignedOut}`,
  );

  await mkdir(path.dirname(RESULTS_FILE), { recursive: true });
  await writeFile(RESULTS_FILE, JSON.stringify({ flood, many, body, signOut }, null, 2));
  const failures = [
    flood.held > PER_USER && `one account holds ${flood.held} streams (cap ${PER_USER})`,
    many.held > STREAMS_MAX && `${many.held} streams held (cap ${STREAMS_MAX})`,
    flood.healthFailures.length + many.healthFailures.length > 0 && 'health failed during a flood',
    body.status !== 413 && `the 5 MB body got ${body.status}, not 413`,
    !signOut.allSaidSignedOut && 'a stream did not end with "signed-out"',
  ].filter(Boolean);
  for (const failure of failures) console.log(`FAIL  ${failure}`);
  if (failures.length > 0) process.exitCode = 1;
}

main().catch(async (error: unknown) => {
  log(describe(error));
  await runCleanups();
  process.exit(1);
});
