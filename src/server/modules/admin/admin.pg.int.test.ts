// Needs a real PostgreSQL server: on PGlite's one connection the extension waits for the commit, locking or not.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/test-app';
import { restaurantProfiles } from '../../db/schema';
import { extendUserTrial, listAdminUsersPage } from './admin-users.service';
import { expectedOrder, type TestAccount } from './admin-test-accounts';
import {
  adminUsersQuerySchema,
  ADMIN_USER_SORTS,
  SORT_DIRECTIONS,
  type AdminUserDetails,
  type AdminUsersQuery,
} from '@shared/contracts/admin';

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

    let extension: Promise<AdminUserDetails> | undefined;
    await t.db.transaction(async (tx) => {
      await tx.select().from(restaurantProfiles).where(eq(restaurantProfiles.id, owner.userId)).for('update');
      extension = extendUserTrial(t.db, t.hub, {
        userId: owner.userId,
        actor: { id: owner.userId, email: 'lock-admin@pickupline.test' },
      });
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

// PostgreSQL's planner and collation, on a set many pages long with ties on every sort key.
describe('admin keyset pages on PostgreSQL', () => {
  const COUNT = 300;
  let t: TestApp;
  let accounts: TestAccount[];

  beforeAll(async () => {
    t = await createTestApp();
    const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);
    // Sign-ups in groups of about 8 sharing one instant, some one microsecond apart; a fifth with no trial end and a
    // third with no order yet; ties among the rest.
    await t.db.execute(sql`
      with n as (
        select n, md5('pgkeyset' || n)::uuid::text as id,
               timestamptz '2025-03-01 00:00:00+00' + (n % 40) * interval '1 minute'
                 + case when n % 7 = 0 then (n % 3) * interval '1 microsecond' else interval '0' end as created_at
        from generate_series(1, ${COUNT}) as n
      ), u as (
        insert into "user" (id, name, email) select id, 'Pgkeyset ' || n, 'pgkeyset' || n || '@example.com' from n
      ), p as (
        insert into profiles (id, name, created_at) select id, 'Pgkeyset ' || n, created_at from n
      )
      insert into restaurant_profiles (id, restaurant_name, trial_ends_at, last_order_at)
      select id, case when n % 11 = 0 then '50% off_' || n end,
             case when n % 5 <> 0 then timestamptz '2025-03-08 00:00:00+00' + (n % 13) * interval '1 day' end,
             case when n % 3 <> 0 then timestamptz '2025-03-09 00:00:00+00' + (n % 17) * interval '1 hour'
                                       + (n % 2) * interval '1 microsecond' end
      from n`);
    const result: unknown = await t.db.execute(sql`
      select p.id, p.name, u.email, ${iso('p.created_at')} as "createdAt",
             ${iso('r.trial_ends_at')} as "trialEndsAt", ${iso('r.last_order_at')} as "lastOrderAt"
      from profiles p join "user" u on u.id = p.id join restaurant_profiles r on r.id = p.id
      where p.name like 'Pgkeyset %'`);
    accounts = (result as { rows: TestAccount[] }).rows;
    expect(accounts).toHaveLength(COUNT);
  });
  afterAll(() => t.close());

  const query = (input: Record<string, unknown>): AdminUsersQuery => adminUsersQuerySchema.parse(input);

  async function walk(input: Record<string, unknown>) {
    const ids: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await listAdminUsersPage(t.db, query({ ...input, cursor }));
      ids.push(...page.users.map((u) => u.id));
      cursor = page.nextCursor ?? undefined;
      pages += 1;
    } while (cursor && pages < 1000);
    return { ids, pages };
  }

  for (const sort of ADMIN_USER_SORTS) {
    for (const dir of SORT_DIRECTIONS) {
      it(`pages by ${sort} ${dir} through every account once, in order`, async () => {
        const expected = expectedOrder(accounts, sort, dir);
        for (const limit of [7, 50, 100]) {
          const { ids, pages } = await walk({ q: 'pgkeyset', sort, dir, limit });
          expect(new Set(ids).size).toBe(COUNT);
          expect(ids).toEqual(expected);
          expect(pages).toBe(Math.ceil(COUNT / limit));
        }
      });
    }
  }

  it('searches case-insensitively, with % and _ taken literally', async () => {
    const withPercent = accounts.filter((a) => Number(a.name.split(' ')[1]) % 11 === 0);
    const found = await walk({ q: '50% OFF_', limit: 100 });
    expect(new Set(found.ids)).toEqual(new Set(withPercent.map((a) => a.id)));
    expect((await walk({ q: '50%%', limit: 100 })).ids).toEqual([]);
    expect((await walk({ q: 'pgkeyset1@', limit: 100 })).ids).toEqual([
      accounts.find((a) => a.email === 'pgkeyset1@example.com')!.id,
    ]);
  });
});
