/**
 * The product's server for the crash test (src/server/crash-under-load.pg.int.test.ts): started as
 * src/server/index.ts starts it, with one difference: texts go out through the real Twilio provider to a fake
 * api.twilio.com shared by every process through files (file-twilio-api.ts), so that what Twilio accepted survives
 * the process that sent it being killed.
 *
 * Env: as src/server/index.ts, plus CRASH_DIR (the test's directory, where the fake Twilio account lives) and
 * CRASH_SENDING_LEASE_MS (how long a text may stay 'sending' before another worker retakes it).
 *
 * Loading the code takes many seconds on a busy machine, and is not what a restart puts to the test, so a replacement
 * can be launched ahead of time: it loads, then starts the runtime (database, job queue, the start-up sweep of
 * unfinished work) and listens only once a line arrives on stdin. Then it writes `{"listening":PORT}` to stdout.
 */
import { once } from 'node:events';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { loadEnv } from '../src/server/env';
import { createRuntime } from '../src/server/server';
import { createTwilioSmsProvider } from '../src/server/providers/sms/twilio-sms-provider';
import { CRASH_TWILIO, createFileTwilioApi } from './file-twilio-api';

const dir = process.env.CRASH_DIR;
const sendingLeaseMs = Number(process.env.CRASH_SENDING_LEASE_MS);
if (!dir || !(sendingLeaseMs > 0)) throw new Error('crash-server needs CRASH_DIR and CRASH_SENDING_LEASE_MS');

const env = loadEnv();
await once(process.stdin.setEncoding('utf8'), 'data');
process.stdin.destroy();
const sms = createTwilioSmsProvider({
  ...CRASH_TWILIO,
  httpClient: createFileTwilioApi(dir),
  // Nothing would call the status callback back: texts stay 'sent', as with a laptop's APP_URL.
  withStatusCallbacks: false,
});
// The API alone: with no web app to serve, a build rewriting dist/ meanwhile cannot get in the way.
const runtime = await createRuntime(env, { webRoot: path.join(dir, 'no-web-app'), sms, sendingLeaseMs });
const server = serve({ fetch: runtime.app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  process.stdout.write(`${JSON.stringify({ listening: info.port })}\n`);
});

// A clean stop at the end of the test, as index.ts stops on SIGTERM; the crashes are SIGKILL, which nothing handles.
process.once('SIGTERM', () => {
  runtime.closeStreams();
  server.close(() => {
    runtime.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
  setTimeout(() => process.exit(1), 10_000).unref();
});
