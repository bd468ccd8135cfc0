import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/test-app';
import { restaurantProfiles } from '../../db/schema';
import type { AdminUser, AdminUsersResponse } from '@shared/contracts/admin';
import type { ApiError } from '@shared/contracts/me';

const DAY_MS = 86_400_000;
const ADMIN_EMAIL = 'boss@pickupline.test';

describe('admin', () => {
  let t: TestApp;
  let admin: { cookie: string; userId: string };

  beforeAll(async () => {
    t = await createTestApp({ adminEmails: [ADMIN_EMAIL] });
    admin = await t.signUp({ name: 'The Boss', email: ADMIN_EMAIL });
  });
  afterAll(() => t.close());

  async function setRestaurant(userId: string, values: Partial<typeof restaurantProfiles.$inferInsert>) {
    await t.db.update(restaurantProfiles).set(values).where(eq(restaurantProfiles.id, userId));
  }

  async function readRestaurant(userId: string) {
    const [row] = await t.db.select().from(restaurantProfiles).where(eq(restaurantProfiles.id, userId));
    return row!;
  }

  function extendTrial(userId: string, { cookie = admin.cookie, json }: { cookie?: string; json?: unknown } = {}) {
    return t.request(`/api/admin/users/${userId}/extend-trial`, { method: 'POST', cookie, json });
  }

  describe('GET /api/admin/users', () => {
    it('counts trials and onboarding over every account and lists the newest first', async () => {
      const expired = await t.signUp({ name: 'Expired Ed', email: 'expired@example.com' });
      const finished = await t.signUp({ name: 'Finished Fay', email: 'finished@example.com' });
      const subscriber = await t.signUp({ name: 'Paying Pat', email: 'paying@example.com' });
      await setRestaurant(expired.userId, { trialEndsAt: new Date(Date.now() - DAY_MS) });
      await setRestaurant(finished.userId, {
        hasCompletedOnboarding: true,
        onboardingStep: 6,
        restaurantName: 'Fay’s Pho',
      });
      await setRestaurant(subscriber.userId, { subscriptionStatus: 'active', hasCompletedOnboarding: true });

      const response = await t.request('/api/admin/users', { cookie: admin.cookie });
      expect(response.status).toBe(200);
      const body = (await response.json()) as AdminUsersResponse;

      // admin + finished are active trials; expired is expired; the subscriber is neither.
      expect(body.stats).toEqual({ totalUsers: 4, activeTrials: 2, expiredTrials: 1, completedOnboarding: 2 });
      expect(body.users.map((u) => u.email)).toEqual([
        'paying@example.com',
        'finished@example.com',
        'expired@example.com',
        ADMIN_EMAIL,
      ]);
      expect(body.users.find((u) => u.id === expired.userId)).toMatchObject({
        name: 'Expired Ed',
        subscriptionStatus: 'trial',
        isTrialExpired: true,
        trialDaysLeft: -1,
      });
      expect(body.users.find((u) => u.id === finished.userId)).toMatchObject({
        restaurantName: 'Fay’s Pho',
        hasCompletedOnboarding: true,
        onboardingStep: 6,
        isTrialExpired: false,
        trialDaysLeft: 7,
      });
      expect(body.users.find((u) => u.id === subscriber.userId)).toMatchObject({
        subscriptionStatus: 'active',
        isTrialExpired: false,
      });
    });

    it('refuses a non-admin with 403 and a signed-out visitor with 401', async () => {
      const owner = await t.signUp({ email: 'curious@example.com' });
      const forbidden = await t.request('/api/admin/users', { cookie: owner.cookie });
      expect(forbidden.status).toBe(403);
      expect(((await forbidden.json()) as ApiError).error).toBeTruthy();
      expect((await t.request('/api/admin/users')).status).toBe(401);
    });
  });

  describe('POST /api/admin/users/:id/extend-trial', () => {
    let owner: { cookie: string; userId: string };
    let ownerCount = 0;
    beforeEach(async () => {
      ownerCount += 1;
      owner = await t.signUp({ email: `trial-${ownerCount}@example.com` });
    });

    it('adds the days to an end that is still in the future', async () => {
      const end = new Date(Date.now() + 3 * DAY_MS);
      await setRestaurant(owner.userId, { trialEndsAt: end });

      const response = await extendTrial(owner.userId, { json: { days: 10 } });
      expect(response.status).toBe(200);
      const body = (await response.json()) as AdminUser;
      expect(body).toMatchObject({
        id: owner.userId,
        subscriptionStatus: 'trial',
        trialDaysLeft: 13,
        isTrialExpired: false,
      });
      expect(new Date(body.trialEndsAt!).getTime()).toBe(end.getTime() + 10 * DAY_MS);
      expect((await readRestaurant(owner.userId)).trialEndsAt?.getTime()).toBe(end.getTime() + 10 * DAY_MS);
    });

    it('adds 7 days to now when the trial already ended, and puts a subscriber back on the trial', async () => {
      await setRestaurant(owner.userId, {
        trialEndsAt: new Date(Date.now() - 30 * DAY_MS),
        subscriptionStatus: 'active',
      });

      const before = Date.now();
      const response = await extendTrial(owner.userId);
      const after = Date.now();
      expect(response.status).toBe(200);

      const row = await readRestaurant(owner.userId);
      expect(row.subscriptionStatus).toBe('trial');
      expect(row.trialEndsAt!.getTime()).toBeGreaterThanOrEqual(before + 7 * DAY_MS);
      expect(row.trialEndsAt!.getTime()).toBeLessThanOrEqual(after + 7 * DAY_MS);
      expect((await response.json()) as AdminUser).toMatchObject({ subscriptionStatus: 'trial', trialDaysLeft: 7 });
    });

    it('refuses a non-admin with 403 and changes nothing', async () => {
      const before = await readRestaurant(owner.userId);
      const response = await extendTrial(owner.userId, { cookie: owner.cookie, json: { days: 30 } });
      expect(response.status).toBe(403);
      expect(await readRestaurant(owner.userId)).toEqual(before);
    });

    it('answers 404 for an unknown user', async () => {
      const response = await extendTrial(crypto.randomUUID());
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'User not found' });
    });

    it('answers 400 naming the field for a bad id or a bad number of days', async () => {
      const badId = await extendTrial('not-a-uuid');
      expect(badId.status).toBe(400);
      expect(((await badId.json()) as ApiError).field).toBe('id');

      for (const days of [0, 91, 2.5, '7']) {
        const badDays = await extendTrial(owner.userId, { json: { days } });
        expect(badDays.status).toBe(400);
        expect(((await badDays.json()) as ApiError).field).toBe('days');
      }
      expect((await readRestaurant(owner.userId)).subscriptionStatus).toBe('trial');
    });
  });
});
