import { desc, eq, sql, type SQL } from 'drizzle-orm';
import { ADMIN_USERS_LIMIT, type AdminStats, type AdminUser, type AdminUsersResponse } from '@shared/contracts/admin';
import { extendTrial, isTrialExpired, trialDaysLeft } from '@shared/domain/trial';
import type { Database, Transaction } from '../../db/client';
import { profiles, restaurantProfiles, subscriptions, user } from '../../db/schema';
import { planSummaryOf } from '../billing/plan-view';
import { notFound } from '../../http/errors';

type Queryable = Database | Transaction;

const accountColumns = {
  id: profiles.id,
  name: profiles.name,
  email: user.email,
  createdAt: profiles.createdAt,
  restaurantName: restaurantProfiles.restaurantName,
  subscriptionStatus: restaurantProfiles.subscriptionStatus,
  trialEndsAt: restaurantProfiles.trialEndsAt,
  hasCompletedOnboarding: restaurantProfiles.hasCompletedOnboarding,
  onboardingStep: restaurantProfiles.onboardingStep,
  subscription: subscriptions,
};

/** Every account is a profile with its auth user; the restaurant row is left-joined so a missing one never hides an account. */
function selectAccounts(db: Queryable) {
  return db
    .select(accountColumns)
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .leftJoin(restaurantProfiles, eq(restaurantProfiles.id, profiles.id))
    .leftJoin(subscriptions, eq(subscriptions.userId, profiles.id));
}

type AccountRow = Awaited<ReturnType<typeof selectAccounts>>[number];

function toAdminUser(row: AccountRow, now: Date): AdminUser {
  const subscriptionStatus = row.subscriptionStatus ?? 'none';
  const trialEndsAt = row.trialEndsAt;
  const plan = planSummaryOf(row.subscription);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    restaurantName: row.restaurantName,
    subscriptionStatus,
    trialEndsAt: trialEndsAt?.toISOString() ?? null,
    trialDaysLeft: trialEndsAt ? trialDaysLeft(trialEndsAt, now) : null,
    isTrialExpired: isTrialExpired({ subscriptionStatus, trialEndsAt }, now),
    hasCompletedOnboarding: row.hasCompletedOnboarding ?? false,
    onboardingStep: row.onboardingStep ?? 1,
    createdAt: row.createdAt.toISOString(),
    plan: { status: plan.status, currentPeriodEnd: plan.currentPeriodEnd },
  };
}

const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/**
 * Counted in one aggregate query against the same `now` the rows use. A trial has expired when its end is not after
 * now, which is exactly when trialDaysLeft() is 0 or below; a trial with no end date never expires (isTrialExpired).
 */
async function countAccounts(db: Queryable, now: Date): Promise<AdminStats> {
  const nowParam = sql`${now.toISOString()}::timestamptz`;
  const onTrial = eq(restaurantProfiles.subscriptionStatus, 'trial');
  const trialOver = sql`${restaurantProfiles.trialEndsAt} <= ${nowParam}`;
  const [stats] = await db
    .select({
      totalUsers: sql<number>`count(*)`.mapWith(Number),
      activeTrials: countWhere(sql`${onTrial} and (${restaurantProfiles.trialEndsAt} is null or not (${trialOver}))`),
      // The same rule as isTrialExpired: no paid plan, and the trial's end has passed.
      expiredTrials: countWhere(sql`${restaurantProfiles.subscriptionStatus} <> 'active' and ${trialOver}`),
      completedOnboarding: countWhere(eq(restaurantProfiles.hasCompletedOnboarding, true)),
    })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .leftJoin(restaurantProfiles, eq(restaurantProfiles.id, profiles.id));
  return stats ?? { totalUsers: 0, activeTrials: 0, expiredTrials: 0, completedOnboarding: 0 };
}

/** The admin page: stats over every account, and the newest accounts with their restaurant and trial state. */
export async function listAdminUsers(
  db: Database,
  { now = new Date() }: { now?: Date } = {},
): Promise<AdminUsersResponse> {
  const [stats, rows] = await Promise.all([
    countAccounts(db, now),
    selectAccounts(db).orderBy(desc(profiles.createdAt), desc(profiles.id)).limit(ADMIN_USERS_LIMIT),
  ]);
  return { stats, users: rows.map((row) => toAdminUser(row, now)) };
}

async function getAdminUser(db: Queryable, { userId, now }: { userId: string; now: Date }): Promise<AdminUser> {
  const [row] = await selectAccounts(db).where(eq(profiles.id, userId));
  if (!row) throw notFound('User');
  return toAdminUser(row, now);
}

/**
 * The admin's Extend Trial. The restaurant row is locked while the rule reads its current end, so two clicks at once
 * extend twice from the latest end instead of both from the same stale one.
 */
export async function extendUserTrial(
  db: Database,
  { userId, days, now = new Date() }: { userId: string; days?: number; now?: Date },
): Promise<AdminUser> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ trialEndsAt: restaurantProfiles.trialEndsAt })
      .from(restaurantProfiles)
      .where(eq(restaurantProfiles.id, userId))
      .for('update');
    if (!current) throw notFound('User');
    const next = extendTrial({ currentEnd: current.trialEndsAt, now, days });
    await tx
      .update(restaurantProfiles)
      .set({ ...next, updatedAt: now })
      .where(eq(restaurantProfiles.id, userId));
    return getAdminUser(tx, { userId, now });
  });
}
