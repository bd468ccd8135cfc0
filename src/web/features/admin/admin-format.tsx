import clsx from 'clsx';
import type { ReactNode } from 'react';
import {
  ADMIN_ACTION_LABELS,
  ADMIN_USER_FILTER_LABELS,
  ADMIN_USER_SORT_LABELS,
  type AdminAuditEntry,
  type AdminUser,
  type ProviderMode,
  type WebhookProvider,
} from '@shared/contracts/admin';
import type { AppSettings } from '@shared/domain/app-settings';
import type { CallKind, CallOutcome, CallStatus } from '@shared/domain/calls';
import type { EmailKind } from '@shared/domain/emails';
import { formatCents } from '@shared/domain/money';
import {
  accountStatusLabel,
  accountStatusOf,
  PHONE_STATUS_LABELS,
  type AccountStatus,
} from '@shared/domain/account-status';
import type { PhoneSystemStatus } from '@shared/domain/phone-system';
import { extendTrialRefusal, type SubscriptionStatus } from '@shared/domain/subscription';
import { pluralDays } from '@shared/domain/trial';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

export function formatDate(value: string | Date | null): string {
  return value ? dateFormat.format(new Date(value)) : '—';
}

/**
 * 'Nov 26, 2026, 5:16 PM PST', always with its zone: an administrator reads accounts from many zones. In the
 * restaurant's zone for a time about one restaurant (its calls, its orders) when given; the browser's otherwise.
 */
export function formatDateTime(value: string | Date | null, timeZone?: string | null): string {
  if (!value) return '—';
  const key = timeZone ?? '';
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
      timeZone: timeZone ?? undefined,
    });
    dateTimeFormats.set(key, format);
  }
  return format.format(new Date(value));
}

const utcDayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A recent day counted in UTC ('2026-05-02' → 'May 2'), shown as that same day wherever the browser is. */
export function formatUtcDay(day: string): string {
  return utcDayFormat.format(new Date(`${day}T00:00:00Z`));
}

const statusBadgeClasses: Record<AccountStatus, string> = {
  trial: 'bg-brand-100 text-brand-800 ring-brand-200',
  active: 'bg-emerald-100 text-emerald-800 ring-emerald-200',
  canceling: 'bg-amber-100 text-amber-900 ring-amber-200',
  past_due: 'bg-red-100 text-red-800 ring-red-200',
  canceled: 'bg-stone-100 text-stone-700 ring-stone-200',
  expired: 'bg-red-100 text-red-800 ring-red-200',
  none: 'bg-stone-100 text-stone-700 ring-stone-200',
};

const shortDayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });

/** 'Pro · Active', 'Trial expired', or for a trial converted to the plan 'Pro · first charge Dec 3'. */
export function statusLabel(user: AdminUser): string {
  return accountStatusLabel(user, (date) => shortDayFormat.format(new Date(date)));
}

export function Badge({ className, children }: { className: string; children: ReactNode }) {
  return (
    <span
      className={clsx(
        'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        className,
      )}
    >
      {children}
    </span>
  );
}

export function StatusBadge({ user }: { user: AdminUser }) {
  const status = accountStatusOf(user);
  const badge = { label: statusLabel(user), className: statusBadgeClasses[status] };
  return <Badge className={badge.className}>{badge.label}</Badge>;
}

/** Where the paid plan stands in time, for the details dialog; null without one. */
export function planPeriodLabel(user: AdminUser): string | null {
  const { status, currentPeriodEnd } = user.plan;
  const date = formatDate(currentPeriodEnd);
  switch (status) {
    case 'trial':
      return null;
    case 'active':
      if (!currentPeriodEnd) return null;
      // A trial converted to the plan: nothing has been charged yet.
      return user.plan.providerStatus === 'trialing' ? `Free until ${date}, then billed monthly` : `Renews on ${date}`;
    case 'canceling':
      return currentPeriodEnd ? `Access until ${date}` : null;
    case 'past_due':
      return 'Last payment failed; the card is being retried';
    case 'canceled':
      return currentPeriodEnd ? `Ended on ${date}` : null;
  }
}

