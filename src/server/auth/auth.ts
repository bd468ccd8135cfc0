import { AsyncLocalStorage } from 'node:async_hooks';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { PRODUCT_NAME } from '@shared/product';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@shared/contracts/auth';
import { PASSWORD_RESET_LINK_MINUTES } from '@shared/domain/emails';
import type { Database, Transaction } from '../db/client';
import { account, rateLimit, session, user, verification } from '../db/schema';
import type { Logger } from '../logger';
import { confirmEmailOwnership } from './admin-role';
import { dropResetLink, storedResetIdentifier, voidOlderResetLinks, voidResetLinks } from './reset-links';
import { emailVerificationOptions, type VerificationRequest } from './email-verification';

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
  /**
   * Queues the e-mail with a password reset link (the e-mail module registers it). Called only for an address that
   * has an account, inside the request: it must queue, not send, so that the answer takes as long either way.
   * Answers whether the e-mail was queued (false when the account's hourly cap held it back).
   */
  onPasswordResetRequested: (request: PasswordResetRequest) => Promise<boolean>;
  /**
   * Queues the e-mail with the link that confirms an owner's address (the e-mail module registers it): at sign-up and
   * on request. Without it no such e-mail is sent.
   */
  onVerificationRequested?: (request: VerificationRequest) => Promise<void>;
  /**
   * Told of each session once it is deleted (signed out, revoked, ended by a password change or a reset, or found
   * expired), after the deletion has committed and before the request that did it answers: the realtime hub ends
   * the session's live streams.
   */
  onSessionsEnded?: (sessionIds: string[]) => Promise<void>;
}

export interface PasswordResetRequest {
  userId: string;
  email: string;
  name: string;
  /** The link to put in the e-mail: it checks the token, then opens the app's /reset-password page with it. */
  url: string;
}

/** The app's page where an owner chooses a new password; better-auth sends the link there with ?token=… */
export const RESET_PASSWORD_PAGE = '/reset-password';

/**
 * Every answer to a request for a reset link takes at least this long. For an address with an account the request
 * also writes the token and queues the e-mail (some tens of milliseconds more), which the timing would otherwise tell.
 */
export const PASSWORD_RESET_REQUEST_MIN_MS = 250;

const DAY_SECONDS = 24 * 60 * 60;

/** The origins the app is reached from: APP_URL's, plus its local aliases when it runs on this machine. */
export function trustedOriginsFor(appUrl: string): string[] {
  const url = new URL(appUrl);
  if (url.hostname !== 'localhost' && url.hostname !== '127.0.0.1') return [url.origin];
  // Locally the same server is reached as localhost and as 127.0.0.1, and through the Vite dev server (npm run dev:web).
  const port = url.port ? `:${url.port}` : '';
  return [`${url.protocol}//localhost${port}`, `${url.protocol}//127.0.0.1${port}`, 'http://localhost:5173'];
}

