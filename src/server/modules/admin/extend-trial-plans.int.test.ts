import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUserDetails } from '@shared/contracts/admin';
import type { ApiError } from '@shared/contracts/me';
import { accountStatusLabel } from '@shared/domain/account-status';
import { planAccess, type ProviderSubscriptionStatus, type SubscriptionStatus } from '@shared/domain/subscription';
import { createTestApp, type TestApp } from '../../../../tests/test-app';
import { dateAt, PLAN_ACCESS_CASES, PLAN_NOW, type PlanAccessCase } from '../../../../tests/plan-access-table';
import { adminAuditLog, profiles, restaurantProfiles, subscriptions, user } from '../../db/schema';
import { planSummaryOf } from '../billing/plan-view';
import { extendUserTrial } from './admin-users.service';

const DAY_MS = 86_400_000;
const ADMIN_EMAIL = 'boss@pickupline.test';

/**
 * The provider statuses the owner's billing page shows as a subscription (Active, Canceling, Past due): the admin's
 * Extend Trial is refused for them, so the two pages never tell different stories. Written out, not derived.
 */
const SHOWN_AS_SUBSCRIBED: ReadonlySet<ProviderSubscriptionStatus> = new Set([
  'trialing',
  'active',
  'past_due',
  'unpaid',
]);

