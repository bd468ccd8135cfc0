import { createApp } from '../src/server/app';
import { appVersion } from '../src/server/server';
import { createAuth } from '../src/server/auth/auth';
import { createOwnerRecords } from '../src/server/modules/restaurants/create-owner-records';
import { createLogger } from '../src/server/logger';
import type { DestinationStream } from 'pino';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client';
import { createTestDatabase } from './test-database';
import { createLocalVoiceProvider } from '../src/server/providers/voice/local-voice-provider';
import type { VoiceProvider } from '../src/server/providers/voice/voice-provider';
import { createLocalSmsProvider } from '../src/server/providers/sms/local-sms-provider';
import type { SmsProvider } from '../src/server/providers/sms/sms-provider';
import { createLocalEmailProvider } from '../src/server/providers/email/local-email-provider';
import type { EmailProvider } from '../src/server/providers/email/email-provider';
import { queuePasswordResetEmail, queueVerificationEmail } from '../src/server/modules/email/link-emails';
import { and, desc, eq } from 'drizzle-orm';
import { emails } from '../src/server/db/schema';
import type { LlmProvider } from '../src/server/providers/llm/llm-provider';
import { startServices } from '../src/server/services';
import type { Database } from '../src/server/db/client';
import type { BillingProvider } from '../src/server/providers/billing/billing-provider';
import { createLocalBillingProvider } from '../src/server/providers/billing/local-billing-provider';
import { PRO_PLAN } from '../src/shared/product';
import type { CreationLimit } from '../src/server/http/creation-limit';
import type { TestCallLimits } from '../src/server/http/types';
import type { ToolDeps } from '../src/server/modules/voice/tool-executor';
import { TEST_CALL_LIMITS } from '../src/server/modules/test-calls/test-call-limits';
import { DEFAULT_HEARTBEAT_MS, type StreamLimits } from '../src/server/realtime/stream-limits';

export const TEST_ORIGIN = 'http://localhost:3000';

export interface TestAppOptions {
  adminEmails?: string[];
  /**
   * Whether signUp confirms an ADMIN_EMAILS address at once, by opening the confirmation link from the outbox in the
   * signed-up browser, so the account is an administrator as soon as signUp returns (true by default). Tests of the
   * confirmation itself turn it off.
   */
  confirmAdminEmails?: boolean;
  loginRateLimit?: { max: number; window: number };
  /** Run the background workers (phone provisioning, texts) as the real server does. */
  withWorkers?: boolean;
  voice?: VoiceProvider;
  sms?: SmsProvider;
  /** Where e-mails go; the local outbox by default. */
  email?: EmailProvider;
  /** A language model for test calls (a fake OpenAI-compatible server in tests); none by default. */
  llm?: LlmProvider | null;
  /** Model requests one account may make a day; 300, the product's default, unless set. */
  llmDailyRequestsPerAccount?: number;
  /**
   * Use this existing PostgreSQL database (migrated on open) instead of a fresh one, e.g. for two app instances on
   * one database. close() then leaves the database in place: whoever created it drops it.
   */
  databaseUrl?: string;
  /** VAPI_WEBHOOK_SECRET: the shared secret voice-provider webhooks must carry; unset refuses them all. */
  vapiWebhookSecret?: string;
  /** The payment provider; the local test mode by default. */
  billing?: (db: Database) => BillingProvider;
  /** The local test mode's clock, for renewals and trials in tests. */
  billingNow?: () => Date;
  /** Where the app's log goes, at level debug, for a test that reads it; silent when left out. */
  logDestination?: DestinationStream;
  /** The per-account limit on test orders in place of the product's, for a test that needs many orders. */
  testOrderLimit?: CreationLimit;
  /**
   * What one account may do with test calls. Unless set, the product's limits with room for many calls and turns a
   * minute (scripted calls run dozens of calls through one owner); a test of the limits sets its own.
   */
  testCallLimits?: TestCallLimits;
  /** Caps on live streams; 10 per account and 1,000 in all unless set. */
  streamLimits?: StreamLimits;
}