/** Why Extend Trial is not offered for the account (it has a subscription), or null when it is: extendTrialRefusal. */
export function extendTrialRefusalOf(user: Pick<AdminUser, 'plan'>): string | null {
  return extendTrialRefusal(user.plan);
}

export function canExtendTrial(user: Pick<AdminUser, 'plan'>): boolean {
  return extendTrialRefusalOf(user) === null;
}

/** Days left only matter while the account is on the trial; a subscriber's old trial end is just a date. */
export function trialRemainingLabel(user: AdminUser): string | null {
  // Beside a subscription the billing page shows, days left would contradict it, whatever the profile last recorded.
  if (user.subscriptionStatus !== 'trial' || user.trialDaysLeft === null || !canExtendTrial(user)) return null;
  if (user.trialDaysLeft > 0) return `${pluralDays(user.trialDaysLeft)} left`;
  if (user.trialDaysLeft === 0) return 'Just ended';
  return `Ended ${pluralDays(-user.trialDaysLeft)} ago`;
}

const PHONE_STATUS_CLASSES: Record<PhoneSystemStatus, string> = {
  not_started: 'bg-stone-100 text-stone-700 ring-stone-200',
  pending: 'bg-sky-50 text-sky-800 ring-sky-200',
  active: 'bg-emerald-100 text-emerald-800 ring-emerald-200',
  failed: 'bg-red-100 text-red-800 ring-red-200',
};

export function PhoneStatusBadge({ status }: { status: PhoneSystemStatus }) {
  return <Badge className={PHONE_STATUS_CLASSES[status]}>{PHONE_STATUS_LABELS[status]}</Badge>;
}

export function ModeBadge({ mode }: { mode: ProviderMode }) {
  return mode === 'live' ? (
    <Badge className="bg-emerald-100 text-emerald-800 ring-emerald-200">Live</Badge>
  ) : (
    <Badge className="bg-amber-50 text-amber-800 ring-amber-300">Test mode</Badge>
  );
}

export const CALL_KIND_LABELS: Record<CallKind, string> = { phone: 'Phone call', test: 'Test call' };

const CALL_OUTCOME_LABELS: Record<CallOutcome, string> = {
  ordered: 'Ordered',
  no_order: 'No order',
  busy: 'Busy',
  closed: 'Closed',
  expired: 'Plan expired',
  transferred: 'Transferred',
  failed: 'Failed',
};

/** 'In progress' until the call has ended, then what came of it. */
export function callOutcomeLabel(call: { status: CallStatus; outcome: CallOutcome | null }): string {
  if (call.status !== 'ended') return 'In progress';
  return call.outcome ? CALL_OUTCOME_LABELS[call.outcome] : 'Ended';
}

/** 186 → '3:06'. */
export function formatCallDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

export const WEBHOOK_PROVIDER_LABELS: Record<WebhookProvider, string> = {
  stripe: 'Stripe',
  vapi: 'Vapi',
  twilio: 'Twilio',
};

/** How long the service has been up, in words: 'less than a minute', '5 minutes', '3 days, 4 hours'. */
export function formatUptime(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  if (seconds < 60) return 'less than a minute';
  const units: [number, string][] = [
    [Math.floor(seconds / 86_400), 'day'],
    [Math.floor((seconds % 86_400) / 3_600), 'hour'],
    [Math.floor((seconds % 3_600) / 60), 'minute'],
  ];
  const first = units.findIndex(([n]) => n > 0);
  // The two largest units say enough: '3 days, 4 hours' rather than '3 days, 4 hours, 12 minutes'.
  return units
    .slice(first, first + 2)
    .filter(([n]) => n > 0)
    .map(([n, unit]) => `${n} ${unit}${n === 1 ? '' : 's'}`)
    .join(', ');
}

// ---------------------------------------------------------------------------------------------------------------
// The audit trail in words.

