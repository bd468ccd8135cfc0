import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type DatabaseHandle } from './db/client';
import { createAuth } from './auth/auth';
import { createOwnerRecords } from './modules/restaurants/create-owner-records';
import { resolveAuthSecret } from './auth/auth-secret';
import { createApp } from './app';
import { createLogger, type Logger } from './logger';
import type { Env } from './env';
import { createVoiceProvider } from './providers/voice/create-voice-provider';
import { createSmsProvider } from './providers/sms/create-sms-provider';
import type { SmsProvider } from './providers/sms/sms-provider';
import { createEmailProvider } from './providers/email/create-email-provider';
import { queuePasswordResetEmail, queueVerificationEmail } from './modules/email/link-emails';
import { createLlmProvider } from './providers/llm/create-llm-provider';
import { createBillingProvider } from './providers/billing/create-billing-provider';
import { createLocalBillingProvider } from './providers/billing/local-billing-provider';
import { PRO_PLAN } from '@shared/product';
import { startServices } from './services';
import { testOrderLimitOf, type CreationLimit } from './http/creation-limit';
import { closeTurnThreads } from './modules/test-calls/turn-runner';
import { TEST_CALL_LIMITS } from './modules/test-calls/test-call-limits';
import { streamLimits } from './realtime/stream-limits';

export const defaultWebRoot = fileURLToPath(new URL('../../dist', import.meta.url));

/** The version in package.json, which /admin/settings shows. */
export const appVersion = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export interface Runtime {
  app: ReturnType<typeof createApp>;
  database: DatabaseHandle;
  logger: Logger;
  /** Ends open event streams, which would otherwise keep the HTTP server from closing. */
  closeStreams(): void;
  /** graceful: false stops without waiting for jobs in flight (what a crash leaves behind, for tests). */
  stop(options?: { graceful?: boolean }): Promise<void>;
}

export interface RuntimeOptions {
  webRoot?: string;
  /** A text-message provider in place of the one env configures (the crash test's Twilio over a fake api.twilio.com). */
  sms?: SmsProvider;
  /** How long a text may stay 'sending' before another worker retakes it; SENDING_LEASE_MS unless set. */
  sendingLeaseMs?: number;
  /** The per-account limit on test orders in place of the product's (a load test's many orders from one account). */
  testOrderLimit?: CreationLimit;
}

/** Wires the running product from a validated Env: database (migrated), auth, HTTP app. */
export async function createRuntime(
  env: Env,
  { webRoot = defaultWebRoot, sms: smsOverride, sendingLeaseMs, testOrderLimit }: RuntimeOptions = {},
): Promise<Runtime> {
  const logger = createLogger(env.LOG_LEVEL);
  const database = await openDatabase(
    env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: env.DATA_DIR },
  );
  const email = createEmailProvider(env, logger);
  const auth = createAuth({
    db: database.db,
    appUrl: env.APP_URL,
    secret: resolveAuthSecret(env.AUTH_SECRET, env.DATA_DIR),
    onOwnerSignedUp: createOwnerRecords,
    // Requests come in only once the server listens, after the job queue below has started.
    onPasswordResetRequested: (request) =>
      queuePasswordResetEmail({ db: database.db, jobs: services.jobs, email, logger }, request),
    onVerificationRequested: (request) =>
      queueVerificationEmail({ db: database.db, jobs: services.jobs, email, logger }, request),
    loginRateLimit: env.LOGIN_RATE_LIMIT,
    // Sessions end only through requests, which come in once the services below have started.
    onSessionsEnded: (sessionIds) => services.hub.endSessions(sessionIds),
    logger,
  });
  const voice = createVoiceProvider(env, logger);
  const sms = smsOverride ?? createSmsProvider(env, logger);
  const llm = createLlmProvider(env, logger);
  const local = createLocalBillingProvider({ db: database.db, appUrl: env.APP_URL, priceCents: PRO_PLAN.priceCents });
  const billing = createBillingProvider(env, logger, () => local);
  const localBilling = billing === local ? local : null;
  const services = await startServices({
    database,
    logger,
    voice,
    sms,
    email,
    billing,
    localBilling,
    appUrl: env.APP_URL,
    runWorkers: env.RUN_WORKERS,
    sendingLeaseMs,
    streamLimits: streamLimits(env),
  });

  const app = createApp({
    db: database.db,
    auth,
    env,
    logger,
    jobs: services.jobs,
    hub: services.hub,
    voice,
    sms,
    email,
    llm,
    llmDailyRequestsPerAccount: env.LLM_DAILY_REQUESTS_PER_ACCOUNT,
    billing,
    localBilling,
    runtime: { version: appVersion, startedAt: new Date(), database: database.pglite ? 'pglite' : 'postgres' },
    webRoot: path.resolve(webRoot),
    testOrderLimit: testOrderLimit ?? testOrderLimitOf(env.TEST_ORDER_LIMIT),
    testCallLimits: { ...TEST_CALL_LIMITS, turns: env.TEST_CALL_TURN_LIMIT },
  });
  return {
    app,
    database,
    logger,
    closeStreams: () => services.hub.closeAll(),
    async stop(options) {
      await services.stop(options);
      await closeTurnThreads();
      await database.close();
    },
  };
}
