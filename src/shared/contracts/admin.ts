import { z } from 'zod';
import { singleLineText, tooLong } from './text';
import type { BillingStatus, ProviderSubscriptionStatus, SubscriptionStatus } from '../domain/subscription';
import type { PhoneSystemStatus } from '../domain/phone-system';
import type { CallKind, CallOutcome, CallStatus } from '../domain/calls';
import { APP_SETTING_LIMITS, type AppSettings } from '../domain/app-settings';
import { formatCents } from '../domain/money';

export const EXTEND_TRIAL_MIN_DAYS = 1;
export const EXTEND_TRIAL_MAX_DAYS = 90;

export const adminUserParamsSchema = z.object({
  id: z.uuid('Enter a valid user id'),
});
export type AdminUserParams = z.infer<typeof adminUserParamsSchema>;

export const extendTrialRequestSchema = z.object({
  days: z
    .number('Days must be a whole number')
    .int('Days must be a whole number')
    .min(EXTEND_TRIAL_MIN_DAYS, `Days must be between ${EXTEND_TRIAL_MIN_DAYS} and ${EXTEND_TRIAL_MAX_DAYS}`)
    .max(EXTEND_TRIAL_MAX_DAYS, `Days must be between ${EXTEND_TRIAL_MIN_DAYS} and ${EXTEND_TRIAL_MAX_DAYS}`)
    .optional(),
});
export type ExtendTrialRequest = z.infer<typeof extendTrialRequestSchema>;

export interface AdminStats {
  totalUsers: number;
  /** On the trial with days left, and no paid plan yet (planAccess 'trial'). */
  activeTrials: number;
  /** Neither a trial with days left nor a paying plan (planAccess 'expired'). */
  expiredTrials: number;
  completedOnboarding: number;
}

/** One account as the administrator sees it. Derived trial fields are computed on the server at response time. */
export interface AdminUser {
  id: string;
  name: string;
  email: string;
  restaurantName: string | null;
  subscriptionStatus: SubscriptionStatus;
  trialEndsAt: string | null;
  trialDaysLeft: number | null;
  /** Neither the trial nor a paid plan covers today (planAccess 'expired'): the account takes no new orders. */
  isTrialExpired: boolean;
  hasCompletedOnboarding: boolean;
  onboardingStep: number;
  createdAt: string;
  /**
   * The paid plan as the billing page names it (status 'trial' when the account never subscribed), with the
   * provider's own status: 'trialing' is a trial converted to the plan, first charged at currentPeriodEnd.
   */
  plan: {
    status: BillingStatus;
    providerStatus: ProviderSubscriptionStatus | null;
    currentPeriodEnd: string | null;
    cancelAtPeriodEnd: boolean;
  };
  phoneStatus: PhoneSystemStatus;
  /** When the restaurant's newest order came in (phone or test), or null before its first. */
  lastOrderAt: string | null;
}

// ---------------------------------------------------------------------------------------------------------------
// /admin/users: search, one filter, a sort, keyset pages. The same query drives the CSV export.

/** The account groups /admin/users filters by; each is one server-side condition. */
export const ADMIN_USER_FILTERS = [
  'trial',
  'expired',
  'active',
  'canceling',
  'onboarding_incomplete',
  'phone_failed',
] as const;
export type AdminUserFilter = (typeof ADMIN_USER_FILTERS)[number];

export const ADMIN_USER_FILTER_LABELS: Record<AdminUserFilter, string> = {
  trial: 'On trial',
  expired: 'Trial expired',
  active: 'Paying',
  canceling: 'Canceling',
  onboarding_incomplete: 'Onboarding incomplete',
  phone_failed: 'Phone setup failed',
};

export const ADMIN_USER_SORTS = ['created', 'trial_end', 'last_order'] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];

export const ADMIN_USER_SORT_LABELS: Record<AdminUserSort, string> = {
  created: 'Signed up',
  trial_end: 'Trial end',
  last_order: 'Last order',
};

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const ADMIN_USERS_PAGE_SIZE = 50;
export const ADMIN_USERS_MAX_PAGE_SIZE = 100;
export const ADMIN_SEARCH_MAX_LENGTH = 100;
/** The CSV export holds every account in the view, up to this many rows. */
export const ADMIN_EXPORT_MAX_ROWS = 50_000;

