#!/usr/bin/env node
// The whole test suite: unit and integration (vitest), then browser tests (Playwright on Debian's Chromium).
// Ends with one line "N passed, N failed" summing every suite; exits non-zero if anything failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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

mkdirSync('.tmp', { recursive: true });
rmSync('.tmp/vitest-results.json', { force: true });
rmSync('.tmp/playwright-results.json', { force: true });
ensureChromium();

const totals = { passed: 0, failed: 0 };
const suites = [];

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

console.log('');
for (const line of suites) console.log(`  ${line}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
