import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  ADMIN_USER_SORTS,
  SORT_DIRECTIONS,
  type AdminUser,
  type AdminUserFilter,
  type AdminUserSort,
  type AdminUsersView,
  type SortDirection,
} from '@shared/contracts/admin';
import { planAccess } from '@shared/domain/subscription';
import { trialDaysLeft } from '@shared/domain/trial';
import type { Database, Transaction } from '../../db/client';
import { profiles, restaurantProfiles, subscriptions, user } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { billingFilterSql, planAccessSql } from '../billing/plan-access-sql';
import { planSummaryOf } from '../billing/plan-view';

export type Queryable = Database | Transaction;

/**
 * The column each sort orders by. Nulls (no trial end, no order yet, no restaurant row) come last in either
 * direction; ties are broken by the account id in the same direction, so the order is total and pages never overlap.
 */
const SORT_COLUMNS = {
  created: profiles.createdAt,
  trial_end: restaurantProfiles.trialEndsAt,
  last_order: restaurantProfiles.lastOrderAt,
} as const satisfies Record<AdminUserSort, unknown>;

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
  phoneStatus: restaurantProfiles.phoneProvisioningStatus,
  phoneError: restaurantProfiles.phoneProvisioningError,
  phoneNumber: restaurantProfiles.vapiPhoneNumber,
  lastOrderAt: restaurantProfiles.lastOrderAt,
  subscription: subscriptions,
};

/**
 * Every account is a profile with its auth user; the restaurant row is left-joined so a missing one never hides an
 * account. `sortValue` is the sort column as text, for the next page's cursor.
 */
export function selectAccounts(db: Queryable, sort: AdminUserSort = 'created') {
  return db
    .select({ ...accountColumns, sortValue: sql<string | null>`${SORT_COLUMNS[sort]}::text` })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .leftJoin(restaurantProfiles, eq(restaurantProfiles.id, profiles.id))
    .leftJoin(subscriptions, eq(subscriptions.userId, profiles.id));
}

export type AccountRow = Awaited<ReturnType<typeof selectAccounts>>[number];

export function toAdminUser(row: AccountRow, now: Date): AdminUser {
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
    isTrialExpired: planAccess({ trialEndsAt, plan }, now) === 'expired',
    hasCompletedOnboarding: row.hasCompletedOnboarding ?? false,
    onboardingStep: row.onboardingStep ?? 1,
    createdAt: row.createdAt.toISOString(),
    plan: {
      status: plan.status,
      providerStatus: plan.providerStatus,
      currentPeriodEnd: plan.currentPeriodEnd,
      cancelAtPeriodEnd: plan.cancelAtPeriodEnd,
    },
    phoneStatus: row.phoneStatus ?? 'not_started',
    lastOrderAt: row.lastOrderAt?.toISOString() ?? null,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Search and filters: each one server-side condition, shared by the list, the export and the tests' expectations.

/** A LIKE pattern that finds `text` anywhere, with LIKE's own wildcards (and its escape character) taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * The accounts whose owner name, e-mail or restaurant name contains `q`, whatever its case. Each table is searched on
 * its own and only the matching ids are joined: far cheaper than testing every joined row, and the shape that a
 * trigram index on lower(column) serves.
 */
function searchCondition(q: string): SQL {
  const pattern = sql`lower(${containsPattern(q)})`;
  return sql`${profiles.id} in (
    select ${profiles.id} from ${profiles} where lower(${profiles.name}) like ${pattern}
    union all select ${user.id} from ${user} where lower(${user.email}) like ${pattern}
    union all select ${restaurantProfiles.id} from ${restaurantProfiles}
      where lower(${restaurantProfiles.restaurantName}) like ${pattern})`;
}

function filterCondition(filter: AdminUserFilter, now: Date): SQL {
  switch (filter) {
    // planAccess, as each row's isTrialExpired is: on the trial with days left and no paid plan, or neither.
    case 'trial':
      return sql`(${planAccessSql(now)} = 'trial')`;
    case 'expired':
      return sql`(${planAccessSql(now)} = 'expired')`;
    // Paying: the plan the billing page calls 'active', and a past-due plan too, which keeps its access while the
    // provider retries the card, so the administrator still counts it among the paying accounts. A plan that ends
    // at the period's end is 'canceling' instead; 'unpaid' has lost access and is not paying.
    case 'active':
      return billingFilterSql.paying;
    case 'canceling':
      return billingFilterSql.canceling;
    // No restaurant row is onboarding not done either.
    case 'onboarding_incomplete':
      return sql`(${restaurantProfiles.hasCompletedOnboarding} is not true)`;
    case 'phone_failed':
      return eq(restaurantProfiles.phoneProvisioningStatus, 'failed');
  }
}

export function viewCondition(view: Pick<AdminUsersView, 'q' | 'filter'>, now: Date): SQL | undefined {
  return and(view.q ? searchCondition(view.q) : undefined, view.filter ? filterCondition(view.filter, now) : undefined);
}

// ---------------------------------------------------------------------------------------------------------------
// Sort and keyset paging.

/**
 * Where a page ends: the last row's sort value, as Postgres prints it (microseconds kept: a JavaScript Date would
 * drop them and skip rows written within one millisecond), and its id. The sort and direction travel with it, so a
 * cursor is never read under another order.
 */
export interface AdminUsersCursor {
  sort: AdminUserSort;
  dir: SortDirection;
  value: string | null;
  id: string;
}

const POSTGRES_TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2}){0,2}|Z)$/;

