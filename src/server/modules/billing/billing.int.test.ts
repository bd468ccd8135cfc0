import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BillingResponse, PlanSummary, RedirectResponse, TestCheckoutView } from '@shared/contracts/billing';
import type { MeResponse } from '@shared/contracts/me';
import type { AdminUserDetails, AdminUserFilter, AdminUsersPage } from '@shared/contracts/admin';
import { planAccess } from '@shared/domain/subscription';
import { PRO_PLAN } from '@shared/product';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../../tests/test-app';
import {
  localBillingCheckouts,
  localBillingSubscriptions,
  realtimeEvents,
  restaurantProfiles,
  subscriptions,
} from '../../db/schema';
import { addMonthsUtc, LOCAL_CHECKOUT_PATH } from '../../providers/billing/local-billing-provider';
import { loadCallContext } from '../voice/call-context';
import { advanceLocalBilling } from './billing.service';

const DAY_MS = 24 * 60 * 60 * 1000;
const ADMIN_EMAIL = 'billing-admin@example.com';
const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Dana Diner' };

describe('billing in local test mode', () => {
  let t: TestApp;
  let clock = new Date();
  let owner: { cookie: string; userId: string };
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp({ billingNow: () => clock, adminEmails: [ADMIN_EMAIL] });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    clock = new Date();
    owner = await t.signUp({ email: `billing-${++n}@example.com` });
  });

  const deps = () => ({ db: t.db, hub: t.hub, billing: t.billing, logger: t.logger, appUrl: TEST_ORIGIN });

  async function json<T>(response: Response, status = 200): Promise<T> {
    const body = (await response.json()) as T;
    expect(response.status, JSON.stringify(body)).toBe(status);
    return body;
  }
  const post = (path: string, body: unknown = {}, cookie = owner.cookie) =>
    t.request(path, { method: 'POST', cookie, json: body });
  const billing = (cookie = owner.cookie) =>
    t.request('/api/billing', { cookie }).then((r) => json<BillingResponse>(r));
  const me = () => t.request('/api/me', { cookie: owner.cookie }).then((r) => json<MeResponse>(r));
  const checkout = () => post('/api/billing/checkout').then((r) => json<RedirectResponse>(r));
  const checkoutId = (url: string) => url.slice(`${TEST_ORIGIN}${LOCAL_CHECKOUT_PATH}`.length);
  const pay = (id: string, card: Record<string, string> = GOOD_CARD, cookie = owner.cookie) =>
    post(`/api/billing/test-checkout/${id}/pay`, card, cookie);

  async function subscribe() {
    const { url } = await checkout();
    const { url: next } = await json<{ url: string }>(await pay(checkoutId(url)));
    expect(next).toBe(`${TEST_ORIGIN}/payment/success`);
    return (await me()).plan;
  }

  async function endTrial(userId = owner.userId) {
    await t.db
      .update(restaurantProfiles)
      .set({ trialEndsAt: new Date(clock.getTime() - DAY_MS) })
      .where(eq(restaurantProfiles.id, userId));
  }

  async function planEvents(userId = owner.userId): Promise<PlanSummary[]> {
    const rows = await t.db
      .select({ payload: realtimeEvents.payload })
      .from(realtimeEvents)
      .where(and(eq(realtimeEvents.userId, userId), sql`${realtimeEvents.payload}->>'type' = 'plan.updated'`))
      .orderBy(realtimeEvents.id);
    return rows.map((r) => (r.payload as { plan: PlanSummary }).plan);
  }

  it('shows a new owner the trial, the one plan and no history', async () => {
    const view = await billing();
    expect(view).toMatchObject({
      plan: { name: PRO_PLAN.name, priceCents: 3900, interval: 'month', mode: 'subscription' },
      testMode: true,
      status: 'trial',
      subscriptionId: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      paymentMethod: null,
      invoices: [],
    });
    expect(new Date(view.trialEndsAt!).getTime()).toBeGreaterThan(Date.now() + 6 * DAY_MS);
    expect((await me()).plan).toEqual({
      status: 'trial',
      providerStatus: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      subscriptionId: null,
    });
  });

  it('makes one checkout however often Subscribe is pressed, in one tab or two at once', async () => {
    const [a, b] = await Promise.all([checkout(), checkout()]);
    const c = await checkout();
    expect(a.url).toMatch(new RegExp(`^${TEST_ORIGIN}${LOCAL_CHECKOUT_PATH}cs_local_[0-9a-f]+$`));
    expect(b.url).toBe(a.url);
    expect(c.url).toBe(a.url);
    const rows = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, owner.userId));
    expect(rows).toHaveLength(1);
    const made = await t.db
      .select({ id: localBillingCheckouts.id })
      .from(localBillingCheckouts)
      .where(eq(localBillingCheckouts.customerId, rows[0]!.customerId!));
    expect(made).toEqual([{ id: checkoutId(a.url) }]);
  });

  it('refuses a plan that is not on offer, and any other mode', async () => {
    const wrongPrice = await json<{ error: string }>(await post('/api/billing/checkout', { price_id: 'price_x' }), 400);
    expect(wrongPrice.error).toMatch(/only plan/);
    expect((await post('/api/billing/checkout', { mode: 'payment' })).status).toBe(400);
    expect((await post('/api/billing/checkout', { success_url: 'https://evil.example' })).status).toBe(400);
  });

  it("shows the checkout only to its owner, and never another owner's", async () => {
    const { url } = await checkout();
    const id = checkoutId(url);
    const view = await json<TestCheckoutView>(
      await t.request(`/api/billing/test-checkout/${id}`, { cookie: owner.cookie }),
    );
    expect(view).toMatchObject({
      id,
      purpose: 'subscribe',
      status: 'open',
      planName: PRO_PLAN.name,
      amountCents: 3900,
      email: `billing-${n}@example.com`,
      cancelUrl: `${TEST_ORIGIN}/payment/canceled`,
    });
    // The rest of the 7-day trial is carried over: the card is first charged when it ends.
    expect(new Date(view.firstChargeAt!).getTime()).toBeGreaterThan(Date.now() + 6 * DAY_MS);

    const other = await t.signUp({ email: `other-${n}@example.com` });
    expect((await t.request(`/api/billing/test-checkout/${id}`, { cookie: other.cookie })).status).toBe(404);
    expect((await pay(id, GOOD_CARD, other.cookie)).status).toBe(404);
    expect((await t.request('/api/billing/test-checkout/cs_local_nope', { cookie: owner.cookie })).status).toBe(404);
    expect((await t.request(`/api/billing/test-checkout/${id}`)).status).toBe(401);
  });

  it('declines the decline test card with its message and creates nothing', async () => {
    const { url } = await checkout();
    const id = checkoutId(url);
    const declined = await json<{ error: string }>(
      await pay(id, { ...GOOD_CARD, cardNumber: '4000 0000 0000 0002' }),
      402,
    );
    expect(declined.error).toBe('Your card was declined.');
    const funds = await json<{ error: string }>(await pay(id, { ...GOOD_CARD, cardNumber: '4000000000009995' }), 402);
    expect(funds.error).toBe('Your card has insufficient funds.');
    const typo = await json<{ error: string }>(await pay(id, { ...GOOD_CARD, cardNumber: '4242424242424241' }), 402);
    expect(typo.error).toBe('Your card number is incorrect.');
    const expired = await json<{ error: string }>(await pay(id, { ...GOOD_CARD, expiry: '01/20' }), 402);
    expect(expired.error).toBe("Your card's expiration date is in the past.");
    const badForm = await json<{ error: string }>(await pay(id, { ...GOOD_CARD, expiry: '13/30' }), 400);
    expect(badForm.error).toMatch(/expiration date/);

    const customer = (await t.db.select().from(subscriptions).where(eq(subscriptions.userId, owner.userId)))[0]!;
    expect(
      await t.db
        .select()
        .from(localBillingSubscriptions)
        .where(eq(localBillingSubscriptions.customerId, customer.customerId!)),
    ).toEqual([]);
    expect((await billing()).status).toBe('trial');
    expect((await me()).restaurant.subscriptionStatus).toBe('trial');
    // The same checkout still works with a good card.
    expect((await pay(id, GOOD_CARD)).status).toBe(200);
  });

  it('subscribes through the test checkout: the plan is active at once, live, and a second payment is refused', async () => {
    const plan = await subscribe();
    const { url } = await checkout();
    expect(url).toBe(`${TEST_ORIGIN}/account/billing`);
    expect(plan).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: false,
      subscriptionId: expect.any(String) as string,
    });
    const view = await billing();
    expect(view).toMatchObject({
      status: 'active',
      paymentMethod: { brand: 'visa', last4: '4242' },
      // The rest of the trial first: the period ends when the trial does, and the first invoice is $0.
      invoices: [expect.objectContaining({ amountCents: 0, status: 'paid', currency: 'usd' })],
    });
    expect(view.currentPeriodEnd).toBe(view.trialEndsAt);
    expect((await me()).restaurant.subscriptionStatus).toBe('active');
    expect((await planEvents()).at(-1)).toEqual(plan);

    // The paid checkout cannot be paid twice.
    const [paid] = await t.db
      .select({ id: localBillingCheckouts.id })
      .from(localBillingCheckouts)
      .innerJoin(subscriptions, eq(subscriptions.customerId, localBillingCheckouts.customerId))
      .where(and(eq(localBillingCheckouts.status, 'complete'), eq(subscriptions.userId, owner.userId)));
    expect((await pay(paid!.id, GOOD_CARD)).status).toBe(409);
  });

  it('cancels at the period end and reactivates, scoped to the owner', async () => {
    const plan = await subscribe();
    const other = await t.signUp({ email: `someone-${n}@example.com` });
    expect(
      (await post('/api/billing/cancel-subscription', { subscription_id: plan.subscriptionId }, other.cookie)).status,
    ).toBe(404);
    expect((await post('/api/billing/cancel-subscription', { subscription_id: 'sub_local_other' })).status).toBe(404);
    expect((await post('/api/billing/cancel-subscription', {}, other.cookie)).status).toBe(409);

    const canceled = await json<{ plan: PlanSummary }>(
      await post('/api/billing/cancel-subscription', { subscription_id: plan.subscriptionId }),
    );
    expect(canceled.plan).toMatchObject({ status: 'canceling', cancelAtPeriodEnd: true });
    expect((await me()).plan.status).toBe('canceling');
    // Canceling keeps access until the period ends.
    expect((await loadCallContext(t.db, owner.userId))!.canTakeOrders).toBe(true);

    const again = await json<{ plan: PlanSummary }>(await post('/api/billing/reactivate-subscription', {}));
    expect(again.plan).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    expect((await billing()).status).toBe('active');
  });

  it('renews each month with an invoice, and a canceled plan ends with its period', async () => {
    await endTrial();
    const plan = await subscribe();
    const view = await billing();
    expect(view.invoices).toEqual([expect.objectContaining({ amountCents: 3900, status: 'paid' })]);
    const periodEnd = new Date(plan.currentPeriodEnd!);
    expect(periodEnd.getTime()).toBe(addMonthsUtc(clock, 1).getTime());

    // A month passes: renewed, second invoice, next period.
    clock = new Date(periodEnd.getTime() + 1000);
    expect(await advanceLocalBilling(deps(), t.localBilling!, clock)).toBeGreaterThanOrEqual(1);
    const renewed = await billing();
    expect(renewed.status).toBe('active');
    expect(new Date(renewed.currentPeriodEnd!).getTime()).toBe(addMonthsUtc(periodEnd, 1).getTime());
    expect(renewed.invoices.map((i) => i.amountCents)).toEqual([3900, 3900]);
    // Running the clock again at the same moment changes nothing.
    await advanceLocalBilling(deps(), t.localBilling!, clock);
    expect((await billing()).invoices).toHaveLength(2);

    // Canceled: access until the period ends, then none.
    await post('/api/billing/cancel-subscription');
    clock = new Date(new Date(renewed.currentPeriodEnd!).getTime() + 1000);
    await advanceLocalBilling(deps(), t.localBilling!, clock);
    expect((await billing()).status).toBe('canceled');
    expect((await me()).restaurant.subscriptionStatus).toBe('none');
    expect((await loadCallContext(t.db, owner.userId))!.canTakeOrders).toBe(false);
    expect((await json<{ error: string }>(await post('/api/billing/reactivate-subscription'), 409)).error).toMatch(
      /ended/,
    );
    // Subscribing again is possible.
    expect((await checkout()).url).toContain(LOCAL_CHECKOUT_PATH);
  });

  it('an expired trial takes no orders until the owner subscribes, then takes them at once', async () => {
    await endTrial();
    expect((await loadCallContext(t.db, owner.userId))!.canTakeOrders).toBe(false);
    const { url } = await checkout();
    const view = await json<TestCheckoutView>(
      await t.request(`/api/billing/test-checkout/${checkoutId(url)}`, { cookie: owner.cookie }),
    );
    expect(view.firstChargeAt).toBeNull();
    await json(await pay(checkoutId(url)));
    expect((await loadCallContext(t.db, owner.userId))!.canTakeOrders).toBe(true);
    expect((await me()).restaurant.subscriptionStatus).toBe('active');
  });

  it('replaces the card through the portal', async () => {
    expect((await json<{ error: string }>(await post('/api/billing/portal'), 409)).error).toMatch(/Subscribe first/);
    await subscribe();
    const { url } = await json<RedirectResponse>(await post('/api/billing/portal'));
    const id = checkoutId(url);
    expect(
      await json<TestCheckoutView>(await t.request(`/api/billing/test-checkout/${id}`, { cookie: owner.cookie })),
    ).toMatchObject({ purpose: 'update_card', status: 'open', cancelUrl: `${TEST_ORIGIN}/account/billing` });
    expect(
      (await json<{ error: string }>(await pay(id, { ...GOOD_CARD, cardNumber: '4000000000000002' }), 402)).error,
    ).toBe('Your card was declined.');
    const done = await json<{ url: string }>(await pay(id, { ...GOOD_CARD, cardNumber: '5555 5555 5555 4444' }));
    expect(done.url).toBe(`${TEST_ORIGIN}/account/billing`);
    expect((await billing()).paymentMethod).toEqual({ brand: 'mastercard', last4: '4444' });
  });

  it("shows the administrator each account's real plan", async () => {
    const { cookie: adminCookie } = await t.signUp({ email: ADMIN_EMAIL });
    const details = async (userId: string) =>
      json<AdminUserDetails>(await t.request(`/api/admin/users/${userId}`, { cookie: adminCookie }));
    const planOf = async (userId: string) => (await details(userId)).plan;
    const listed = async (filter: AdminUserFilter) => {
      const page = await json<AdminUsersPage>(
        await t.request(`/api/admin/users?filter=${filter}`, { cookie: adminCookie }),
      );
      return page.users.map((u) => u.id);
    };
    expect(await planOf(owner.userId)).toEqual({
      status: 'trial',
      providerStatus: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
    });
    expect((await details(owner.userId)).subscription).toBeNull();
    expect(await listed('active')).not.toContain(owner.userId);

    const plan = await subscribe();
    // A trial converted to the plan: the admin's list names its first charge from these.
    expect(await planOf(owner.userId)).toEqual({
      status: 'active',
      providerStatus: 'trialing',
      currentPeriodEnd: plan.currentPeriodEnd,
      cancelAtPeriodEnd: false,
    });
    expect((await details(owner.userId)).subscription).toMatchObject({
      provider: 'local',
      status: 'active',
      // Subscribed during the trial: first charged when it ends.
      providerStatus: 'trialing',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: plan.currentPeriodEnd,
      paymentMethod: { brand: 'visa', last4: '4242' },
      subscriptionId: plan.subscriptionId,
    });
    expect(await listed('active')).toContain(owner.userId);
    expect(await listed('canceling')).not.toContain(owner.userId);

    await post('/api/billing/cancel-subscription');
    expect((await planOf(owner.userId)).status).toBe('canceling');
    expect((await details(owner.userId)).subscription).toMatchObject({ status: 'canceling', cancelAtPeriodEnd: true });
    expect(await listed('canceling')).toContain(owner.userId);
    expect(await listed('active')).not.toContain(owner.userId);
  });

  it('decides access from the plan and the trial, not from the profile’s record of them', async () => {
    await endTrial();
    await subscribe();
    expect((await me()).plan).toMatchObject({ status: 'active', providerStatus: 'active' });
    // A profile written by hand (or left behind by a missed sync) does not take access away, or give it.
    await t.db
      .update(restaurantProfiles)
      .set({ subscriptionStatus: 'none' })
      .where(eq(restaurantProfiles.id, owner.userId));
    expect((await loadCallContext(t.db, owner.userId))!.canTakeOrders).toBe(true);

    // Canceled at the period end, and that end has passed; our copy has not heard the plan ended yet.
    await post('/api/billing/cancel-subscription');
    await t.db
      .update(restaurantProfiles)
      .set({ subscriptionStatus: 'active' })
      .where(eq(restaurantProfiles.id, owner.userId));
    await t.db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.userId, owner.userId));
    expect((await loadCallContext(t.db, owner.userId))!.canTakeOrders).toBe(false);
    // The browser is given what it needs to reach the same answer.
    const { restaurant, plan } = await me();
    expect(plan).toMatchObject({ status: 'canceling', providerStatus: 'active', cancelAtPeriodEnd: true });
    expect(planAccess({ trialEndsAt: restaurant.trialEndsAt, plan })).toBe('expired');
  });

  it('syncs on the success page, and refuses everything signed out', async () => {
    expect((await json<{ plan: PlanSummary }>(await post('/api/billing/sync'))).plan.status).toBe('trial');
    for (const path of ['checkout', 'sync', 'cancel-subscription', 'reactivate-subscription', 'portal']) {
      expect((await t.request(`/api/billing/${path}`, { method: 'POST', json: {} })).status).toBe(401);
    }
    expect((await t.request('/api/billing')).status).toBe(401);
  });
});
