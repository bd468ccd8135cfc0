import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import {
  PROVIDER_KINDS,
  type AdminOperations,
  type FailedJobParams,
  type FailedText,
  type ProviderKind,
  type ProviderStatus,
  type SavedAppSettings,
} from '@shared/contracts/admin';
import type { AppSettings } from '@shared/domain/app-settings';
import type { Database } from '../../db/client';
import { notifications, restaurantProfiles } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import type { AppDeps, SessionUser } from '../../http/types';
import { QUEUES } from '../../jobs/job-queue';
import { readAppSettings, writeAppSettings, type StoredAppSettings } from '../app-settings/app-settings.service';
import { listAdminActions, recordAdminAction } from './audit';
import { findJobState, listFailedJobs, listQueueStats } from './job-stats';
import { listModelUsage } from './model-usage-stats';
import { listWebhookStats } from './webhook-stats';

export const FAILED_TEXTS_WINDOW_MS = 24 * 60 * 60 * 1000;
export const RECENT_FAILED_TEXTS_LIMIT = 10;
export const OPERATIONS_AUDIT_LIMIT = 20;

type ProviderDeps = Pick<AppDeps, 'billing' | 'sms' | 'email' | 'voice' | 'llm'>;

/** Who serves each provider kind and whether it is the real service or this app's built-in test stand-in. */
export function providerStatuses({ billing, sms, email, voice, llm }: ProviderDeps): ProviderStatus[] {
  const status: Record<ProviderKind, Omit<ProviderStatus, 'kind'>> = {
    payments:
      billing.name === 'stripe'
        ? { provider: 'Stripe', mode: billing.livemode ? 'live' : 'test' }
        : { provider: 'Local test mode', mode: 'test' },
    texts: sms.name === 'twilio' ? { provider: 'Twilio', mode: 'live' } : { provider: 'Local outbox', mode: 'test' },
    email: email.name === 'smtp' ? { provider: 'SMTP', mode: 'live' } : { provider: 'Local outbox', mode: 'test' },
    voice:
      voice.name === 'vapi' ? { provider: 'Vapi', mode: 'live' } : { provider: 'Built-in assistant', mode: 'test' },
    llm: llm ? { provider: `Model ${llm.model}`, mode: 'live' } : { provider: 'Built-in assistant', mode: 'test' },
  };
  return PROVIDER_KINDS.map((kind) => ({ kind, ...status[kind] }));
}

/** Texts that failed for good in the last 24 hours: how many, and the newest few (no numbers, no message text). */
export async function failedTextsSummary(db: Database, now: Date = new Date()): Promise<AdminOperations['texts']> {
  const since = new Date(now.getTime() - FAILED_TEXTS_WINDOW_MS);
  const recentlyFailed = and(eq(notifications.status, 'failed'), gt(notifications.updatedAt, since));
  const [[total], recent] = await Promise.all([
    db.select({ n: count() }).from(notifications).where(recentlyFailed),
    db
      .select({
        id: notifications.id,
        at: notifications.updatedAt,
        restaurantName: restaurantProfiles.restaurantName,
        error: notifications.lastError,
      })
      .from(notifications)
      .leftJoin(restaurantProfiles, eq(restaurantProfiles.id, notifications.restaurantId))
      .where(recentlyFailed)
      .orderBy(desc(notifications.updatedAt), desc(notifications.id))
      .limit(RECENT_FAILED_TEXTS_LIMIT),
  ]);
  return {
    failedLast24h: total?.n ?? 0,
    recent: recent.map((row): FailedText => ({ ...row, at: row.at.toISOString() })),
  };
}

const toSaved = ({ updatedAt, ...settings }: StoredAppSettings): SavedAppSettings => ({
  ...settings,
  updatedAt: updatedAt?.toISOString() ?? null,
});

/** Everything /admin/settings shows. */
export async function getAdminOperations(deps: AppDeps, now: Date = new Date()): Promise<AdminOperations> {
  const { db, runtime } = deps;
  const [webhooks, queues, failed, texts, modelUsage, settings, audit] = await Promise.all([
    listWebhookStats(db),
    listQueueStats(db),
    listFailedJobs(db),
    failedTextsSummary(db, now),
    listModelUsage(db, { dailyLimitPerAccount: deps.llmDailyRequestsPerAccount, now }),
    readAppSettings(db),
    listAdminActions(db, { limit: OPERATIONS_AUDIT_LIMIT }),
  ]);
  return {
    app: {
      version: runtime.version,
      startedAt: runtime.startedAt.toISOString(),
      uptimeSeconds: Math.max(0, Math.floor((now.getTime() - runtime.startedAt.getTime()) / 1000)),
      database: runtime.database,
    },
    providers: providerStatuses(deps),
    webhooks,
    jobs: { queues, failed },
    texts,
    modelUsage,
    settings: toSaved(settings),
    audit,
  };
}

const SETTING_KEYS = [
  'trialDays',
  'maxQuantityPerLine',
  'maxLines',
  'maxTotalCents',
] as const satisfies readonly (keyof AppSettings)[];

/**
 * Saves the runtime settings and records which of them changed, before → after, in the same transaction. Saving what
 * is already in force writes nothing and records nothing. Saves are taken one at a time (a transaction-scoped
 * advisory lock), so each audit entry's "before" is what the save replaced.
 */
export async function saveAppSettings(
  db: Database,
  actor: SessionUser,
  settings: AppSettings,
  now?: Date,
): Promise<{ settings: SavedAppSettings; changed: (keyof AppSettings)[] }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('pickupline:app-settings'))`);
    // Taken once the lock is held, so saves are stamped in the order they were made.
    const at = now ?? new Date();
    const current = await readAppSettings(tx);
    const changed = SETTING_KEYS.filter((key) => current[key] !== settings[key]);
    if (changed.length === 0) return { settings: toSaved(current), changed };

    const pick = (from: AppSettings) => Object.fromEntries(changed.map((key) => [key, from[key]]));
    const saved = await writeAppSettings(tx, settings, at);
    await recordAdminAction(
      tx,
      { actor, action: 'update_settings', targetUserId: null, before: pick(current), after: pick(settings) },
      at,
    );
    return { settings: toSaved(saved), changed };
  });
}

/**
 * Puts a job that failed for good back in its queue (pg-boss state 'retry', one more attempt allowed), then records
 * the action. pg-boss changes the job through its own connection handling (on embedded PGlite, the one shared
 * connection, outside any transaction of ours), so the change and its audit entry cannot commit together: the entry
 * is written right after pg-boss reports the job retried, and only then.
 */
export async function retryFailedJob(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  actor: SessionUser,
  { queue, id }: FailedJobParams,
): Promise<void> {
  const { db, jobs } = deps;
  if (!(QUEUES as readonly string[]).includes(queue)) throw notFound('Job');
  const state = await findJobState(db, queue, id);
  if (state === null) throw notFound('Job');
  if (state !== 'failed') throw new HttpError(409, 'Only a failed job can be retried');

  // pg-boss 10 answers with how many jobs it changed ({ affected }), though its types say void. None means another
  // retry (or pg-boss's own clean-up) changed the job between the check above and the update.
  const result: unknown = await jobs.retry(queue, id);
  if ((result as { affected?: number } | undefined)?.affected === 0) {
    throw new HttpError(409, 'Only a failed job can be retried');
  }

  await db.transaction((tx) =>
    recordAdminAction(tx, {
      actor,
      action: 'retry_job',
      targetUserId: null,
      before: { queue, id, state: 'failed' },
      after: { state: 'retry' },
    }),
  );
}
