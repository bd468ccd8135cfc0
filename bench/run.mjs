#!/usr/bin/env node
// Runs every bench, one after the other, to the end: `npm run bench` (full measurements) and, with --smoke, the
// smoke run that `npm test` counts as one test per bench (BENCH_SMOKE=1: each bench's whole set-up, about a second
// of load on small data, no target judged; see bench/lib/harness.ts). A bench that fails does not stop the others;
// the run ends with one line per bench and exits non-zero if any failed.
//
//   node bench/run.mjs [--smoke] [--jobs N] [--results FILE] [name …]
//
// --jobs N runs N benches at once (smoke runs only, default 2: most of a smoke run is servers starting, and two
// share a two-core machine well; a full run is always one at a time, so benches do not skew each other's figures).
// --results FILE writes [{name, file, passed, status, seconds}] as JSON. Names (e.g. `voice-webhook`) run a subset.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Every bench, in the order a full run takes them. */
export const BENCHES = [
  'index',
  'dashboard-list',
  'voice-webhook',
  'order-turn',
  'order-turn-http',
  'admin-search',
  'stream-flood',
  'lighthouse',
];

/** Scripts in bench/ that are not benches: the floors' bare servers, which the benches start themselves. */
const NOT_BENCHES = new Set(['bare-sse-server', 'bare-webhook-server']);

/** A smoke bench that has not finished by then is stuck: its process group is stopped and it counts as failed. */
const SMOKE_TIMEOUT_MS = 180_000;

/** Bench scripts in bench/ that are missing from BENCHES: a new bench must be listed, or CI would never run it. */
export function unlistedBenches() {
  return readdirSync(path.join(ROOT, 'bench'))
    .filter((file) => file.endsWith('.ts'))
    .map((file) => file.slice(0, -'.ts'.length))
    .filter((name) => !BENCHES.includes(name) && !NOT_BENCHES.has(name));
}

function parseArgs(argv) {
  const options = { smoke: false, jobs: null, results: null, names: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--smoke') options.smoke = true;
    else if (arg === '--jobs') options.jobs = Number(argv[++i]);
    else if (arg === '--results') options.results = argv[++i];
    else if (arg.startsWith('-')) throw new Error(`unknown option ${arg}`);
    else options.names.push(arg);
  }
  if (options.jobs !== null && !(Number.isInteger(options.jobs) && options.jobs >= 1)) {
    throw new Error('--jobs takes a whole number ≥ 1');
  }
  for (const name of options.names) {
    if (!BENCHES.includes(name)) throw new Error(`unknown bench "${name}" (known: ${BENCHES.join(', ')})`);
  }
  return options;
}

/** One bench in its own process group (tsx, the node it runs, and the servers it starts). */
function runBench(name, { smoke, prefixOutput }) {
  const file = `bench/${name}.ts`;
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), [file], {
      cwd: ROOT,
      env: { ...process.env, ...(smoke ? { BENCH_SMOKE: '1' } : {}) },
      stdio: prefixOutput ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      detached: true,
    });
    if (prefixOutput) {
      // Two benches at once: each line says whose it is.
      for (const [stream, target] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        let rest = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop();
          for (const line of lines) target.write(`${name} | ${line}\n`);
        });
        stream.on('end', () => rest && target.write(`${name} | ${rest}\n`));
      }
    }
    const stopGroup = (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    };
    let timedOut = false;
    const timer = smoke
      ? setTimeout(() => {
          timedOut = true;
          console.error(`${name}: still running after ${SMOKE_TIMEOUT_MS / 1000} s, stopping it`);
          stopGroup('SIGTERM');
          setTimeout(() => stopGroup('SIGKILL'), 10_000).unref();
        }, SMOKE_TIMEOUT_MS)
      : null;
    const done = (status) => {
      if (timer) clearTimeout(timer);
      const seconds = Math.round((performance.now() - started) / 100) / 10;
      resolve({ name, file, passed: status === 0 && !timedOut, status: timedOut ? 'timed out' : status, seconds });
    };
    child.once('error', (error) => {
      console.error(`${name}: could not start: ${error.message}`);
      done(1);
    });
    child.once('exit', (code, signal) => done(code ?? signal ?? 1));
    running.add(stopGroup);
    child.once('exit', () => running.delete(stopGroup));
  });
}

/** Process groups of the benches running now, stopped if this runner is interrupted. */
const running = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    for (const stop of running) stop('SIGTERM');
    process.exit(130);
  });
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const names = options.names.length > 0 ? options.names : BENCHES;
  const jobs = options.smoke ? (options.jobs ?? 2) : 1;
  const results = [];

  const unlisted = unlistedBenches();
  if (unlisted.length > 0) {
    console.error(`bench/run.mjs: ${unlisted.map((n) => `bench/${n}.ts`).join(', ')} not listed in BENCHES`);
    results.push({ name: 'bench list', file: 'bench/run.mjs', passed: false, status: 'unlisted benches', seconds: 0 });
  }

  console.log(
    `${options.smoke ? 'Smoke run of' : 'Running'} ${names.length} bench${names.length === 1 ? '' : 'es'}` +
      `${jobs > 1 ? `, ${jobs} at a time` : ''}: ${names.join(', ')}`,
  );
  const queue = [...names];
  const lane = async () => {
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
      if (jobs === 1) console.log(`\n=== bench/${name}.ts${options.smoke ? ' (smoke)' : ''}`);
      results.push(await runBench(name, { smoke: options.smoke, prefixOutput: jobs > 1 }));
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, names.length) }, lane));
  results.sort((a, b) => names.indexOf(a.name) - names.indexOf(b.name));

  console.log('');
  for (const r of results) {
    console.log(
      `  ${r.passed ? 'ok  ' : 'FAIL'}  ${r.file.padEnd(24)} ${r.passed ? '' : `(exit ${r.status}) `}${r.seconds} s`,
    );
  }
  const failed = results.filter((r) => !r.passed).length;
  console.log(`benches: ${results.length - failed} passed, ${failed} failed`);
  if (options.results) {
    mkdirSync(path.dirname(path.resolve(options.results)), { recursive: true });
    writeFileSync(options.results, JSON.stringify(results, null, 2) + '\n');
  }
  process.exitCode = failed === 0 ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`bench/run.mjs: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
