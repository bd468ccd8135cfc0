import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planAccess } from '@shared/domain/subscription';
import { createTestDatabase } from '../../../../tests/test-database';
import { dateAt, PLAN_ACCESS_CASES, PLAN_NOW, type PlanAccessCase } from '../../../../tests/plan-access-table';
import type { DatabaseHandle } from '../../db/client';
import { restaurantProfiles, subscriptions, user } from '../../db/schema';
import { planAccessSql } from './plan-access-sql';
import { planSummaryOf } from './plan-view';

/** Each case of the table as an account: its restaurant row, and its copy of the provider's subscription. */
let database: DatabaseHandle;
const accounts = new Map<string, PlanAccessCase>();
let withoutRestaurant: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  for (const c of PLAN_ACCESS_CASES) accounts.set(randomUUID(), c);
  withoutRestaurant = randomUUID();
  const ids = [...accounts.keys(), withoutRestaurant];
  await db.insert(user).values(ids.map((id) => ({ id, name: 'Plan Case', email: `${id}@example.com` })));
  await db.insert(restaurantProfiles).values([...accounts].map(([id, c]) => ({ id, trialEndsAt: dateAt(c.trialEnd) })));
  // Never subscribed is both no row at all and a row that names only the provider's customer.
  const rows = [...accounts].filter(([, c]) => c.providerStatus !== null || c.cancelAtPeriodEnd);
  await db.insert(subscriptions).values(
    rows.map(([id, c]) => ({
      userId: id,
      provider: 'local',
      customerId: `cus_${id}`,
      subscriptionId: c.providerStatus ? `sub_${id}` : null,
      status: c.providerStatus,
      currentPeriodEnd: dateAt(c.periodEnd),
      cancelAtPeriodEnd: c.cancelAtPeriodEnd,
    })),
  );
});
afterAll(() => database?.close());

async function readAccesses(ids: string[]) {
  return database.db
    .select({
      id: user.id,
      access: planAccessSql(PLAN_NOW),
      trialEndsAt: restaurantProfiles.trialEndsAt,
      subscriptions,
    })
    .from(user)
    .leftJoin(restaurantProfiles, eq(restaurantProfiles.id, user.id))
    .leftJoin(subscriptions, eq(subscriptions.userId, user.id))
    .where(inArray(user.id, ids));
}

describe('planAccessSql', () => {
  it('answers every case of the table as planAccess does, from the same rows', async () => {
    const rows = await readAccesses([...accounts.keys()]);
    expect(rows).toHaveLength(PLAN_ACCESS_CASES.length);
    const wrong = rows.flatMap((row) => {
      const c = accounts.get(row.id)!;
      const fromRows = planAccess({ trialEndsAt: row.trialEndsAt, plan: planSummaryOf(row.subscriptions) }, PLAN_NOW);
      return row.access === c.expected && fromRows === c.expected
        ? []
        : [`${c.name}: SQL ${row.access}, TypeScript ${fromRows}, expected ${c.expected}`];
    });
    expect(wrong).toEqual([]);
  });

  it('gives an account without a restaurant row no trial', async () => {
    const [row] = await readAccesses([withoutRestaurant]);
    expect(row?.access).toBe('expired');
    expect(planAccess({ trialEndsAt: row!.trialEndsAt, plan: planSummaryOf(row!.subscriptions) }, PLAN_NOW)).toBe(
      'expired',
    );
  });
});