describe('Extend Trial on every plan state', () => {
  let t: TestApp;
  let admin: { cookie: string; userId: string };
  const accounts = new Map<string, PlanAccessCase>();

  /** Accounts written straight to the database, in one insert per table: the restaurant row and the plan copy. */
  async function seedAccounts(cases: [string, PlanAccessCase][], at = dateAt) {
    await t.db.insert(user).values(cases.map(([id]) => ({ id, name: 'Plan Case', email: `${id}@example.com` })));
    await t.db.insert(profiles).values(cases.map(([id]) => ({ id, name: 'Plan Case' })));
    await t.db.insert(restaurantProfiles).values(
      cases.map(([id, c]) => ({
        id,
        trialEndsAt: at(c.trialEnd),
        subscriptionStatus: planAccessToProfile(c.expected),
      })),
    );
    const subscribed = cases.filter(([, c]) => c.providerStatus !== null);
    if (subscribed.length === 0) return;
    await t.db.insert(subscriptions).values(
      subscribed.map(([id, c]) => ({
        userId: id,
        provider: 'local',
        customerId: `cus_${id}`,
        subscriptionId: `sub_${id}`,
        status: c.providerStatus,
        currentPeriodEnd: at(c.periodEnd),
        cancelAtPeriodEnd: c.cancelAtPeriodEnd,
      })),
    );
  }

  const planAccessToProfile = (access: PlanAccessCase['expected']): SubscriptionStatus =>
    access === 'subscribed' ? 'active' : access === 'trial' ? 'trial' : 'none';

  async function readAccount(id: string) {
    const [restaurant] = await t.db.select().from(restaurantProfiles).where(eq(restaurantProfiles.id, id));
    const audit = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetUserId, id));
    return { restaurant: restaurant!, audit };
  }

  beforeAll(async () => {
    t = await createTestApp({ adminEmails: [ADMIN_EMAIL] });
    admin = await t.signUp({ name: 'The Boss', email: ADMIN_EMAIL });
    for (const c of PLAN_ACCESS_CASES) accounts.set(randomUUID(), c);
    await seedAccounts([...accounts]);
  });
  afterAll(() => t.close());

  it('refuses every account the billing page shows as subscribed, with the reason, and extends every other one', async () => {
    const actor = { id: admin.userId, email: ADMIN_EMAIL };
    const wrong: string[] = [];
    let refused = 0;
    for (const [userId, c] of accounts) {
      const before = await readAccount(userId);
      const shouldRefuse = c.providerStatus !== null && SHOWN_AS_SUBSCRIBED.has(c.providerStatus);
      const outcome = await extendUserTrial(t.db, t.hub, { userId, actor, now: PLAN_NOW }).then(
        (details) => ({ details, error: null }),
        (error: unknown) => ({ details: null, error: error as { status?: number; message?: string } }),
      );
      const after = await readAccount(userId);

      if (shouldRefuse) {
        refused += 1;
        if (outcome.error?.status !== 409 || !outcome.error.message?.startsWith('The ')) {
          wrong.push(`${c.name}: expected a 409 with a reason, got ${outcome.error?.status ?? 'success'}`);
        }
        if (JSON.stringify(after) !== JSON.stringify(before)) wrong.push(`${c.name}: changed although refused`);
        continue;
      }

      if (!outcome.details) {
        wrong.push(`${c.name}: refused (${outcome.error?.message}) although no subscription is shown`);
        continue;
      }
      // 7 days on from a trial end still ahead, otherwise from now.
      const base = c.trialEnd === 'future' ? dateAt('future')! : PLAN_NOW;
      const newEnd = new Date(base.getTime() + 7 * DAY_MS).toISOString();
      const details: AdminUserDetails = outcome.details;
      const [subscription] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
      const billingPage = planSummaryOf(subscription);
      const checks: [string, unknown, unknown][] = [
        ['trial end', after.restaurant.trialEndsAt?.toISOString(), newEnd],
        ['profile status', after.restaurant.subscriptionStatus, 'trial'],
        ['audit entries', after.audit.length, 1],
        ['admin status', accountStatusLabel(details, (d) => d), 'Trial'],
        ['admin expired flag', details.isTrialExpired, false],
        // The owner's side agrees: on the trial, and the billing page shows no subscription beside it.
        [
          'owner access',
          planAccess({ trialEndsAt: after.restaurant.trialEndsAt, plan: billingPage }, PLAN_NOW),
          'trial',
        ],
        ['billing page', ['trial', 'canceled'].includes(billingPage.status), true],
      ];
      for (const [what, actual, expected] of checks) {
        if (actual !== expected) wrong.push(`${c.name}: ${what} ${String(actual)}, expected ${String(expected)}`);
      }
    }
    expect(wrong).toEqual([]);
    // trialing, active, past_due, unpaid × canceling or not × 9 date cases.
    expect(refused).toBe(4 * 2 * 9);
  });

  describe('over HTTP, as the admin page calls it', () => {
    const extend = (userId: string) =>
      t.request(`/api/admin/users/${userId}/extend-trial`, { method: 'POST', cookie: admin.cookie, json: {} });

    /** An account as of today: the dates one day either side of now rather than of the table's fixed day. */
    async function accountNow(c: Omit<PlanAccessCase, 'name' | 'expected'>) {
      const id = randomUUID();
      const now = new Date();
      const at = (when: 'none' | 'past' | 'future') =>
        when === 'none' ? null : new Date(now.getTime() + (when === 'past' ? -DAY_MS : DAY_MS));
      await seedAccounts([[id, { ...c, name: 'now', expected: 'trial' }]], at);
      return id;
    }

    it.each([
      ['an active subscription', 'active', 'The owner pays for the subscription'],
      ['a trial converted to the plan', 'trialing', 'The owner has already subscribed'],
      ['a past-due subscription', 'past_due', 'The subscription is past due'],
    ] as const)('answers 409 with the reason for %s, and writes nothing', async (_, providerStatus, reason) => {
      const id = await accountNow({ providerStatus, cancelAtPeriodEnd: false, trialEnd: 'past', periodEnd: 'future' });
      const before = await readAccount(id);

      const response = await extend(id);
      expect(response.status).toBe(409);
      expect(((await response.json()) as ApiError).error).toMatch(new RegExp(`^${reason}`));
      expect(await readAccount(id)).toEqual(before);
    });

    it('extends an account whose subscription has ended, and the billing page shows the new trial beside it', async () => {
      const id = await accountNow({
        providerStatus: 'canceled',
        cancelAtPeriodEnd: false,
        trialEnd: 'past',
        periodEnd: 'past',
      });

      const response = await extend(id);
      expect(response.status).toBe(200);
      const details = (await response.json()) as AdminUserDetails;
      expect(details).toMatchObject({ subscriptionStatus: 'trial', trialDaysLeft: 7, isTrialExpired: false });
      expect(details.plan).toMatchObject({ status: 'canceled', providerStatus: 'canceled' });
    });
  });
});
