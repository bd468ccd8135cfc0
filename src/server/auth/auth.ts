import { AsyncLocalStorage } from 'node:async_hooks';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { eq } from 'drizzle-orm';
import { PRODUCT_NAME } from '@shared/product';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@shared/contracts/auth';
import type { Database, Transaction } from '../db/client';
import { account, rateLimit, session, user, verification } from '../db/schema';
import type { Logger } from '../logger';

/** The header our server sets from the socket (or, behind a trusted proxy, X-Forwarded-For) for rate limiting. */
export const CLIENT_IP_HEADER = 'x-pickupline-client-ip';

export interface AuthOptions {
  db: Database;
  appUrl: string;
  secret: string;
  loginRateLimit: { max: number; window: number };
  logger: Logger;
  /**
   * Writes a new owner's own rows (the restaurants module registers it). Runs inside the sign-up transaction, so a
   * failure here rolls the whole sign-up back.
   */
  onOwnerSignedUp: (tx: Database | Transaction, owner: { userId: string; name: string }) => Promise<void>;
}

const DAY_SECONDS = 24 * 60 * 60;

function trustedOriginsFor(appUrl: string): string[] {
  const url = new URL(appUrl);
  if (url.hostname !== 'localhost' && url.hostname !== '127.0.0.1') return [url.origin];
  // Locally the same server is reached as localhost and as 127.0.0.1, and through the Vite dev server (npm run dev:web).
  const port = url.port ? `:${url.port}` : '';
  return [`${url.protocol}//localhost${port}`, `${url.protocol}//127.0.0.1${port}`, 'http://localhost:5173'];
}

export function createAuth({ db, appUrl, secret, loginRateLimit, logger, onOwnerSignedUp }: AuthOptions) {
  // better-auth runs sign-up in a transaction but hides the drizzle transaction from hooks; we keep it here so
  // the owner's rows are written in that same transaction.
  const currentTx = new AsyncLocalStorage<Transaction>();
  const adapterDb = Object.create(db) as Database;
  adapterDb.transaction = (fn, config) => db.transaction((tx) => currentTx.run(tx, () => fn(tx)), config);

  return betterAuth({
    appName: PRODUCT_NAME,
    baseURL: appUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: trustedOriginsFor(appUrl),
    database: drizzleAdapter(adapterDb, {
      provider: 'pg',
      schema: { user, session, account, verification, rateLimit },
      transaction: true,
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
    },
    session: {
      expiresIn: 30 * DAY_SECONDS,
      updateAge: DAY_SECONDS,
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/email': loginRateLimit,
        '/sign-up/email': loginRateLimit,
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => crypto.randomUUID() },
    },
    databaseHooks: {
      account: {
        create: {
          // Runs inside the sign-up transaction once the user row exists (user.create.after runs only after commit).
          before: async (data) => {
            if (data.providerId !== 'credential') return;
            const tx = currentTx.getStore() ?? db;
            const [owner] = await tx.select({ name: user.name }).from(user).where(eq(user.id, data.userId));
            if (!owner) throw new Error(`account for unknown user ${data.userId}`);
            await onOwnerSignedUp(tx, { userId: data.userId, name: owner.name });
          },
        },
      },
    },
    logger: {
      log: (level, message, ...args) => {
        const fn = level === 'error' ? logger.error : level === 'warn' ? logger.warn : logger.debug;
        fn.call(logger, { args: args.length ? args : undefined }, `auth: ${message}`);
      },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
