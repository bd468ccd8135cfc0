#!/usr/bin/env node
// The whole test suite: the gates (format, lint, dependency rule, typecheck), then unit and integration tests
// (vitest), then browser tests (Playwright on Debian's Chromium), then every bench in smoke mode (bench/run.mjs
// --smoke: each bench's set-up and about a second of load, no target judged). Each gate and each bench counts as one
// test, so a bench whose set-up breaks fails the run.
// Ends with one line "N passed, N failed" summing every gate and suite; exits non-zero if anything failed.
// `--gates-only` (npm run test:gates) runs the gates alone.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const GATES_ONLY = process.argv.includes('--gates-only');

// Static checks, cheapest first. Each prints its own output and counts as 1 passed or 1 failed.
const GATES = [
  { name: 'format', command: 'prettier', args: ['--check', '.'] },
  { name: 'lint', command: 'eslint', args: ['.'] },
  { name: 'dependency rule', command: 'depcruise', args: ['src', '--config', '.dependency-cruiser.mjs'] },
  { name: 'typecheck', command: 'tsc', args: ['--noEmit'] },
];

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  console.log(`Chromium not found at ${CHROMIUM}; installing Debian's chromium package…`);
  const apt = (...args) => (process.getuid?.() === 0 ? run('apt-get', args) : run('sudo', ['apt-get', ...args]));
  if (apt('update', '-qq') !== 0 || apt('install', '-y', '-qq', 'chromium') !== 0 || !existsSync(CHROMIUM)) {
    console.error('Could not install Chromium. Install it with: apt-get update && apt-get install -y chromium');
    process.exit(1);
  }
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

function finish() {
  console.log('');
  for (const line of suites) console.log(`  ${line}`);
  console.log(`${totals.passed} passed, ${totals.failed} failed`);
  process.exit(totals.failed === 0 ? 0 : 1);
}

const totals = { passed: 0, failed: 0 };
const suites = [];

for (const gate of GATES) {
  console.log(`\n> ${gate.name}: ${[gate.command, ...gate.args].join(' ')}`);
  const started = performance.now();
  const status = run('npx', ['--no-install', gate.command, ...gate.args]);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (status === 0) totals.passed += 1;
  else totals.failed += 1;
  suites.push(`${gate.name}: ${status === 0 ? 'passed' : `failed (exit status ${status})`} in ${seconds} s`);
}
if (GATES_ONLY) finish();

// A failed gate does not stop the suites: they still run, so one CI run reports every problem at once. The failed
// gate alone already makes the whole run fail.
mkdirSync('.tmp', { recursive: true });
rmSync('.tmp/vitest-results.json', { force: true });
rmSync('.tmp/playwright-results.json', { force: true });
rmSync('.tmp/bench-smoke-results.json', { force: true });
ensureChromium();

const vitestStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=.tmp/vitest-results.json',
]);
const vitest = readJson('.tmp/vitest-results.json');
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests + (vitest.numTotalTests === 0 ? 1 : 0);
  suites.push(`vitest: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed`);
} else {
  totals.failed += 1;
  suites.push('vitest: no results (the run itself failed)');
}
if (vitestStatus !== 0 && vitest && vitest.numFailedTests === 0) {
  totals.failed += 1;
  suites.push(`vitest exited with status ${vitestStatus} (errors outside tests)`);
}

const playwrightStatus = run('npx', ['playwright', 'test']);
const playwright = readJson('.tmp/playwright-results.json');
if (playwright) {
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = playwright.stats ?? {};
  totals.passed += expected + flaky;
  totals.failed += unexpected + skipped;
  suites.push(
    `playwright: ${expected + flaky} passed, ${unexpected} failed${skipped ? `, ${skipped} skipped (counted as failed)` : ''}`,
  );
  if (playwrightStatus !== 0 && unexpected === 0) {
    totals.failed += 1;
    suites.push(`playwright exited with status ${playwrightStatus} (errors outside tests)`);
  }
} else {
  totals.failed += 1;
  suites.push('playwright: no results (the run itself failed)');
}

// After Playwright, whose web server has just built dist/: the Lighthouse bench's smoke run serves that build.
const benchStatus = run('node', ['bench/run.mjs', '--smoke', '--results', '.tmp/bench-smoke-results.json']);
const benches = readJson('.tmp/bench-smoke-results.json');
if (Array.isArray(benches) && benches.length > 0) {
  const passed = benches.filter((b) => b.passed).length;
  totals.passed += passed;
  totals.failed += benches.length - passed;
  const failedNames = benches.filter((b) => !b.passed).map((b) => b.name);
  suites.push(
    `benches (smoke): ${passed} passed, ${benches.length - passed} failed${failedNames.length ? ` (${failedNames.join(', ')})` : ''}`,
  );
  if (benchStatus !== 0 && passed === benches.length) {
    totals.failed += 1;
    suites.push(`benches exited with status ${benchStatus} (errors outside the benches)`);
  }
} else {
  totals.failed += 1;
  suites.push('benches (smoke): no results (the run itself failed)');
}

finish();
