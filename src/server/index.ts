import { serve } from '@hono/node-server';
import { EnvError, loadEnv } from './env';
import { createRuntime } from './server';
import { DataDirLockedError } from './db/data-dir-lock';

async function main() {
  const env = loadEnv();
  const runtime = await createRuntime(env);
  const { logger } = runtime;
  const server = serve({ fetch: runtime.app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    logger.info(
      { port: info.port, database: runtime.database.kind },
      `PickupLine is listening on ${env.APP_URL} (database: ${runtime.database.kind === 'pglite' ? `embedded, in ${env.DATA_DIR}` : 'PostgreSQL'})`,
    );
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    runtime.closeStreams();
    server.close(() => {
      runtime.stop().then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, 'error while shutting down');
          process.exit(1);
        },
      );
    });
    // A request that never finishes must not keep the process alive.
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof EnvError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('PickupLine failed to start:', error);
  }
  process.exit(1);
});
