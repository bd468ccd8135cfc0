import os from 'node:os';
import path from 'node:path';

/** Shared plumbing of the benchmarks: settings from the environment, clean-up on interruption, output. */

/**
 * BENCH_SMOKE=1 (what `npm test` runs, through `node bench/run.mjs --smoke`): each bench does its whole set-up, then
 * about a second of load on small data, and judges no target (a smoke run's figures mean nothing). It still fails on
 * what a full run fails on: a set-up refused, a wrong or missing answer, a broken expectation. So a bench whose
 * set-up rots fails CI, not the next person who runs `npm run bench`.
 */
export const SMOKE = ['1', 'true'].includes(process.env.BENCH_SMOKE ?? '');

/** The full run's default, or the smoke run's. */
export const fullOrSmoke = <T>(full: T, smoke: T): T => (SMOKE ? smoke : full);

/** A target's verdict as the tables print it; a smoke run judges nothing. */
export const verdict = (pass: boolean, labels: { pass: string; fail: string } = { pass: 'PASS', fail: 'FAIL' }) =>
  SMOKE ? 'smoke' : pass ? labels.pass : labels.fail;

/** Where a bench writes its JSON results: .tmp/NAME, or .tmp/bench-smoke/NAME for a smoke run (never overwriting a
 * real measurement with a smoke run's). */
export function resultsPath(root: string, name: string): string {
  return path.join(root, '.tmp', ...(SMOKE ? ['bench-smoke'] : []), name);
}

/** A line under each report of a smoke run, so its figures are not read as a measurement. */
export function smokeNote(): void {
  if (SMOKE) console.log('smoke run (BENCH_SMOKE=1): set-up and a second of load only; no target is judged');
}

export function numberFromEnv(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min) throw new Error(`${name} must be a number ≥ ${min} (got "${raw}")`);
  return value;
}

export function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}

/** A logger to standard error with the benchmark's prefix, so the table on standard output stays clean. */
export const logTo =
  (prefix: string) =>
  (message: string): void =>
    void process.stderr.write(`[${prefix}] ${message}\n`);

/**
 * Things to undo if the run is interrupted or fails (child servers, temp dirs, throwaway databases), undone last
 * first. SIGINT and SIGTERM undo them and exit.
 */
export function createCleanups(log: (message: string) => void) {
  const cleanups = new Set<() => Promise<void>>();
  async function runCleanups() {
    for (const cleanup of [...cleanups].reverse()) {
      cleanups.delete(cleanup);
      await cleanup().catch((error: unknown) => log(`cleanup failed: ${describe(error)}`));
    }
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log(`${signal}: stopping servers and cleaning up`);
      void runCleanups().finally(() => process.exit(130));
    });
  }
  return { cleanups, runCleanups };
}

export function machineFacts() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    loadAverage: os.loadavg().map((v) => Math.round(v * 100) / 100),
  };
}

/** A plain-text table: the first column left-aligned, the others right-aligned. */
export function printTable(header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i > 0 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(line(row));
}

export const round2 = (value: number) => Math.round(value * 100) / 100;

export const percent = (value: number | null) =>
  value === null || !Number.isFinite(value) ? '-' : `${Math.round(value)}%`;