const cursorSchema = z.strictObject({
  sort: z.enum(ADMIN_USER_SORTS),
  dir: z.enum(SORT_DIRECTIONS),
  value: z
    .string()
    .regex(POSTGRES_TIMESTAMP)
    .refine((v) => !Number.isNaN(Date.parse(v.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'))))
    .nullable(),
  // Account ids are UUIDs; any 8-4-4-4-12 hex form is accepted, whatever its version bits.
  id: z.guid(),
});

export const encodeCursor = (cursor: AdminUsersCursor) =>
  Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');

const invalidCursor = () => new HttpError(400, 'Invalid cursor', 'cursor');

/** Reads a cursor from the query string for this sort and direction; anything else is a 400 naming `cursor`. */
export function decodeCursor(value: string, view: Pick<AdminUsersView, 'sort' | 'dir'>): AdminUsersCursor {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const parsed = cursorSchema.safeParse(json);
  if (!parsed.success || parsed.data.sort !== view.sort || parsed.data.dir !== view.dir) throw invalidCursor();
  // The sign-up time is never null, so a cursor saying otherwise was not made here.
  if (parsed.data.sort === 'created' && parsed.data.value === null) throw invalidCursor();
  return parsed.data;
}

/**
 * The view's accounts in order from just after `cursor`, at most `limit` of them: the sort value (nulls last in
 * either direction), then the account id in the same direction, so the order is total and pages never overlap.
 *
 * Sorted by a restaurant column, the accounts that have a value are read first and those without after them, as two
 * reads that each follow an index (the column's, then the id's), instead of one sort of every account: a null-last
 * order cannot be read from one index in both directions, and the restaurant row is left-joined.
 */
export async function readAccountsInOrder(
  db: Queryable,
  view: Pick<AdminUsersView, 'q' | 'filter' | 'sort' | 'dir'>,
  { cursor, limit, now }: { cursor: AdminUsersCursor | null; limit: number; now: Date },
): Promise<AccountRow[]> {
  const { sort, dir } = view;
  const column = SORT_COLUMNS[sort];
  const direction = sql.raw(dir);
  const beyond = sql.raw(dir === 'desc' ? '<' : '>');
  const condition = viewCondition(view, now);
  const after = (value: string, id: string) =>
    sql`(${column}, ${profiles.id}) ${beyond} (${value}::timestamptz, ${id})`;

  if (sort === 'created') {
    // Never null. Written to match the index on (created_at desc nulls last, id desc nulls last), read forwards for
    // desc and backwards for asc.
    const nulls = sql.raw(dir === 'desc' ? 'nulls last' : 'nulls first');
    return selectAccounts(db, sort)
      .where(and(condition, cursor ? after(cursor.value!, cursor.id) : undefined))
      .orderBy(sql`${column} ${direction} ${nulls}`, sql`${profiles.id} ${direction} ${nulls}`)
      .limit(limit);
  }

  const rows: AccountRow[] = [];
  if (cursor?.value !== null) {
    // No nulls here, so the nulls clause only has to match the index read forwards (asc) or backwards (desc).
    const nulls = sql.raw(dir === 'desc' ? 'nulls first' : 'nulls last');
    rows.push(
      ...(await selectAccounts(db, sort)
        .where(and(condition, isNotNull(column), cursor ? after(cursor.value, cursor.id) : undefined))
        .orderBy(sql`${column} ${direction} ${nulls}`, sql`${profiles.id} ${direction}`)
        .limit(limit)),
    );
  }
  if (rows.length < limit) {
    rows.push(
      ...(await selectAccounts(db, sort)
        .where(
          and(
            condition,
            isNull(column),
            cursor?.value === null ? sql`${profiles.id} ${beyond} ${cursor.id}` : undefined,
          ),
        )
        .orderBy(sql`${profiles.id} ${direction}`)
        .limit(limit - rows.length)),
    );
  }
  return rows;
}
