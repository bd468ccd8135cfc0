import type { Database } from '../db/client';
import type { Auth } from '../auth/auth';
import type { Logger } from '../logger';
import type { Env } from '../env';
import type { JobQueue } from '../jobs/job-queue';
import type { VoiceProvider } from '../providers/voice/voice-provider';
import type { SmsProvider } from '../providers/sms/sms-provider';
import type { EmailProvider } from '../providers/email/email-provider';
import type { LlmProvider } from '../providers/llm/llm-provider';
import type { RealtimeHub } from '../realtime/realtime-hub';
import type { BillingProvider } from '../providers/billing/billing-provider';
import type { LocalBillingProvider } from '../providers/billing/local-billing-provider';
import type { CreationLimit } from './creation-limit';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
}

/** The session a request was made with: a live stream ends with it. */
export interface RequestSession {
  id: string;
  expiresAt: Date;
}

export interface AppDeps {
  db: Database;
  auth: Auth;
  env: Pick<Env, 'ADMIN_EMAILS' | 'TRUST_PROXY' | 'APP_URL' | 'VAPI_WEBHOOK_SECRET'>;
  logger: Logger;
  jobs: JobQueue;
  voice: VoiceProvider;
  sms: SmsProvider;
  /** SMTP, or the local outbox an administrator reads. */
  email: EmailProvider;
  hub: RealtimeHub;
  /** Stripe, or the local test mode. */
  billing: BillingProvider;
  /** The same provider when payments run in local test mode (its checkout page), else null. */
  localBilling: LocalBillingProvider | null;
  /** The language model for test calls (LLM_* set), or null: the built-in assistant answers. */
  llm: LlmProvider | null;
  /** Model requests one account's test calls may make a day (LLM_DAILY_REQUESTS_PER_ACCOUNT). */
  llmDailyRequestsPerAccount: number;
  /** What /admin/settings reports about this process. */
  runtime: { version: string; startedAt: Date; database: 'pglite' | 'postgres' };
  /** Where the built web app lives; when absent only the API is served. */
  webRoot?: string;
  /** The per-account limit on test orders, when a test or a bench needs another than the product's. */
  testOrderLimit?: CreationLimit;
  /** What one account may do with test calls, when a test or a bench needs other limits than the product's. */
  testCallLimits?: TestCallLimits;
}

/** What one account may do with test calls (the product's own in modules/test-calls/test-call-limits.ts). */
export interface TestCallLimits {
  /** Test calls started, counted from the call log (every server instance agrees). */
  calls: CreationLimit;
  /** What the caller may say in one call; a real order takes a dozen turns. */
  turnsPerCall: number;
  /** Turns per account in a window, on this server (TEST_CALL_TURN_LIMIT, `COUNT/SECONDS`). */
  turns: { max: number; window: number };
  /** Turns of one account being answered at once, on this server. */
  turnsAtOnce: number;
  /** How long a built-in assistant's turn may run once a thread takes it up; TURN_BUDGET_MS unless set. */
  turnBudgetMs?: number;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    user: SessionUser;
    session: RequestSession;
  };
}
