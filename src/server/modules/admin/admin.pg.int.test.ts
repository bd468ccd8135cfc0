// Needs a real PostgreSQL server: on PGlite's one connection the extension waits for the commit, locking or not.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/test-app';
import { restaurantProfiles } from '../../db/schema';
import { extendUserTrial } from './admin.service';
import type { AdminUser } from '@shared/contracts/admin';

const DAY_MS = 86_400_000;

describe('extending a trial while another transaction changes it', () => {
  let t: TestApp;
  let owner: { cookie: string; userId: string };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.signUp({ email: 'trial-lock@example.com' });
  });
  afterAll(() => t.close());

  async function readRestaurant(userId: string) {
    const [row] = await t.db.select().from(restaurantProfiles).where(eq(restaurantProfiles.id, userId));
    return row!;
  }

  /** Sessions on this test file's database that are waiting for a lock another transaction holds. */
  async function lockWaits() {
    const result: unknown = await t.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    return (result as { rows: { n: number }[] }).rows[0]!.n;
  }

  it('waits for a concurrent change to the trial end instead of extending a stale one', async () => {
    await t.db
      .update(restaurantProfiles)
      .set({ trialEndsAt: new Date(Date.now() + DAY_MS) })
      .where(eq(restaurantProfiles.id, owner.userId));
    const changedEnd = new Date(Date.now() + 20 * DAY_MS);

    let extension: Promise<AdminUser> | undefined;
    await t.db.transaction(async (tx) => {
      await tx.select().from(restaurantProfiles).where(eq(restaurantProfiles.id, owner.userId)).for('update');
      extension = extendUserTrial(t.db, { userId: owner.userId });
      // The extension has gone as far as it can without this row: it waits for this transaction's lock (a locking
      // read waits before reading; an unlocked one would have read the old end and wait only to write).
      await vi.waitFor(async () => expect(await lockWaits()).toBe(1), { timeout: 10_000, interval: 20 });
      await tx
        .update(restaurantProfiles)
        .set({ trialEndsAt: changedEnd })
        .where(eq(restaurantProfiles.id, owner.userId));
    });

    const result = await extension!;
    expect(new Date(result.trialEndsAt!).getTime()).toBe(changedEnd.getTime() + 7 * DAY_MS);
    expect((await readRestaurant(owner.userId)).trialEndsAt?.getTime()).toBe(changedEnd.getTime() + 7 * DAY_MS);
  });
});
