/**
 * `npm run bench` web row: Lighthouse (its default mobile emulation: a mid-range phone on a throttled 4G link,
 * simulated) on the public pages `/`, `/pricing`, `/login` and `/signup` of a production build served by the product
 * (`vite build`, then `tsx src/server/index.ts` in a child process on a free port, PGlite in a temporary DATA_DIR),
 * with Debian's Chromium (`CHROMIUM_PATH`, default /usr/bin/chromium) driven through chrome-launcher.
 *
 * Prints performance, accessibility, best practices and SEO per page with PASS/FAIL against 100, then every audit
 * that cost points, and writes the scores and those audits to `.tmp/bench-lighthouse.json`.
 * Env: BENCH_WEB_SKIP_BUILD=1 serves the dist/ already there; BENCH_WEB_PAGES (a comma list of paths) runs a subset;
 * BENCH_SMOKE=1 audits `/` alone, builds only when there is no dist/ yet, and judges no score.
 * Exits 0 when it ran, whatever the scores; 1 on errors (a page Lighthouse could not audit, a category not scored).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {
  createCleanups,
  describe,
  fullOrSmoke,
  logTo,
  machineFacts,
  printTable,
  resultsPath,
  SMOKE,
  smokeNote,
  verdict,
} from './lib/harness';
import { freePort, spawnServer } from './lib/spawn-server';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PAGES = (process.env.BENCH_WEB_PAGES ?? fullOrSmoke('/,/pricing,/login,/signup', '/'))
  .split(',')
  .map((p) => p.trim());
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TARGET = 100;
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const log = logTo('bench:web');
const { cleanups, runCleanups } = createCleanups(log);

interface PageResult {
  path: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  /** Audits below a full score that count towards a category, with what Lighthouse says about them. */
  losses: { id: string; title: string; score: number; displayValue?: string }[];
}

async function main() {
  const built = existsSync(path.join(ROOT, 'dist', 'index.html'));
  if (process.env.BENCH_WEB_SKIP_BUILD !== '1' && !(SMOKE && built)) {
    log('building the web app (vite build)');
    execFileSync(path.join(ROOT, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
  }

  const dataDir = mkdtempSync(path.join(tmpdir(), 'pickupline-bench-web-'));
  cleanups.add(() => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })));
  const port = await freePort();
  const appUrl = `http://localhost:${port}`;
  const server = await spawnServer({
    name: 'web',
    root: ROOT,
    script: 'src/server/index.ts',
    env: { APP_URL: appUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    port,
    healthPath: '/api/health',
  });
  cleanups.add(() => server.stop());

  const results: PageResult[] = [];
  for (const pagePath of PAGES) {
    const lhr = await audit(`${appUrl}${pagePath}`);
    const unscored = CATEGORIES.filter((id) => typeof lhr.categories[id]?.score !== 'number');
    if (unscored.length > 0) throw new Error(`${pagePath}: Lighthouse gave no score for ${unscored.join(', ')}`);
    const scores = Object.fromEntries(
      CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
    ) as PageResult['scores'];
    const weighted = new Set(
      CATEGORIES.flatMap((id) => (lhr.categories[id]?.auditRefs ?? []).filter((r) => r.weight > 0).map((r) => r.id)),
    );
    const losses = Object.values(lhr.audits)
      .filter((a) => weighted.has(a.id) && a.score !== null && a.score < 1)
      .map((a) => ({ id: a.id, title: a.title, score: a.score ?? 0, displayValue: a.displayValue }));
    results.push({ path: pagePath, scores, losses });
  }

  console.log(`\nLighthouse ${lighthouseVersion()} (mobile, simulated throttling) on ${CHROMIUM}, target ${TARGET}`);
  smokeNote();
  console.log();
  printTable(
    ['page', 'performance', 'accessibility', 'best practices', 'SEO', 'result'],
    results.map(({ path: p, scores }) => [
      p,
      ...CATEGORIES.map((c) => String(scores[c])),
      verdict(CATEGORIES.every((c) => scores[c] >= TARGET)),
    ]),
  );
  for (const { path: p, losses } of results) {
    for (const loss of losses) {
      const value = loss.displayValue ? ` (${loss.displayValue})` : '';
      console.log(`  ${p}: ${loss.id} ${Math.round(loss.score * 100)}: ${loss.title}${value}`);
    }
  }

  const out = resultsPath(ROOT, 'bench-lighthouse.json');
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify({ target: TARGET, machine: machineFacts(), results }, null, 2));
  console.log(`\nwrote ${path.relative(ROOT, out)}`);
}

/** One page in a fresh browser (nothing cached, no state from the page before); a failed trace is tried again. */
async function audit(url: string, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    log(`lighthouse ${url}`);
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
    const kill = () => Promise.resolve(chrome.kill());
    cleanups.add(kill);
    try {
      const runnerResult = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      const error = runnerResult ? runnerResult.lhr.runtimeError : { message: 'no result' };
      if (runnerResult && !error) return runnerResult.lhr;
      if (attempt >= attempts) throw new Error(`Lighthouse failed on ${url}: ${error?.message}`);
      log(`${url}: ${error?.message}; trying again`);
    } finally {
      cleanups.delete(kill);
      await kill();
    }
  }
}

function lighthouseVersion(): string {
  try {
    return execFileSync(process.execPath, ['-p', 'require("lighthouse/package.json").version'], {
      cwd: ROOT,
      encoding: 'utf8',
    }).trim();
  } catch {
    return '';
  }
}

main()
  .then(runCleanups)
  .catch(async (error: unknown) => {
    log(describe(error));
    await runCleanups();
    process.exit(1);
  });