export function createAuth({
  db,
  appUrl,
  secret,
  loginRateLimit,
  logger,
  onOwnerSignedUp,
  onPasswordResetRequested,
  onVerificationRequested,
  onSessionsEnded,
}: AuthOptions) {
  // better-auth runs sign-up in a transaction but hides the drizzle transaction from hooks; we keep it here so
  // the owner's rows are written in that same transaction.
  const currentTx = new AsyncLocalStorage<Transaction>();
  const adapterDb = Object.create(db) as Database;
  adapterDb.transaction = (fn, config) => db.transaction((tx) => currentTx.run(tx, () => fn(tx)), config);
  const resetRequestStarts = new WeakMap<Request, number>();

  // Confirming an address asks who is signed in, which needs the finished instance (set below).
  let signedInUserId: (headers: Headers) => Promise<string | null> = () => Promise.resolve(null);

  const auth = betterAuth({
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
      resetPasswordTokenExpiresIn: PASSWORD_RESET_LINK_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      // The link always leads to our own page, whatever redirectTo the request named: better-auth's callback checks
      // the token and redirects to /reset-password?token=… (or ?error=INVALID_TOKEN when it is unknown or expired).
      // A new password set through an e-mailed link proves the mailbox, and every other session is gone by now.
      // better-auth deletes only the link that was used: every other one the account was sent dies with the password.
      onPasswordReset: async ({ user: owner }) => {
        await voidResetLinks(db, owner.id);
        await confirmEmailOwnership(db, owner.id);
      },
      sendResetPassword: async ({ user: owner, token }) => {
        const callbackUrl = encodeURIComponent(`${appUrl}${RESET_PASSWORD_PAGE}`);
        const isQueued = await onPasswordResetRequested({
          userId: owner.id,
          email: owner.email,
          name: owner.name,
          url: `${appUrl}/api/auth/reset-password/${encodeURIComponent(token)}?callbackURL=${callbackUrl}`,
        });
        // Only the newest link e-mailed works. One the hourly cap held back was never sent: it goes, and the older
        // links (already in the owner's mailbox) keep working.
        if (isQueued) await voidOlderResetLinks(db, { userId: owner.id, token });
        else await dropResetLink(db, token);
      },
    },
    ...(onVerificationRequested && {
      emailVerification: emailVerificationOptions({
        appUrl,
        db,
        logger,
        onVerificationRequested,
        signedInUserId: (headers) => signedInUserId(headers),
      }),
    }),
    // The verification row holds only a hash of a reset token; the link itself is only in the e-mail it was sent in.
    verification: {
      storeIdentifier: {
        default: 'plain',
        overrides: { 'reset-password:': { hash: (identifier) => Promise.resolve(storedResetIdentifier(identifier)) } },
      },
    },
    session: {
      expiresIn: 30 * DAY_SECONDS,
      updateAge: DAY_SECONDS,
      // Settings → Account lists the owner's signed-in devices (list-sessions). better-auth serves that list only to
      // a session signed in within freshAge (a day by default), counted from sign-in however active it has been
      // since; 0 serves it to every valid session. Nothing else here asks for a fresh session (account deletion,
      // e-mail change and linked accounts are off), and revoking a session needs a valid one either way.
      freshAge: 0,
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/email': loginRateLimit,
        '/sign-up/email': loginRateLimit,
        '/request-password-reset': loginRateLimit,
        '/reset-password': loginRateLimit,
        '/reset-password/*': loginRateLimit,
        // Each attempt checks the current password, like a sign-in.
        '/change-password': loginRateLimit,
        // Each one sends an e-mail (and the account's hourly cap applies on top).
        '/send-verification-email': loginRateLimit,
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => crypto.randomUUID() },
      // Behind https the session cookie is Secure and __Secure- prefixed, whatever NODE_ENV says.
      useSecureCookies: new URL(appUrl).protocol === 'https:',
    },
    hooks: {
      before: createAuthMiddleware((ctx) => {
        if (ctx.path === '/request-password-reset' && ctx.request) {
          resetRequestStarts.set(ctx.request, performance.now());
        }
        return Promise.resolve(ctx.path === '/change-password' ? revokingOtherSessions(ctx.body) : undefined);
      }),
      after: createAuthMiddleware(async (ctx) => {
        // A new password chosen in the account settings voids the reset links the account was sent. better-auth sets
        // the new session only once the password is stored (revokeOtherSessions is always on, see below).
        const changedBy = ctx.path === '/change-password' ? ctx.context.newSession : null;
        if (changedBy) await voidResetLinks(db, changedBy.user.id);
        const startedAt = ctx.request ? resetRequestStarts.get(ctx.request) : undefined;
        if (startedAt === undefined) return;
        const remaining = PASSWORD_RESET_REQUEST_MIN_MS - (performance.now() - startedAt);
        if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
      }),
    },
    databaseHooks: {
      session: {
        delete: {
          after: async (deleted) => {
            try {
              await onSessionsEnded?.([deleted.id]);
            } catch (error) {
              // The session is gone either way; its streams also end at the next check of open streams' sessions.
              logger.warn({ err: error }, 'could not end the live streams of a deleted session');
            }
          },
        },
      },
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
  signedInUserId = async (headers) => (await auth.api.getSession({ headers }))?.user.id ?? null;
  return auth;
}

/**
 * A password change signs out every other device of the account, whatever the request asked: the change goes on
 * with revokeOtherSessions set, so better-auth deletes the account's sessions in the same transaction as it stores
 * the new password, and gives the browser that changed it a new session (its cookie is replaced in the answer).
 */
function revokingOtherSessions(body: unknown) {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  return { context: { body: { ...body, revokeOtherSessions: true } } };
}

export type Auth = ReturnType<typeof createAuth>;
