import { and, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type {
  AdminStats,
  AdminSubscriptionDetails,
  AdminUserDetails,
  AdminUsersPage,
  AdminUsersQuery,
} from '@shared/contracts/admin';
import { extendTrialRefusal } from '@shared/domain/subscription';
import { extendTrial } from '@shared/domain/trial';
import type { Database } from '../../db/client';
import { calls, orders, profiles, restaurantProfiles, subscriptions, user } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import type { SessionUser } from '../../http/types';
import type { JobQueue } from '../../jobs/job-queue';
import type { RealtimeHub } from '../../realtime/realtime-hub';
import { withEvents } from '../../realtime/with-events';
import { planAccessSql } from '../billing/plan-access-sql';
import { planSummaryOf, readPlanSummary, readSubscription } from '../billing/plan-view';
import {
  enqueueProvisioning,
  markPhoneProvisioningPending,
  RETRYABLE_PHONE_STATUSES,
} from '../phone-system/phone-system.service';
import { listAdminActions, recordAdminAction } from './audit';
import {
  decodeCursor,
  encodeCursor,
  readAccountsInOrder,
  selectAccounts,
  toAdminUser,
  type AccountRow,
  type Queryable,
} from './admin-users.query';

const DAY_MS = 86_400_000;

type Actor = Pick<SessionUser, 'id' | 'email'>;

const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/**
 * Counted in one aggregate query against one `now`, by planAccess (in SQL, planAccessSql) as the users list's trial
 * and expired filters are: active trials have days left and no paid plan; expired accounts have neither.
 */
export async function getAdminStats(db: Queryable, now: Date = new Date()): Promise<AdminStats> {
  const access = planAccessSql(now);
  const [stats] = await db
    .select({
      totalUsers: sql<number>`count(*)`.mapWith(Number),
      activeTrials: countWhere(sql`${access} = 'trial'`),
      expiredTrials: countWhere(sql`${access} = 'expired'`),
      completedOnboarding: countWhere(eq(restaurantProfiles.hasCompletedOnboarding, true)),
    })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .leftJoin(restaurantProfiles, eq(restaurantProfiles.id, profiles.id))
    .leftJoin(subscriptions, eq(subscriptions.userId, profiles.id));
  return stats ?? { totalUsers: 0, activeTrials: 0, expiredTrials: 0, completedOnboarding: 0 };
}

/**
 * One page of /admin/users: search, filter and keyset in the database, read with `limit + 1` rows so the extra one
 * says whether there is a next page (whose cursor is the last row kept).
 */
export async function listAdminUsersPage(
  db: Queryable,
  query: AdminUsersQuery,
  now: Date = new Date(),
): Promise<AdminUsersPage> {
  const cursor = query.cursor ? decodeCursor(query.cursor, query) : null;
  const rows = await readAccountsInOrder(db, query, { cursor, limit: query.limit + 1, now });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    users: page.map((row) => toAdminUser(row, now)),
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor({ sort: query.sort, dir: query.dir, value: last.sortValue, id: last.id })
        : null,
  };
}

function subscriptionDetails(row: AccountRow['subscription']): AdminSubscriptionDetails | null {
  if (!row) return null;
  const plan = planSummaryOf(row);
  return {
    provider: row.provider,
    status: plan.status,
    providerStatus: row.status,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    paymentMethod:
      row.paymentMethodBrand && row.paymentMethodLast4
        ? { brand: row.paymentMethodBrand, last4: row.paymentMethodLast4 }
        : null,
    customerId: row.customerId,
    subscriptionId: row.subscriptionId,
  };
}

/** Everything the details dialog shows about one account; 404 when there is no such account. */
export async function getAdminUserDetails(
  db: Queryable,
  { userId, now = new Date() }: { userId: string; now?: Date },
): Promise<AdminUserDetails> {
  const [row] = await selectAccounts(db).where(eq(profiles.id, userId));
  if (!row) throw notFound('User');
  const since = (days: number) => sql`${new Date(now.getTime() - days * DAY_MS).toISOString()}::timestamptz`;
  const [orderCounts] = await db
    .select({
      last7Days: countWhere(sql`${orders.createdAt} >= ${since(7)}`),
      last30Days: sql<number>`count(*)`.mapWith(Number),
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), gte(orders.createdAt, since(30))));
  const [lastCall] = await db
    .select({
      kind: calls.kind,
      status: calls.status,
      outcome: calls.outcome,
      startedAt: calls.startedAt,
      endedAt: calls.endedAt,
    })
    .from(calls)
    .where(eq(calls.restaurantId, userId))
    .orderBy(desc(calls.startedAt), desc(calls.id))
    .limit(1);
  const audit = await listAdminActions(db, { targetUserId: userId });
  const [restaurant] = await db
    .select({ timeZone: restaurantProfiles.timezone })
    .from(restaurantProfiles)
    .where(eq(restaurantProfiles.id, userId));

  const phoneStatus = row.phoneStatus ?? 'not_started';
  return {
    ...toAdminUser(row, now),
    subscription: subscriptionDetails(row.subscription),
    phone: {
      status: phoneStatus,
      error: row.phoneError,
      phoneNumber: row.phoneNumber,
      canRetry:
        (row.hasCompletedOnboarding ?? false) && (RETRYABLE_PHONE_STATUSES as readonly string[]).includes(phoneStatus),
    },
    orders: { last7Days: orderCounts?.last7Days ?? 0, last30Days: orderCounts?.last30Days ?? 0 },
    timeZone: restaurant?.timeZone ?? null,
    lastCall: lastCall
      ? {
          kind: lastCall.kind,
          status: lastCall.status,
          outcome: lastCall.outcome,
          startedAt: lastCall.startedAt.toISOString(),
          durationSeconds: lastCall.endedAt
            ? Math.max(0, Math.round((lastCall.endedAt.getTime() - lastCall.startedAt.getTime()) / 1000))
            : null,
        }
      : null,
    audit,
  };
}

