import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { parse, type Options as CsvOptions } from 'csv-parse/sync';
import { createTestApp, type TestApp } from '../../../../tests/test-app';
import { eventData, SseClient } from '../../../../tests/sse-client';
import { adminAuditLog, calls, orders, restaurantProfiles, user } from '../../db/schema';
import type {
  AdminStats,
  AdminUser,
  AdminUserDetails,
  AdminUserFilter,
  AdminUserSort,
  AdminUsersPage,
  SortDirection,
} from '@shared/contracts/admin';
import type { ApiError } from '@shared/contracts/me';
import type { RealtimeEvent } from '@shared/contracts/orders';
import { PROVISION_PHONE_QUEUE } from '../phone-system/phone-system.service';
import { expectedOrder, isoMicros, seedAccount, type TestAccount } from './admin-test-accounts';
import { EXPORT_COLUMNS } from './admin-export';

const DAY_MS = 86_400_000;
const ADMIN_EMAIL = 'boss@pickupline.test';
const SORTS: AdminUserSort[] = ['created', 'trial_end', 'last_order'];
const DIRS: SortDirection[] = ['asc', 'desc'];

/** The export starts with a byte order mark, for spreadsheets to read it as UTF-8. */
const CSV_OPTIONS: CsvOptions = { bom: true };

const daysFromNow = (days: number, micros = 0) => isoMicros(new Date(Date.now() + days * DAY_MS), micros);

