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
import { createLlmProvider } from './providers/llm/create-llm-provider';
import { createBillingProvider } from './providers/billing/create-billing-provider';
import { createLocalBillingProvider } from './providers/billing/local-billing-provider';
import { PRO_PLAN } from '@shared/product';
import { startServices } from './services';

export const defaultWebRoot = fileURLToPath(new URL('../../dist', import.meta.url));

export interface Runtime {
  app: ReturnType<typeof createApp>;
  database: DatabaseHandle;
  logger: Logger;
  /** Ends open event streams, which would otherwise keep the HTTP server from closing. */
  closeStreams(): void;
  /** graceful: false stops without waiting for jobs in flight (what a crash leaves behind, for tests). */
  stop(options?: { graceful?: boolean }): Promise<void>;
}

/** Wires the running product from a validated Env: database (migrated), auth, HTTP app. */
export async function createRuntime(env: Env, { webRoot = defaultWebRoot } = {}): Promise<Runtime> {
  const logger = createLogger(env.LOG_LEVEL);
  const database = await openDatabase(
    env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: env.DATA_DIR },
  );
  const auth = createAuth({
    db: database.db,
    appUrl: env.APP_URL,
    secret: resolveAuthSecret(env.AUTH_SECRET, env.DATA_DIR),
    onOwnerSignedUp: createOwnerRecords,
    loginRateLimit: env.LOGIN_RATE_LIMIT,
    logger,
  });
  const voice = createVoiceProvider(env, logger);
  const sms = createSmsProvider(env, logger);
  const llm = createLlmProvider(env, logger);
  const local = createLocalBillingProvider({ db: database.db, appUrl: env.APP_URL, priceCents: PRO_PLAN.priceCents });
  const billing = createBillingProvider(env, logger, () => local);
  const localBilling = billing === local ? local : null;
  const services = await startServices({
    database,
    logger,
    voice,
    sms,
    billing,
    localBilling,
    appUrl: env.APP_URL,
    runWorkers: env.RUN_WORKERS,
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
    llm,
    billing,
    localBilling,
    webRoot: path.resolve(webRoot),
  });
  return {
    app,
    database,
    logger,
    closeStreams: () => services.hub.closeAll(),
    async stop(options) {
      await services.stop(options);
      await database.close();
    },
  };
}