/** The view: what the URL of /admin/users holds, and what the list and the export are asked for. */
export const adminUsersViewSchema = z.object({
  q: singleLineText()
    .max(ADMIN_SEARCH_MAX_LENGTH, tooLong('Search', ADMIN_SEARCH_MAX_LENGTH))
    .optional()
    .transform((v) => v || undefined),
  filter: z.enum(ADMIN_USER_FILTERS, { error: 'Choose a filter from the list' }).optional(),
  sort: z.enum(ADMIN_USER_SORTS, { error: 'Choose a sort from the list' }).default('created'),
  dir: z.enum(SORT_DIRECTIONS, { error: "Direction must be 'asc' or 'desc'" }).default('desc'),
});
export type AdminUsersView = z.infer<typeof adminUsersViewSchema>;

export const adminUsersQuerySchema = adminUsersViewSchema.extend({
  /** The previous page's nextCursor; opaque to the client. */
  cursor: z.string().max(500, 'Invalid cursor').optional(),
  limit: z.coerce
    .number('Limit must be a whole number')
    .int('Limit must be a whole number')
    .min(1, `Limit must be between 1 and ${ADMIN_USERS_MAX_PAGE_SIZE}`)
    .max(ADMIN_USERS_MAX_PAGE_SIZE, `Limit must be between 1 and ${ADMIN_USERS_MAX_PAGE_SIZE}`)
    .default(ADMIN_USERS_PAGE_SIZE),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export interface AdminUsersPage {
  users: AdminUser[];
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
}

// ---------------------------------------------------------------------------------------------------------------
// The details dialog.

export const ADMIN_ACTIONS = [
  'extend_trial',
  'retry_phone_setup',
  'update_settings',
  'retry_job',
  'grant_admin',
  'revoke_admin',
  'view_user',
  'export_users',
  'view_emails',
  'view_email',
  'resend_email',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

/** The operator's decisions about one account (npm run admin -- grant|revoke EMAIL), stored on the user. */
export const ADMIN_ROLE_DECISIONS = ['granted', 'revoked'] as const;
export type AdminRoleDecision = (typeof ADMIN_ROLE_DECISIONS)[number];

/** The actor the audit trail names for a change made with the operator command rather than in the app. */
export const OPERATOR_ACTOR_EMAIL = 'operator (npm run admin)';

export const ADMIN_ACTION_LABELS: Record<AdminAction, string> = {
  extend_trial: 'Extended trial',
  retry_phone_setup: 'Retried phone setup',
  update_settings: 'Changed settings',
  retry_job: 'Retried a failed job',
  grant_admin: 'Made an administrator',
  revoke_admin: 'Removed as administrator',
  view_user: 'Viewed the account',
  export_users: 'Exported accounts as CSV',
  view_emails: 'Viewed the e-mail outbox',
  view_email: 'Opened an e-mail',
  resend_email: 'Sent the owner a new link',
};

/**
 * One admin action, stored when it was taken and kept when the account it was about is deleted. Reads of personal data
 * (an account opened, the CSV export, the e-mail outbox and each e-mail opened) are actions too: for them `after` says
 * what was read, and `before` is null.
 */
export interface AdminAuditEntry {
  id: string;
  at: string;
  action: AdminAction;
  /** Who acted: the e-mail is kept as it was, so the trail reads the same after an account is gone. */
  actor: { id: string | null; email: string };
  /** The account acted on, or null for service-wide actions (settings, jobs). */
  targetUserId: string | null;
  /** What changed, field by field. */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export const ADMIN_AUDIT_LIMIT = 50;

export interface AdminSubscriptionDetails {
  provider: string;
  status: BillingStatus;
  providerStatus: ProviderSubscriptionStatus | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  paymentMethod: { brand: string; last4: string } | null;
  customerId: string | null;
  subscriptionId: string | null;
}

export interface AdminUserDetails extends AdminUser {
  /** Our copy of the payment provider's subscription, or null before the owner ever went to checkout. */
  subscription: AdminSubscriptionDetails | null;
  phone: {
    status: PhoneSystemStatus;
    error: string | null;
    phoneNumber: string | null;
    /** Whether Retry setup applies: onboarding is done and the set-up failed or never started. */
    canRetry: boolean;
  };
  orders: { last7Days: number; last30Days: number };
  /** The restaurant's IANA zone, for times about it (its last call); null until the owner has set one. */
  timeZone: string | null;
  lastCall: {
    kind: CallKind;
    status: CallStatus;
    outcome: CallOutcome | null;
    startedAt: string;
    durationSeconds: number | null;
  } | null;
  /** The newest admin actions on this account, newest first (at most ADMIN_AUDIT_LIMIT). */
  audit: AdminAuditEntry[];
}

// ---------------------------------------------------------------------------------------------------------------
// /admin/settings: the service's health and its runtime settings.

export const PROVIDER_KINDS = ['payments', 'texts', 'email', 'voice', 'llm'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

export const PROVIDER_KIND_LABELS: Record<ProviderKind, string> = {
  payments: 'Payments',
  texts: 'Text messages',
  email: 'E-mail',
  voice: 'Phone assistant',
  llm: 'Test-call language model',
};

export type ProviderMode = 'live' | 'test';

export interface ProviderStatus {
  kind: ProviderKind;
  /** Who serves it: 'Stripe', 'Twilio', 'Vapi', the model's name, or the built-in local provider. */
  provider: string;
  mode: ProviderMode;
}

export const WEBHOOK_PROVIDERS = ['stripe', 'vapi', 'twilio'] as const;
export type WebhookProvider = (typeof WEBHOOK_PROVIDERS)[number];

export interface WebhookStats {
  provider: WebhookProvider;
  lastReceivedAt: string | null;
  receivedCount: number;
  /** Deliveries answered with a 4xx: a bad signature or secret, or a body that is not the provider's. */
  rejectedCount: number;
  lastRejectedAt: string | null;
  lastRejectedStatus: number | null;
}

export interface QueueStats {
  name: string;
  /** Waiting to run, retries included. */
  queued: number;
  active: number;
  failed: number;
}

export interface FailedJob {
  id: string;
  queue: string;
  createdAt: string;
  failedAt: string | null;
  retryCount: number;
  error: string | null;
}

export interface FailedText {
  id: string;
  at: string;
  restaurantName: string | null;
  error: string | null;
}

/** One account's language-model requests on one day (UTC) of test calls. */
export interface ModelUsageDay {
  /** YYYY-MM-DD, in UTC. */
  day: string;
  accountId: string;
  restaurantName: string | null;
  email: string | null;
  /** Requests sent to the model; at most the daily cap. */
  requests: number;
  /** Requests not sent because the cap was reached (the built-in assistant answered instead). */
  refused: number;
}

export interface ModelUsage {
  /** Requests one account may make a day (LLM_DAILY_REQUESTS_PER_ACCOUNT). */
  dailyLimitPerAccount: number;
  /** How many days back `days` reaches, today included. */
  periodDays: number;
  /** Accounts that used the model in the period: newest day first, then the most requests. */
  days: ModelUsageDay[];
}

export interface AdminOperations {
  app: { version: string; startedAt: string; uptimeSeconds: number; database: 'pglite' | 'postgres' };
  providers: ProviderStatus[];
  webhooks: WebhookStats[];
  jobs: { queues: QueueStats[]; failed: FailedJob[] };
  texts: { failedLast24h: number; recent: FailedText[] };
  modelUsage: ModelUsage;
  settings: AppSettings & { updatedAt: string | null };
  /** The newest admin actions across the service. */
  audit: AdminAuditEntry[];
}

const settingField = (key: keyof AppSettings, label: string, show: (n: number) => string = String) => {
  const { min, max } = APP_SETTING_LIMITS[key];
  const range = `${label} must be between ${show(min)} and ${show(max)}`;
  return z
    .number(`${label} must be a whole number`)
    .int(`${label} must be a whole number`)
    .min(min, range)
    .max(max, range);
};

export const appSettingsSchema = z.object({
  trialDays: settingField('trialDays', 'Trial length'),
  maxQuantityPerLine: settingField('maxQuantityPerLine', 'Most of one item'),
  maxLines: settingField('maxLines', 'Most lines per order'),
  maxTotalCents: settingField('maxTotalCents', 'Largest order total', (n) => formatCents(n, { omitZeroCents: true })),
});
export type AppSettingsRequest = z.infer<typeof appSettingsSchema>;

export const failedJobParamsSchema = z.object({
  queue: z.string().min(1).max(100),
  id: z.uuid('Enter a valid job id'),
});
export type FailedJobParams = z.infer<typeof failedJobParamsSchema>;

/** The answer to PUT /api/admin/settings: the settings now in force. */
export type SavedAppSettings = AdminOperations['settings'];

/**
 * The answer to POST /api/admin/jobs/:queue/:id/retry: the job is queued again (pg-boss state 'retry'). The client
 * reloads /api/admin/operations to see the queues and failed jobs as they now stand.
 */
export interface RetryJobResponse {
  ok: true;
}