describe('admin', () => {
  let t: TestApp;
  let admin: { cookie: string; userId: string };
  const streams: SseClient[] = [];

  beforeAll(async () => {
    t = await createTestApp({ adminEmails: [ADMIN_EMAIL] });
    admin = await t.signUp({ name: 'The Boss', email: ADMIN_EMAIL });
  });
  afterAll(async () => {
    for (const stream of streams) await stream.close();
    await t.close();
  });

  async function json<T>(response: Response, status = 200): Promise<T> {
    const body = await response.text();
    expect(response.status, body).toBe(status);
    return JSON.parse(body) as T;
  }

  const get = (path: string, cookie = admin.cookie) => t.request(path, { cookie });

  async function list(params: Record<string, string | number | undefined>): Promise<AdminUsersPage> {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
    return json<AdminUsersPage>(await get(`/api/admin/users?${search}`));
  }

  /** Every page of a view, following nextCursor; fails on a cycle. */
  async function walk(params: Record<string, string | number | undefined>) {
    const ids: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await list({ ...params, cursor });
      ids.push(...page.users.map((u) => u.id));
      cursor = page.nextCursor ?? undefined;
      pages += 1;
      expect(pages).toBeLessThan(100);
    } while (cursor);
    return { ids, pages };
  }

  const details = async (userId: string) => json<AdminUserDetails>(await get(`/api/admin/users/${userId}`));

  async function auditRows(userId: string) {
    return t.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetUserId, userId));
  }

  describe('GET /api/admin/stats', () => {
    it('counts trials and onboarding over every account', async () => {
      const before = await json<AdminStats>(await get('/api/admin/stats'));
      await seedAccount(t.db, { name: 'Stats Expired', trialEndsAt: daysFromNow(-1) });
      await seedAccount(t.db, { name: 'Stats Trial', trialEndsAt: daysFromNow(3), hasCompletedOnboarding: true });
      await seedAccount(t.db, {
        name: 'Stats Paying',
        subscriptionStatus: 'active',
        trialEndsAt: daysFromNow(-30),
        subscription: { status: 'active' },
        hasCompletedOnboarding: true,
      });
      // The profile says paying, but the plan was canceled since: planAccess reads the plan, not the profile.
      await seedAccount(t.db, {
        name: 'Stats Lapsed',
        subscriptionStatus: 'active',
        trialEndsAt: daysFromNow(-30),
        subscription: { status: 'canceled' },
      });
      const after = await json<AdminStats>(await get('/api/admin/stats'));
      expect({
        totalUsers: after.totalUsers - before.totalUsers,
        activeTrials: after.activeTrials - before.activeTrials,
        expiredTrials: after.expiredTrials - before.expiredTrials,
        completedOnboarding: after.completedOnboarding - before.completedOnboarding,
      }).toEqual({ totalUsers: 4, activeTrials: 1, expiredTrials: 2, completedOnboarding: 2 });
    });
  });

  describe('GET /api/admin/users: search', () => {
    const seeded: Record<string, TestAccount> = {};
    beforeAll(async () => {
      const specs = {
        byName: { name: 'Marisol Xoquintero', restaurantName: 'Casa Marisol' },
        byEmail: { name: 'Bob', email: 'XOQUINTERO.fan@example.com', restaurantName: 'Bobs' },
        byRestaurant: { name: 'Carl', restaurantName: 'Xoquintero’s Grill' },
        percent: { name: 'Pho One', restaurantName: '100% Phoxq' },
        noPercent: { name: 'Pho Two', restaurantName: '1000 Phoxq' },
        underscore: { name: 'snake_xqcase' },
        noUnderscore: { name: 'snakeZxqcase' },
        backslash: { name: 'back\\xqslash' },
        noRestaurant: { name: 'Xoquintero Without Restaurant', withRestaurant: false },
      };
      for (const [key, spec] of Object.entries(specs)) seeded[key] = await seedAccount(t.db, spec);
    });

    const found = async (q: string) => new Set((await list({ q })).users.map((u) => u.id));
    const ids = (...keys: string[]) => new Set(keys.map((k) => seeded[k]!.id));

    it('finds the text anywhere in the owner’s name, e-mail or restaurant name, whatever its case', async () => {
      expect(await found('xoquintero')).toEqual(ids('byName', 'byEmail', 'byRestaurant', 'noRestaurant'));
      expect(await found('  XoQuintero.FAN@ ')).toEqual(ids('byEmail'));
      expect(await found('casa mari')).toEqual(ids('byName'));
      expect(await found('quintero’s g')).toEqual(ids('byRestaurant'));
    });

    it('takes % _ and \\ literally', async () => {
      expect(await found('100%')).toEqual(ids('percent'));
      expect(await found('0%')).toEqual(ids('percent'));
      expect(await found('e_x')).toEqual(ids('underscore'));
      expect(await found('k\\x')).toEqual(ids('backslash'));
      expect(await found('%xq')).toEqual(new Set());
    });

    it('returns the account fields the table shows', async () => {
      const { users } = await list({ q: 'casa marisol' });
      expect(users).toEqual([
        {
          id: seeded.byName!.id,
          name: 'Marisol Xoquintero',
          email: seeded.byName!.email,
          restaurantName: 'Casa Marisol',
          subscriptionStatus: 'trial',
          trialEndsAt: expect.any(String) as string,
          trialDaysLeft: 7,
          isTrialExpired: false,
          hasCompletedOnboarding: false,
          onboardingStep: 1,
          createdAt: new Date(seeded.byName!.createdAt).toISOString(),
          plan: { status: 'trial', providerStatus: null, currentPeriodEnd: null, cancelAtPeriodEnd: false },
          phoneStatus: 'not_started',
          lastOrderAt: null,
        } satisfies AdminUser,
      ]);
      expect((await list({ q: 'without restaurant' })).users[0]).toMatchObject({
        restaurantName: null,
        subscriptionStatus: 'none',
        trialEndsAt: null,
        hasCompletedOnboarding: false,
        phoneStatus: 'not_started',
      });
    });
  });

  describe('GET /api/admin/users: filters', () => {
    const seeded: Record<string, TestAccount> = {};
    beforeAll(async () => {
      const done = { hasCompletedOnboarding: true };
      const specs = {
        trialLeft: { trialEndsAt: daysFromNow(3) },
        trialNoEnd: { trialEndsAt: null },
        trialExpired: { trialEndsAt: daysFromNow(-1) },
        noneExpired: { subscriptionStatus: 'none', trialEndsAt: daysFromNow(-5), ...done },
        paying: {
          subscriptionStatus: 'active',
          trialEndsAt: daysFromNow(-30),
          subscription: { status: 'active' },
          ...done,
        },
        pastDue: {
          subscriptionStatus: 'active',
          trialEndsAt: daysFromNow(-30),
          subscription: { status: 'past_due' },
          ...done,
        },
        // Subscribed during the trial; the profile has not caught up yet: paying, not on the trial.
        trialWithPaidPlan: { trialEndsAt: daysFromNow(3), subscription: { status: 'trialing' }, ...done },
        canceling: {
          subscriptionStatus: 'active',
          trialEndsAt: daysFromNow(-30),
          subscription: { status: 'active', cancelAtPeriodEnd: true },
          ...done,
        },
        unpaid: {
          subscriptionStatus: 'none',
          trialEndsAt: daysFromNow(-10),
          subscription: { status: 'unpaid' },
          ...done,
        },
        phoneFailed: { trialEndsAt: daysFromNow(3), phoneStatus: 'failed', phoneError: 'No numbers left', ...done },
        incompleteCheckout: { trialEndsAt: daysFromNow(3), subscription: { status: 'incomplete' } },
        customerOnly: {
          trialEndsAt: daysFromNow(3),
          subscription: { status: null, subscriptionId: null },
        },
        canceledPlanNewTrial: { trialEndsAt: daysFromNow(2), subscription: { status: 'canceled' } },
        noRestaurant: { withRestaurant: false },
      } as const;
      for (const [key, spec] of Object.entries(specs)) {
        seeded[key] = await seedAccount(t.db, { name: `Filterqz ${key}`, ...spec });
      }
    });

    const inFilter = async (filter: AdminUserFilter) =>
      new Set((await list({ q: 'filterqz', filter, limit: 100 })).users.map((u) => u.id));
    const ids = (...keys: string[]) => new Set(keys.map((k) => seeded[k]!.id));

    it.each([
      ['trial', ['trialLeft', 'phoneFailed', 'incompleteCheckout', 'customerOnly', 'canceledPlanNewTrial']],
      // planAccess: an account never given a trial end (or without a restaurant row) has no trial to run on.
      ['expired', ['trialNoEnd', 'trialExpired', 'noneExpired', 'unpaid', 'noRestaurant']],
      ['active', ['paying', 'pastDue', 'trialWithPaidPlan']],
      ['canceling', ['canceling']],
      [
        'onboarding_incomplete',
        [
          'trialLeft',
          'trialNoEnd',
          'trialExpired',
          'incompleteCheckout',
          'customerOnly',
          'canceledPlanNewTrial',
          'noRestaurant',
        ],
      ],
      ['phone_failed', ['phoneFailed']],
    ] as const)('%s', async (filter, keys) => {
      expect(await inFilter(filter)).toEqual(ids(...keys));
    });

    it('agrees with the flags on each row', async () => {
      for (const account of (await list({ q: 'filterqz', filter: 'expired' })).users) {
        expect(account.isTrialExpired).toBe(true);
      }
      for (const account of (await list({ q: 'filterqz', filter: 'trial' })).users) {
        expect(account).toMatchObject({ subscriptionStatus: 'trial', isTrialExpired: false });
      }
      for (const account of (await list({ q: 'filterqz', filter: 'phone_failed' })).users) {
        expect(account.phoneStatus).toBe('failed');
      }
      const canceling = (await list({ q: 'filterqz', filter: 'canceling' })).users;
      expect(canceling.map((u) => u.plan.status)).toEqual(['canceling']);
    });
  });

  describe('GET /api/admin/users: sorting and keyset pages', () => {
    const accounts: TestAccount[] = [];
    beforeAll(async () => {
      const base = Date.UTC(2025, 0, 1);
      const at = (days: number, micros = 0) => isoMicros(new Date(base + days * DAY_MS), micros);
      // Ties on every sort (same sign-up instant, same trial end, same last order), values one microsecond apart,
      // and nulls (no trial end, no order, no restaurant row at all).
      const specs: { createdAt: string; trialEndsAt: string | null; lastOrderAt: string | null; none?: true }[] = [
        { createdAt: at(1), trialEndsAt: at(8), lastOrderAt: at(3) },
        { createdAt: at(1), trialEndsAt: at(8), lastOrderAt: at(3) },
        { createdAt: at(1), trialEndsAt: null, lastOrderAt: null },
        { createdAt: at(2, 1), trialEndsAt: at(9, 1), lastOrderAt: at(4, 1) },
        { createdAt: at(2, 2), trialEndsAt: at(9, 2), lastOrderAt: at(4, 2) },
        { createdAt: at(3), trialEndsAt: at(8), lastOrderAt: null },
        { createdAt: at(4), trialEndsAt: null, lastOrderAt: at(3) },
        { createdAt: at(5), trialEndsAt: at(10), lastOrderAt: at(5) },
        { createdAt: at(5), trialEndsAt: at(10), lastOrderAt: at(5) },
        { createdAt: at(5), trialEndsAt: at(10), lastOrderAt: at(5) },
        { createdAt: at(6), trialEndsAt: at(7), lastOrderAt: null },
        { createdAt: at(7), trialEndsAt: null, lastOrderAt: null, none: true },
        { createdAt: at(8), trialEndsAt: at(1), lastOrderAt: at(9) },
      ];
      for (const [i, spec] of specs.entries()) {
        accounts.push(
          await seedAccount(t.db, {
            name: `Sortqz ${i}`,
            createdAt: spec.createdAt,
            trialEndsAt: spec.trialEndsAt,
            lastOrderAt: spec.lastOrderAt,
            withRestaurant: !spec.none,
          }),
        );
      }
    });

    for (const sort of SORTS) {
      for (const dir of DIRS) {
        it(`by ${sort} ${dir}, nulls last, ties broken by id, page after page with no gap or repeat`, async () => {
          const expected = expectedOrder(accounts, sort, dir);
          const all = await list({ q: 'sortqz', sort, dir, limit: 100 });
          expect(all.users.map((u) => u.id)).toEqual(expected);
          expect(all.nextCursor).toBeNull();
          for (const limit of [1, 2, 5, 13]) {
            const { ids, pages } = await walk({ q: 'sortqz', sort, dir, limit });
            expect(ids).toEqual(expected);
            expect(pages).toBe(Math.ceil(expected.length / limit));
          }
        });
      }
    }

    it('defaults to the newest sign-ups first, 50 to a page', async () => {
      const page = await list({ q: 'sortqz' });
      expect(page.users.map((u) => u.id)).toEqual(expectedOrder(accounts, 'created', 'desc'));
      const { totalUsers } = await json<AdminStats>(await get('/api/admin/stats'));
      expect((await list({})).users).toHaveLength(Math.min(50, totalUsers));
    });

    it('keeps paging a filtered, searched view', async () => {
      // No sortqz account has finished onboarding (the one without a restaurant row neither); every trial end is past.
      const { ids } = await walk({
        q: 'sortqz',
        filter: 'onboarding_incomplete',
        sort: 'trial_end',
        dir: 'asc',
        limit: 4,
      });
      expect(ids).toEqual(expectedOrder(accounts, 'trial_end', 'asc'));
      // None has a trial left (ended, or never given) nor a plan.
      const expired = await walk({ q: 'sortqz', filter: 'expired', sort: 'last_order', dir: 'desc', limit: 3 });
      expect(expired.ids).toEqual(expectedOrder(accounts, 'last_order', 'desc'));
    });
  });

  describe('GET /api/admin/users: bad input', () => {
    async function badRequest(query: string, field: string) {
      const response = await get(`/api/admin/users?${query}`);
      const body = await json<ApiError>(response, 400);
      expect(body.field).toBe(field);
      expect(body.error).toBeTruthy();
      return body;
    }

    it('refuses an unknown filter, sort or direction, and a bad limit or search', async () => {
      await badRequest('filter=everyone', 'filter');
      await badRequest('sort=name', 'sort');
      await badRequest('dir=up', 'dir');
      for (const limit of ['0', '101', 'ten', '2.5', '-1']) await badRequest(`limit=${limit}`, 'limit');
      await badRequest(`q=${'a'.repeat(101)}`, 'q');
    });

    it('refuses a cursor that was not made for this view', async () => {
      for (let i = 0; i < 3; i++) await seedAccount(t.db, { name: `Cursorqz ${i}` });
      const page = await list({ q: 'cursorqz', limit: 1 });
      const cursor = page.nextCursor!;
      expect(cursor).toEqual(expect.any(String));
      const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as Record<string, unknown>;
      const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

      const error = await badRequest('cursor=not-a-cursor', 'cursor');
      expect(error.error).toMatch(/Invalid cursor/);
      await badRequest(`cursor=${'x'.repeat(501)}`, 'cursor');
      await badRequest(`cursor=${encode({ ...decoded, id: 'someone' })}`, 'cursor');
      await badRequest(`cursor=${encode({ ...decoded, value: "2025-01-01'; drop table user; --" })}`, 'cursor');
      await badRequest(`cursor=${encode({ ...decoded, value: '2025-13-45 99:99:99+00' })}`, 'cursor');
      await badRequest(`cursor=${encode({ ...decoded, value: null })}`, 'cursor');
      await badRequest(`cursor=${encode({ ...decoded, extra: 1 })}`, 'cursor');
      await badRequest(`cursor=${encode([decoded])}`, 'cursor');
      await badRequest(`q=cursorqz&sort=last_order&cursor=${cursor}`, 'cursor');
      await badRequest(`q=cursorqz&dir=asc&cursor=${cursor}`, 'cursor');
      // The untouched cursor still works.
      expect((await list({ q: 'cursorqz', limit: 1, cursor })).users).toHaveLength(1);
    });
  });

  describe('GET /api/admin/users/export', () => {
    const seeded: Record<string, TestAccount> = {};
    beforeAll(async () => {
      seeded.quotes = await seedAccount(t.db, {
        name: 'Pat "The Chef", O’Brien Exportqz',
        restaurantName: 'Line one\nLine two',
        trialEndsAt: daysFromNow(-2),
        lastOrderAt: daysFromNow(-3),
      });
      seeded.formula = await seedAccount(t.db, {
        name: '=HYPERLINK("http://evil.example","Exportqz")',
        restaurantName: '+1 555 0100',
        trialEndsAt: daysFromNow(4),
        hasCompletedOnboarding: true,
        phoneStatus: 'failed',
      });
      seeded.more = await seedAccount(t.db, {
        name: '@SUM(A1) Exportqz',
        restaurantName: '-2+3',
        subscriptionStatus: 'active',
        trialEndsAt: daysFromNow(-40),
        subscription: { status: 'active', cancelAtPeriodEnd: true },
        hasCompletedOnboarding: true,
        phoneStatus: 'active',
        lastOrderAt: daysFromNow(-1),
      });
      seeded.tab = await seedAccount(t.db, { name: '\tTabbed Exportqz', restaurantName: '\rReturn' });
    });

    async function exportCsv(query: string) {
      const response = await get(`/api/admin/users/export?${query}`);
      const text = await response.text();
      expect(response.status, text).toBe(200);
      return { response, text, rows: parse(text, CSV_OPTIONS) };
    }

    it('sends every account in the view as a dated CSV attachment', async () => {
      const { response, text, rows } = await exportCsv('q=exportqz');
      expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
      // A byte order mark first, so spreadsheets read the file as UTF-8 (text() drops it when decoding).
      const bytes = new Uint8Array(await (await get('/api/admin/users/export?q=exportqz')).arrayBuffer());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const today = new Date().toISOString().slice(0, 10);
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename="pickupline-users-${today}.csv"`);
      expect(rows[0]).toEqual([...EXPORT_COLUMNS]);
      expect(rows).toHaveLength(5);
      expect(text).toContain('"Pat ""The Chef"", O’Brien Exportqz"');

      const byName = new Map(rows.slice(1).map((row) => [row[1], row]));
      expect(byName.get(seeded.quotes!.email)).toEqual([
        'Pat "The Chef", O’Brien Exportqz',
        seeded.quotes!.email,
        'Line one\nLine two',
        'Trial expired',
        new Date(seeded.quotes!.trialEndsAt!).toISOString(),
        'Step 1 of 6',
        'Not set up',
        new Date(seeded.quotes!.lastOrderAt!).toISOString(),
        new Date(seeded.quotes!.createdAt).toISOString(),
      ]);
      expect(byName.get(seeded.more!.email)).toMatchObject({ 3: 'Pro · Canceling', 5: 'Complete', 6: 'Active' });
      expect(byName.get(seeded.formula!.email)).toMatchObject({ 3: 'Trial', 6: 'Setup failed', 7: '' });
    });

    it('writes cells a spreadsheet would run as formulas with a leading quote mark', async () => {
      const { rows } = await exportCsv('q=exportqz');
      const byEmail = new Map(rows.slice(1).map((row) => [row[1], row]));
      expect(byEmail.get(seeded.formula!.email)!.slice(0, 3)).toEqual([
        `'=HYPERLINK("http://evil.example","Exportqz")`,
        seeded.formula!.email,
        `'+1 555 0100`,
      ]);
      expect(byEmail.get(seeded.more!.email)!.slice(0, 3)).toEqual([`'@SUM(A1) Exportqz`, seeded.more!.email, `'-2+3`]);
      expect(byEmail.get(seeded.tab!.email)!.slice(0, 3)).toEqual([
        `'\tTabbed Exportqz`,
        seeded.tab!.email,
        `'\rReturn`,
      ]);
    });

    it('follows the search, the filter and the sort, as the list does', async () => {
      const views: Record<string, string>[] = [
        { q: 'exportqz', sort: 'last_order', dir: 'desc' },
        { q: 'exportqz', sort: 'trial_end', dir: 'asc' },
        { q: 'exportqz', filter: 'onboarding_incomplete', sort: 'created', dir: 'asc' },
        { q: 'exportqz', filter: 'canceling' },
        { q: 'nobody-matches-this-exportqz' },
      ];
      for (const query of views) {
        const { rows } = await exportCsv(new URLSearchParams(query).toString());
        const listed = await list({ ...query, limit: 100 });
        expect(rows.slice(1).map((row) => row[1])).toEqual(listed.users.map((u) => u.email));
      }
      expect((await exportCsv('q=exportqz&filter=canceling')).rows).toHaveLength(2);
    });

    it('refuses a bad view with 400 naming the field', async () => {
      expect((await json<ApiError>(await get('/api/admin/users/export?filter=all'), 400)).field).toBe('filter');
      expect((await json<ApiError>(await get('/api/admin/users/export?dir=sideways'), 400)).field).toBe('dir');
    });
  });

  describe('GET /api/admin/users/:id', () => {
    it('shows the account with its plan, phone system, recent orders, last call and audit trail', async () => {
      const account = await seedAccount(t.db, {
        name: 'Details Dana',
        restaurantName: 'Dana’s Diner',
        subscriptionStatus: 'active',
        trialEndsAt: daysFromNow(-20),
        hasCompletedOnboarding: true,
        phoneStatus: 'active',
        phoneNumber: '+15555550123',
        subscription: {
          status: 'past_due',
          currentPeriodEnd: new Date('2030-02-01T00:00:00Z'),
          paymentMethodBrand: 'visa',
          paymentMethodLast4: '4242',
        },
      });
      const now = Date.now();
      for (const daysAgo of [1, 5, 10, 40]) {
        await t.db.insert(orders).values({
          userId: account.id,
          item: '1× Soup',
          phoneNumber: '+15555550100',
          status: 'completed',
          createdAt: new Date(now - daysAgo * DAY_MS),
        });
      }
      await t.db.insert(orders).values({
        userId: account.id,
        item: '1× Old soup',
        phoneNumber: '+15555550100',
        createdAt: new Date(now - 400 * DAY_MS),
      });
      const callStart = new Date(now - 2 * 3_600_000);
      await t.db.insert(calls).values([
        {
          providerCallId: `call-${randomUUID()}`,
          restaurantId: account.id,
          kind: 'phone',
          status: 'ended',
          outcome: 'ordered',
          startedAt: new Date(now - 5 * 3_600_000),
          endedAt: new Date(now - 5 * 3_600_000 + 60_000),
        },
        {
          providerCallId: `call-${randomUUID()}`,
          restaurantId: account.id,
          kind: 'test',
          status: 'ended',
          outcome: 'no_order',
          startedAt: callStart,
          endedAt: new Date(callStart.getTime() + 95_400),
        },
      ]);

      const body = await details(account.id);
      expect(body).toEqual({
        id: account.id,
        name: 'Details Dana',
        email: account.email,
        restaurantName: 'Dana’s Diner',
        subscriptionStatus: 'active',
        trialEndsAt: new Date(account.trialEndsAt!).toISOString(),
        trialDaysLeft: -20,
        isTrialExpired: false,
        hasCompletedOnboarding: true,
        onboardingStep: 6,
        createdAt: new Date(account.createdAt).toISOString(),
        plan: {
          status: 'past_due',
          providerStatus: 'past_due',
          currentPeriodEnd: '2030-02-01T00:00:00.000Z',
          cancelAtPeriodEnd: false,
        },
        phoneStatus: 'active',
        // The newest order, kept up to date by the trigger on orders.
        lastOrderAt: new Date(now - DAY_MS).toISOString(),
        subscription: {
          provider: 'local',
          status: 'past_due',
          providerStatus: 'past_due',
          currentPeriodEnd: '2030-02-01T00:00:00.000Z',
          cancelAtPeriodEnd: false,
          paymentMethod: { brand: 'visa', last4: '4242' },
          customerId: `cus_${account.id}`,
          subscriptionId: `sub_${account.id}`,
        },
        phone: { status: 'active', error: null, phoneNumber: '+15555550123', canRetry: false },
        orders: { last7Days: 2, last30Days: 3 },
        // Seeded without one: the admin's browser shows the call in its own zone, named.
        timeZone: null,
        lastCall: {
          kind: 'test',
          status: 'ended',
          outcome: 'no_order',
          startedAt: callStart.toISOString(),
          durationSeconds: 95,
        },
        audit: [],
      } satisfies AdminUserDetails);
    });

    it('has no plan, orders or calls for a new account, and offers Retry setup once onboarding is done', async () => {
      const fresh = await seedAccount(t.db, { name: 'Fresh Fran' });
      expect(await details(fresh.id)).toMatchObject({
        subscription: null,
        lastCall: null,
        lastOrderAt: null,
        orders: { last7Days: 0, last30Days: 0 },
        phone: { status: 'not_started', error: null, phoneNumber: null, canRetry: false },
        audit: [],
      });
      const failed = await seedAccount(t.db, {
        name: 'Failed Phil',
        hasCompletedOnboarding: true,
        phoneStatus: 'failed',
        phoneError: 'Free number limit reached.',
      });
      expect((await details(failed.id)).phone).toEqual({
        status: 'failed',
        error: 'Free number limit reached.',
        phoneNumber: null,
        canRetry: true,
      });
      const customer = await seedAccount(t.db, {
        name: 'Customer Cass',
        subscription: { status: null, subscriptionId: null },
      });
      expect((await details(customer.id)).subscription).toEqual({
        provider: 'local',
        status: 'trial',
        providerStatus: null,
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
        paymentMethod: null,
        customerId: `cus_${customer.id}`,
        subscriptionId: null,
      });
    });

    it('answers 404 for an unknown account and 400 for an id that is not one', async () => {
      expect(await json<ApiError>(await get(`/api/admin/users/${randomUUID()}`), 404)).toEqual({
        error: 'User not found',
      });
      expect((await json<ApiError>(await get('/api/admin/users/nobody'), 400)).field).toBe('id');
    });
  });

  describe('POST /api/admin/users/:id/extend-trial', () => {
    let count = 0;
    const signUpOwner = () => t.signUp({ name: 'Trial Owner', email: `trial-${++count}@example.com` });

    async function setRestaurant(userId: string, values: Partial<typeof restaurantProfiles.$inferInsert>) {
      await t.db.update(restaurantProfiles).set(values).where(eq(restaurantProfiles.id, userId));
    }

    async function readRestaurant(userId: string) {
      const [row] = await t.db.select().from(restaurantProfiles).where(eq(restaurantProfiles.id, userId));
      return row!;
    }

    const extendTrial = (
      userId: string,
      { cookie = admin.cookie, json: body }: { cookie?: string; json?: unknown } = {},
    ) => t.request(`/api/admin/users/${userId}/extend-trial`, { method: 'POST', cookie, json: body });

    async function follow(cookie: string) {
      const response = await t.request('/api/events', { cookie });
      expect(response.status).toBe(200);
      const stream = new SseClient(response);
      streams.push(stream);
      expect((await stream.next()).event).toBe('ready');
      return stream;
    }

    it('adds the days to an end still in the future, records who did it, and tells the owner’s dashboard', async () => {
      const owner = await signUpOwner();
      const end = new Date(Date.now() + 3 * DAY_MS);
      await setRestaurant(owner.userId, { trialEndsAt: end });
      const stream = await follow(owner.cookie);

      const body = await json<AdminUserDetails>(await extendTrial(owner.userId, { json: { days: 10 } }));
      const newEnd = new Date(end.getTime() + 10 * DAY_MS).toISOString();
      expect(body).toMatchObject({
        id: owner.userId,
        subscriptionStatus: 'trial',
        trialEndsAt: newEnd,
        trialDaysLeft: 13,
        isTrialExpired: false,
      });
      expect((await readRestaurant(owner.userId)).trialEndsAt?.toISOString()).toBe(newEnd);
      expect(body.audit).toEqual([
        {
          id: expect.any(String) as string,
          at: expect.any(String) as string,
          action: 'extend_trial',
          actor: { id: admin.userId, email: ADMIN_EMAIL },
          targetUserId: owner.userId,
          before: { subscriptionStatus: 'trial', trialEndsAt: end.toISOString() },
          after: { subscriptionStatus: 'trial', trialEndsAt: newEnd },
        },
      ]);
      expect(await auditRows(owner.userId)).toHaveLength(1);

      const event = eventData<RealtimeEvent>(await stream.nextMatching((f) => f.data.includes('plan.updated')));
      expect(event).toEqual({
        type: 'plan.updated',
        plan: {
          status: 'trial',
          providerStatus: null,
          currentPeriodEnd: null,
          cancelAtPeriodEnd: false,
          subscriptionId: null,
        },
      });
      expect((await details(owner.userId)).audit).toEqual(body.audit);
    });

    it('brings an expired account back: 7 days from now, back on the trial, the badge gone', async () => {
      const owner = await signUpOwner();
      const oldEnd = new Date(Date.now() - 30 * DAY_MS);
      await setRestaurant(owner.userId, { trialEndsAt: oldEnd, subscriptionStatus: 'none' });
      expect((await details(owner.userId)).isTrialExpired).toBe(true);

      const before = Date.now();
      const body = await json<AdminUserDetails>(await extendTrial(owner.userId));
      const after = Date.now();
      const row = await readRestaurant(owner.userId);
      expect(row.subscriptionStatus).toBe('trial');
      expect(row.trialEndsAt!.getTime()).toBeGreaterThanOrEqual(before + 7 * DAY_MS);
      expect(row.trialEndsAt!.getTime()).toBeLessThanOrEqual(after + 7 * DAY_MS);
      expect(body).toMatchObject({ subscriptionStatus: 'trial', trialDaysLeft: 7, isTrialExpired: false });
      expect(body.audit[0]).toMatchObject({
        before: { subscriptionStatus: 'none', trialEndsAt: oldEnd.toISOString() },
        after: { subscriptionStatus: 'trial', trialEndsAt: row.trialEndsAt!.toISOString() },
      });

      const me = await json<{ restaurant: { subscriptionStatus: string; trialEndsAt: string } }>(
        await t.request('/api/me', { cookie: owner.cookie }),
      );
      expect(me.restaurant).toMatchObject({ subscriptionStatus: 'trial', trialEndsAt: row.trialEndsAt!.toISOString() });
    });

    it('keeps the audit entry when the account is deleted', async () => {
      const owner = await signUpOwner();
      await json<AdminUserDetails>(await extendTrial(owner.userId, { json: { days: 3 } }));
      await json<AdminUserDetails>(await extendTrial(owner.userId, { json: { days: 4 } }));
      await t.db.delete(user).where(eq(user.id, owner.userId));

      const kept = await auditRows(owner.userId);
      expect(kept).toHaveLength(2);
      expect(kept.map((row) => row.actorEmail)).toEqual([ADMIN_EMAIL, ADMIN_EMAIL]);
      expect((await get(`/api/admin/users/${owner.userId}`)).status).toBe(404);
    });

    it('refuses a non-admin with 403 and changes nothing', async () => {
      const owner = await signUpOwner();
      const before = await readRestaurant(owner.userId);
      expect((await extendTrial(owner.userId, { cookie: owner.cookie, json: { days: 30 } })).status).toBe(403);
      expect(await readRestaurant(owner.userId)).toEqual(before);
      expect(await auditRows(owner.userId)).toEqual([]);
    });

    it('answers 404 for an unknown user, writing nothing', async () => {
      const id = randomUUID();
      expect(await json<ApiError>(await extendTrial(id), 404)).toEqual({ error: 'User not found' });
      expect(await auditRows(id)).toEqual([]);
    });

    it('answers 400 naming the field for a bad id or a bad number of days', async () => {
      const owner = await signUpOwner();
      expect((await json<ApiError>(await extendTrial('not-a-uuid'), 400)).field).toBe('id');
      for (const days of [0, 91, 2.5, '7']) {
        expect((await json<ApiError>(await extendTrial(owner.userId, { json: { days } }), 400)).field).toBe('days');
      }
      expect(await auditRows(owner.userId)).toEqual([]);
    });
  });

  describe('POST /api/admin/users/:id/retry-phone-setup', () => {
    const retry = (userId: string) =>
      t.request(`/api/admin/users/${userId}/retry-phone-setup`, { method: 'POST', cookie: admin.cookie, json: {} });

    async function queuedJobs(userId: string) {
      const result: unknown = await t.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = ${PROVISION_PHONE_QUEUE} and singleton_key = ${userId}`,
      );
      return (result as { rows: { n: number }[] }).rows[0]!.n;
    }

    it('puts a failed set-up back to pending, records it, and sends the job', async () => {
      const account = await seedAccount(t.db, {
        name: 'Retry Rita',
        hasCompletedOnboarding: true,
        phoneStatus: 'failed',
        phoneError: 'Free number limit of 5 reached.',
      });
      expect(await queuedJobs(account.id)).toBe(0);

      const body = await json<AdminUserDetails>(await retry(account.id));
      expect(body.phone).toEqual({ status: 'pending', error: null, phoneNumber: null, canRetry: false });
      expect(body.phoneStatus).toBe('pending');
      expect(body.audit).toEqual([
        expect.objectContaining({
          action: 'retry_phone_setup',
          actor: { id: admin.userId, email: ADMIN_EMAIL },
          targetUserId: account.id,
          before: { phoneStatus: 'failed', error: 'Free number limit of 5 reached.' },
          after: { phoneStatus: 'pending' },
        }),
      ]);
      expect(await queuedJobs(account.id)).toBe(1);

      // Now under way: a second click is refused and records nothing more.
      expect((await json<ApiError>(await retry(account.id), 409)).error).toMatch(/already being set up/);
      expect(await auditRows(account.id)).toHaveLength(1);
    });

    it('starts a set-up that never started', async () => {
      const account = await seedAccount(t.db, { name: 'Never Ned', hasCompletedOnboarding: true });
      expect((await json<AdminUserDetails>(await retry(account.id))).phone.status).toBe('pending');
      expect(await queuedJobs(account.id)).toBe(1);
    });

    it.each([
      ['set up already', { hasCompletedOnboarding: true, phoneStatus: 'active' }, /already set up/],
      ['being set up', { hasCompletedOnboarding: true, phoneStatus: 'pending' }, /already being set up/],
      ['before onboarding is done', { phoneStatus: 'failed' }, /not finished onboarding/],
    ] as const)('answers 409 %s, changing nothing', async (_, spec, message) => {
      const account = await seedAccount(t.db, { name: 'Conflict Cora', ...spec });
      expect((await json<ApiError>(await retry(account.id), 409)).error).toMatch(message);
      // Before reading the details, which records that read.
      expect(await auditRows(account.id)).toEqual([]);
      expect((await details(account.id)).phone.status).toBe(spec.phoneStatus);
      expect(await queuedJobs(account.id)).toBe(0);
    });

    it('answers 404 for an unknown account and 400 for a bad id', async () => {
      expect(await json<ApiError>(await retry(randomUUID()), 404)).toEqual({ error: 'User not found' });
      expect((await json<ApiError>(await retry('abc'), 400)).field).toBe('id');
    });
  });
});
