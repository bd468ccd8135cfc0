import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3917);
/** Its own embedded database per run; set E2E_DATA_DIR when several runs share this checkout at once. */
const DATA_DIR = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';
const baseURL = `http://localhost:${PORT}`;

/** Debian's Chromium: Playwright never downloads a browser of its own here. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './e2e',
  outputDir: '.tmp/test-results',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // The longest flows (sign-up, six onboarding steps, then the test itself) take 15–20 s on a busy two-core machine,
  // and two or three times that with both cores taken by other work beside the suite.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright-results.json' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // A fresh embedded database every run; the production build, served the way `npm start` serves it.
    command: `rm -rf ${DATA_DIR} && vite build --logLevel warn && tsx src/server/index.ts`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      APP_URL: baseURL,
      DATA_DIR,
      ADMIN_EMAILS: 'admin@pickupline.test',
      LOGIN_RATE_LIMIT: '1000/60',
      LOG_LEVEL: 'warn',
      // The voice webhook's shared secret: e2e specs play Vapi's side of a phone call with it.
      VAPI_WEBHOOK_SECRET: 'e2e-vapi-secret',
    },
  },
});