const SETTING_LABELS: Record<keyof AppSettings, string> = {
  trialDays: 'Trial length',
  maxQuantityPerLine: 'Most of one item per line',
  maxLines: 'Most lines per order',
  maxTotalCents: 'Largest order total',
};

export const EMAIL_KIND_LABELS: Record<EmailKind, string> = {
  password_reset: 'Password reset',
  email_verification: 'Address confirmation',
};

const FIELD_LABELS: Record<string, string> = {
  ...SETTING_LABELS,
  trialEndsAt: 'Trial end',
  subscriptionStatus: 'Status',
  phoneStatus: 'Phone system',
  status: 'Status',
  error: 'Error',
  lastError: 'Error',
  queue: 'Queue',
  jobId: 'Job',
  id: 'Job',
  state: 'State',
  retryCount: 'Retries',
  // What a read recorded: the export's view and size, the e-mails listed or opened.
  search: 'Search',
  filter: 'Filter',
  sort: 'Sort',
  direction: 'Order',
  rows: 'Accounts',
  listed: 'E-mails listed',
  emailId: 'E-mail id',
  kind: 'E-mail',
  to: 'To',
};

/** Words for the values a read recorded, by field. */
const VALUE_WORDS: Record<string, Record<string, string>> = {
  filter: ADMIN_USER_FILTER_LABELS,
  sort: ADMIN_USER_SORT_LABELS,
  direction: { asc: 'Ascending', desc: 'Descending' },
  kind: EMAIL_KIND_LABELS,
};

const SUBSCRIPTION_WORDS: Record<SubscriptionStatus, string> = { trial: 'Trial', active: 'Active', none: 'None' };
/** pg-boss job states an audit entry may name. */
const JOB_STATE_WORDS: Record<string, string> = { failed: 'Failed', retry: 'Queued again', created: 'Queued' };
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** 'trialEndsAt' → 'Trial ends at', for a field this page does not know by name. */
function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function auditFieldLabel(key: string): string {
  return FIELD_LABELS[key] ?? humanize(key);
}

export function auditValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') {
    if (key.endsWith('Cents')) return formatCents(value, { omitZeroCents: true });
    if (key === 'trialDays') return pluralDays(value);
    return String(value);
  }
  if (typeof value === 'string') {
    if (ISO_DATE.test(value) && !Number.isNaN(Date.parse(value))) return formatDate(value);
    if (key === 'subscriptionStatus' && value in SUBSCRIPTION_WORDS) {
      return SUBSCRIPTION_WORDS[value as SubscriptionStatus];
    }
    if (key === 'state' && value in JOB_STATE_WORDS) return JOB_STATE_WORDS[value]!;
    const words = VALUE_WORDS[key];
    if (words && value in words) return words[value]!;
    if ((key === 'phoneStatus' || key === 'status') && value in PHONE_STATUS_LABELS) {
      return PHONE_STATUS_LABELS[value as PhoneSystemStatus];
    }
    return value;
  }
  return JSON.stringify(value);
}

export interface AuditChange {
  field: string;
  /** Null when the entry records no earlier value (a job retried, say). */
  before: string | null;
  after: string | null;
}

/** What an entry changed, field by field, in words; fields whose value stayed the same are left out. */
export function auditChanges(entry: Pick<AdminAuditEntry, 'before' | 'after'>): AuditChange[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => ({
      field: auditFieldLabel(key),
      before: entry.before && key in before ? auditValue(key, before[key]) : null,
      after: entry.after && key in after ? auditValue(key, after[key]) : null,
    }));
}

/** 'Trial end: Jun 5, 2026 → Jun 12, 2026'. */
export function auditChangeText(change: AuditChange): string {
  if (change.before === null) return `${change.field}: ${change.after ?? 'none'}`;
  // A value only in `before` says what was acted on (the queue of a retried job), or what was cleared.
  if (change.after === null) return `${change.field}: ${change.before}`;
  return `${change.field}: ${change.before} → ${change.after}`;
}

export function auditActionLabel(entry: Pick<AdminAuditEntry, 'action'>): string {
  return ADMIN_ACTION_LABELS[entry.action];
}
