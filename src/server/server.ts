import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type DatabaseHandle } from './db/client';
import { createAuth } from './auth/auth';
import { resolveAuthSecret } from './auth/auth-secret';
import { createApp } from './app';
import { createLogger, type Logger } from './logger';
import type { Env } from './env';
import { startJobQueue } from './jobs/job-queue';
import { createVoiceProvider } from './providers/voice/create-voice-provider';
import { recoverPendingProvisioning, startPhoneProvisioningWorker } from './modules/phone-system/phone-system.service';

export const defaultWebRoot = fileURLToPath(new URL('../../dist', import.meta.url));

export interface Runtime {
  app: ReturnType<typeof createApp>;
  database: DatabaseHandle;
  logger: Logger;
  stop(): Promise<void>;
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
    loginRateLimit: env.LOGIN_RATE_LIMIT,
    logger,
  });
  const jobs = await startJobQueue(database, logger);
  const voice = createVoiceProvider(env, logger);
  await startPhoneProvisioningWorker({ db: database.db, voice, logger, jobs });
  const recovered = await recoverPendingProvisioning(database.db, jobs);
  if (recovered > 0) logger.info({ recovered }, 're-queued unfinished phone system setups');

  const app = createApp({ db: database.db, auth, env, logger, jobs, voice, webRoot: path.resolve(webRoot) });
  return {
    app,
    database,
    logger,
    async stop() {
      await jobs.stop({ graceful: true, wait: true, timeout: 5_000 });
      await database.close();
    },
  };
}