/** The real app on a fresh database, driven in-process through app.request(). */
export async function createTestApp({
  adminEmails = [],
  confirmAdminEmails = true,
  loginRateLimit = { max: 1000, window: 60 },
  withWorkers = false,
  voice = createLocalVoiceProvider(TEST_ORIGIN),
  sms = createLocalSmsProvider(),
  email = createLocalEmailProvider({ from: 'PickupLine <no-reply@localhost>' }),
  llm = null,
  llmDailyRequestsPerAccount = 300,
  databaseUrl,
  vapiWebhookSecret,
  billing: makeBilling,
  billingNow,
  logDestination,
  testOrderLimit,
  testCallLimits = {
    ...TEST_CALL_LIMITS,
    calls: { ...TEST_CALL_LIMITS.calls, limit: 10_000 },
    turns: { max: 10_000, window: 60 },
  },
  streamLimits = { perUser: 10, total: 1_000, heartbeatMs: DEFAULT_HEARTBEAT_MS },
}: TestAppOptions = {}) {
  const database: DatabaseHandle = databaseUrl
    ? await openDatabase({ kind: 'postgres', url: databaseUrl })
    : await createTestDatabase();
  const logger = logDestination ? createLogger('debug', logDestination) : createLogger('silent');
  const auth = createAuth({
    db: database.db,
    appUrl: TEST_ORIGIN,
    secret: 'test-secret-that-is-at-least-32-characters-long',
    onOwnerSignedUp: createOwnerRecords,
    onPasswordResetRequested: (request) =>
      queuePasswordResetEmail({ db: database.db, jobs: services.jobs, email, logger }, request),
    onVerificationRequested: (request) =>
      queueVerificationEmail({ db: database.db, jobs: services.jobs, email, logger }, request),
    loginRateLimit,
    onSessionsEnded: (sessionIds) => services.hub.endSessions(sessionIds),
    logger,
  });
  const localBilling = makeBilling
    ? null
    : createLocalBillingProvider({
        db: database.db,
        appUrl: TEST_ORIGIN,
        priceCents: PRO_PLAN.priceCents,
        ...(billingNow ? { now: billingNow } : {}),
      });
  const billing = makeBilling ? makeBilling(database.db) : localBilling!;
  const services = await startServices({
    database,
    logger,
    voice,
    sms,
    email,
    billing,
    localBilling,
    appUrl: TEST_ORIGIN,
    runWorkers: withWorkers,
    streamLimits,
  });
  const { jobs, hub } = services;
  const app = createApp({
    db: database.db,
    auth,
    logger,
    jobs,
    hub,
    voice,
    sms,
    email,
    llm,
    llmDailyRequestsPerAccount,
    billing,
    localBilling,
    runtime: { version: appVersion, startedAt: new Date(), database: database.pglite ? 'pglite' : 'postgres' },
    env: {
      ADMIN_EMAILS: adminEmails,
      TRUST_PROXY: false,
      APP_URL: TEST_ORIGIN,
      VAPI_WEBHOOK_SECRET: vapiWebhookSecret,
    },
    ...(testOrderLimit && { testOrderLimit }),
    testCallLimits,
  });

  async function request(path: string, init: RequestInit & { cookie?: string; json?: unknown } = {}) {
    const headers = new Headers(init.headers);
    headers.set('origin', TEST_ORIGIN);
    if (init.cookie) headers.set('cookie', init.cookie);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    return app.request(path, { ...init, headers, body });
  }

  /** Signs an owner up and returns the session cookie to send with later requests. */
  async function signUp({
    name = 'Test Owner',
    email,
    password = 'secret123',
  }: {
    name?: string;
    email: string;
    password?: string;
  }) {
    const response = await request('/api/auth/sign-up/email', { method: 'POST', json: { name, email, password } });
    if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
    const body = (await response.json()) as { user: { id: string } };
    const cookie = sessionCookie(response);
    if (confirmAdminEmails && adminEmails.includes(email.toLowerCase())) {
      await openVerificationLink(body.user.id, cookie);
    }
    return { cookie, userId: body.user.id };
  }

  /** The link in the newest confirmation e-mail an account was sent (from the outbox). */
  async function verificationLinkFor(userId: string): Promise<string> {
    const [latest] = await database.db
      .select({ text: emails.text })
      .from(emails)
      .where(and(eq(emails.userId, userId), eq(emails.kind, 'email_verification')))
      .orderBy(desc(emails.createdAt))
      .limit(1);
    const link = latest?.text.match(/https?:\/\/\S*\/api\/auth\/verify-email\S*/)?.[0];
    if (!link) throw new Error(`no confirmation link in the outbox for ${userId}`);
    return link;
  }

  /** Opens the newest confirmation link of an account, signed in with `cookie` (or signed out without it). */
  async function openVerificationLink(userId: string, cookie?: string): Promise<Response> {
    const url = new URL(await verificationLinkFor(userId));
    return request(url.pathname + url.search, cookie ? { cookie } : {});
  }

  async function close() {
    await services.stop({ graceful: false });
    await database.close();
  }

  return {
    app,
    auth,
    db: database.db,
    database,
    jobs,
    hub,
    billing,
    localBilling,
    logger,
    request,
    signUp,
    verificationLinkFor,
    openVerificationLink,
    close,
  };
}

export function sessionCookie(response: Response): string {
  const cookies = response.headers.getSetCookie();
  const session = cookies.find((c) => c.startsWith('better-auth.session_token='));
  if (!session) throw new Error('no session cookie in response');
  return session.split(';')[0]!;
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** What the assistant's tools (and the services they share) need, on this test app, texting through the local outbox. */
export function toolDepsOf(t: TestApp): ToolDeps {
  return { db: t.db, hub: t.hub, jobs: t.jobs, sms: createLocalSmsProvider(), logger: createLogger('silent') };
}