/**
 * The admin's Extend Trial. The restaurant row is locked while the rule reads its current end, so two clicks at once
 * extend twice from the latest end instead of both from the same stale one. The audit entry and the owner's
 * plan.updated event commit with the change: the owner's open dashboard re-reads its plan and drops 'Trial expired'.
 * 409 with the reason for an account whose billing page shows a subscription (extendTrialRefusal).
 */
export async function extendUserTrial(
  db: Database,
  hub: Pick<RealtimeHub, 'deliver'>,
  { userId, days, actor, now = new Date() }: { userId: string; days?: number; actor: Actor; now?: Date },
): Promise<AdminUserDetails> {
  return withEvents(db, hub, async (tx, events) => {
    const [current] = await tx
      .select({
        subscriptionStatus: restaurantProfiles.subscriptionStatus,
        trialEndsAt: restaurantProfiles.trialEndsAt,
      })
      .from(restaurantProfiles)
      .where(eq(restaurantProfiles.id, userId))
      .for('update');
    if (!current) throw notFound('User');
    // A subscription is the provider's to change: the admin's trial would only contradict the billing page.
    const refusal = extendTrialRefusal(planSummaryOf(await readSubscription(tx, userId)));
    if (refusal) throw new HttpError(409, refusal);
    const next = extendTrial({ currentEnd: current.trialEndsAt, now, days });
    await tx
      .update(restaurantProfiles)
      .set({ ...next, updatedAt: now })
      .where(eq(restaurantProfiles.id, userId));
    await recordAdminAction(
      tx,
      {
        actor,
        action: 'extend_trial',
        targetUserId: userId,
        before: {
          subscriptionStatus: current.subscriptionStatus,
          trialEndsAt: current.trialEndsAt?.toISOString() ?? null,
        },
        after: { subscriptionStatus: next.subscriptionStatus, trialEndsAt: next.trialEndsAt.toISOString() },
      },
      now,
    );
    await events.record(userId, { type: 'plan.updated', plan: await readPlanSummary(tx, userId) });
    return getAdminUserDetails(tx, { userId, now });
  });
}

/** Why Retry setup does not apply, or null when it does (the owner's own retry follows the same rule). */
function retryRefusal(state: { hasCompletedOnboarding: boolean; phoneStatus: string }): string | null {
  if (!state.hasCompletedOnboarding) {
    return 'This restaurant has not finished onboarding, so its phone system cannot be set up yet.';
  }
  if (state.phoneStatus === 'pending') return 'The phone system is already being set up.';
  if (state.phoneStatus === 'active') return 'The phone system is already set up.';
  return null;
}

/**
 * The admin's Retry setup: the owner's own rule (markPhoneProvisioningPending) and the audit entry commit together,
 * and the set-up job is sent after the commit. 409 when it does not apply, 404 for an unknown account.
 */
export async function retryUserPhoneSetup(
  db: Database,
  jobs: JobQueue,
  { userId, actor, now = new Date() }: { userId: string; actor: Actor; now?: Date },
): Promise<AdminUserDetails> {
  const details = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        hasCompletedOnboarding: restaurantProfiles.hasCompletedOnboarding,
        phoneStatus: restaurantProfiles.phoneProvisioningStatus,
        error: restaurantProfiles.phoneProvisioningError,
      })
      .from(restaurantProfiles)
      .where(eq(restaurantProfiles.id, userId))
      .for('update');
    if (!current) throw notFound('User');
    const refusal = retryRefusal(current);
    if (refusal || !(await markPhoneProvisioningPending(tx, userId))) {
      throw new HttpError(409, refusal ?? 'The phone system is already set up or being set up.');
    }
    await recordAdminAction(
      tx,
      {
        actor,
        action: 'retry_phone_setup',
        targetUserId: userId,
        before: { phoneStatus: current.phoneStatus, error: current.error },
        after: { phoneStatus: 'pending' },
      },
      now,
    );
    return getAdminUserDetails(tx, { userId, now });
  });
  // After the commit, so the worker finds the row pending; a send lost to a crash is re-sent at start-up.
  await enqueueProvisioning(jobs, userId);
  return details;
}
