import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BillingResponse, PlanSummary, RedirectResponse } from '@shared/contracts/billing';
import type { MeResponse } from '@shared/contracts/me';
import { createFakeStripeApi, type FakeStripeEvent } from '../../../../tests/fake-stripe-api';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../../tests/test-app';
import { realtimeEvents, restaurantProfiles, subscriptions, webhookEvents } from '../../db/schema';
import { createStripeBillingProvider } from '../../providers/billing/stripe-billing-provider';
import { loadCallContext } from '../voice/call-context';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('billing on Stripe', () => {
  const stripe = createFakeStripeApi();
  let t: TestApp;
  let owner: { cookie: string; userId: string };
  let n = 0;

  beforeAll(async () => {
    await stripe.start();
    t = await createTestApp({
      billing: () => createStripeBillingProvider({ ...stripe.credentials, ...stripe.clientOptions() }),
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });
  beforeEach(async () => {
    owner = await t.signUp({ name: 'Dana Diner', email: `stripe-${++n}@example.com` });
  });

  async function json<T>(response: Response, status = 200): Promise<T> {
    const body = (await response.json()) as T;
    expect(response.status, JSON.stringify(body)).toBe(status);
    return body;
  }
  const post = (path: string, body: unknown = {}, cookie = owner.cookie) =>
    t.request(path, { method: 'POST', cookie, json: body });
  const me = () => t.request('/api/me', { cookie: owner.cookie }).then((r) => json<MeResponse>(r));
  const billing = () => t.request('/api/billing', { cookie: owner.cookie }).then((r) => json<BillingResponse>(r));
  const checkout = () => post('/api/billing/checkout').then((r) => json<RedirectResponse>(r));

  /** Delivers a signed event to the webhook as Stripe does: the raw body with its Stripe-Signature header. */
  function deliver(delivery: { body: string; signature: string }, signature: string | null = delivery.signature) {
    const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
    if (signature !== null) headers['stripe-signature'] = signature;
    return t.app.request('/api/webhooks/stripe', { method: 'POST', headers, body: delivery.body });
  }
  const signed = (events: FakeStripeEvent[]) => events.map((e) => stripe.signedEvent(e.type, e.object));

  function sessionOf(url: string) {
    const session = [...stripe.checkoutSessions.values()].find((s) => s.url === url);
    expect(session, `no session with url ${url}`).toBeDefined();
    return session!;
  }

  async function subscribeAtStripe() {
    const { url } = await checkout();
    const done = stripe.completeCheckout(sessionOf(url).id);
    return { ...done, deliveries: signed(done.events) };
  }

  async function storedRow() {
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, owner.userId));
    return row;
  }

  async function endTrial() {
    await t.db
      .update(restaurantProfiles)
      .set({ trialEndsAt: new Date(Date.now() - DAY_MS) })
      .where(eq(restaurantProfiles.id, owner.userId));
  }

  it('opens one Stripe Checkout per owner, with one customer, however often Subscribe is pressed', async () => {
    const before = stripe.requests.length;
    const [a, b] = await Promise.all([checkout(), checkout()]);
    const c = await checkout();
    expect(b.url).toBe(a.url);
    expect(c.url).toBe(a.url);

    const made = stripe.requests.slice(before).filter((r) => r.method === 'POST');
    expect(made.map((r) => r.path)).toEqual(['/v1/customers', '/v1/checkout/sessions']);
    const [customerCreate, sessionCreate] = made;
    expect(customerCreate!.idempotencyKey).toBe(`pickupline-customer-${owner.userId}`);
    expect(customerCreate!.params).toMatchObject({
      email: `stripe-${n}@example.com`,
      metadata: { userId: owner.userId },
    });
    const customer = (await storedRow())!.customerId;
    expect(sessionCreate!.params).toMatchObject({
      mode: 'subscription',
      customer,
      client_reference_id: owner.userId,
      success_url: `${TEST_ORIGIN}/payment/success`,
      cancel_url: `${TEST_ORIGIN}/payment/canceled`,
      line_items: [{ price: stripe.priceId, quantity: '1' }],
    });
    // Nearly 7 days of trial are left, so they are carried over.
    const trialEnd = Number((sessionCreate!.params.subscription_data as { trial_end: string }).trial_end);
    expect(trialEnd * 1000).toBeGreaterThan(Date.now() + 6 * DAY_MS);
    expect(sessionCreate!.idempotencyKey).toBe(`pickupline-checkout-${owner.userId}-first`);
  });

  it('charges at once, without a trial, when the trial has ended', async () => {
    await endTrial();
    const { url } = await checkout();
    const session = sessionOf(url);
    const request = stripe.requests.findLast((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST')!;
    expect(request.params.subscription_data).not.toHaveProperty('trial_end');
    expect(session.mode).toBe('subscription');
  });

  it('turns the checkout events into an active plan, live, and a repeat of them changes nothing', async () => {
    await endTrial();
    expect((await loadCallContext(t.db, owner.userId))!.canTakeOrders).toBe(false);
    const { deliveries, subscription } = await subscribeAtStripe();

    for (const delivery of deliveries) {
      expect(await json<{ outcome: string }>(await deliver(delivery))).toEqual({
        received: true,
        outcome: 'processed',
      });
    }
    const plan = (await me()).plan;
    expect(plan).toMatchObject({ status: 'active', subscriptionId: subscription.id, cancelAtPeriodEnd: false });
    expect((await me()).restaurant.subscriptionStatus).toBe('active');
    expect((await loadCallContext(t.db, owner.userId))!.canTakeOrders).toBe(true);
    const events = await t.db
      .select({ payload: realtimeEvents.payload })
      .from(realtimeEvents)
      .where(and(eq(realtimeEvents.userId, owner.userId), sql`${realtimeEvents.payload}->>'type' = 'plan.updated'`));
    // Three events, one change: only the first sync told the dashboards.
    expect(events.map((e) => (e.payload as { plan: PlanSummary }).plan)).toEqual([plan]);

    const row = await storedRow();
    for (const delivery of deliveries) {
      expect(await json<{ outcome: string }>(await deliver(delivery))).toMatchObject({ outcome: 'duplicate' });
    }
    expect(await storedRow()).toEqual(row);
    expect(
      await t.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, deliveries[0]!.event.id)),
    ).toHaveLength(1);

    // An owner who pays is sent to the billing page instead of a second checkout.
    expect((await checkout()).url).toBe(`${TEST_ORIGIN}/account/billing`);
  });

  it('converges on Stripe’s state whatever order the events arrive in', async () => {
    const { deliveries, subscription } = await subscribeAtStripe();
    const cancel = stripe.setSubscription(subscription.id, { cancel_at_period_end: true });
    const later = signed(cancel.events);
    // The newest event first, then the stale "created" ones: each re-reads Stripe, so the end state is the newest.
    for (const delivery of [...later, ...deliveries.reverse()]) await json(await deliver(delivery));
    expect((await me()).plan).toMatchObject({ status: 'canceling', cancelAtPeriodEnd: true });
  });

  it('refuses a webhook whose signature is missing, wrong, for another secret, stale or for a changed body', async () => {
    const { deliveries } = await subscribeAtStripe();
    const [delivery] = deliveries;
    const countEvents = async () => (await t.db.select().from(webhookEvents)).length;
    const before = await countEvents();
    const stale = stripe.signedEvent('invoice.paid', delivery!.event.data.object as object, {
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    const otherSecret = stripe.signedEvent('invoice.paid', {}, { secret: 'whsec_someone_else' });
    const refusals = [
      await deliver(delivery!, null),
      await deliver(delivery!, 't=1,v1=00'),
      await deliver(otherSecret),
      await deliver(stale),
      await deliver({
        body: delivery!.body.replace('"livemode": false', '"livemode": true'),
        signature: delivery!.signature,
      }),
    ];
    for (const response of refusals) {
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/^Invalid Stripe signature/);
    }
    expect(await countEvents()).toBe(before);
    expect((await storedRow())!.status).toBeNull();
  });

  it('cancels at the period end, reactivates, and ends the plan when Stripe does', async () => {
    const { deliveries, subscription } = await subscribeAtStripe();
    for (const delivery of deliveries) await json(await deliver(delivery));
    await endTrial();

    const canceled = await json<{ plan: PlanSummary }>(
      await post('/api/billing/cancel-subscription', { subscription_id: subscription.id }),
    );
    expect(canceled.plan.status).toBe('canceling');
    expect(stripe.subscriptions.get(subscription.id)!.cancel_at_period_end).toBe(true);
    const renewed = await json<{ plan: PlanSummary }>(await post('/api/billing/reactivate-subscription'));
    expect(renewed.plan.status).toBe('active');
    expect(stripe.subscriptions.get(subscription.id)!.cancel_at_period_end).toBe(false);

    await post('/api/billing/cancel-subscription');
    const ended = stripe.advanceSubscription(subscription.id);
    for (const delivery of signed(ended.events)) await json(await deliver(delivery));
    expect((await me()).plan.status).toBe('canceled');
    expect((await me()).restaurant.subscriptionStatus).toBe('none');
    expect((await loadCallContext(t.db, owner.userId))!.canTakeOrders).toBe(false);
  });

  it('a failed renewal is past due, still with access, and shows in the history', async () => {
    const { deliveries, subscription } = await subscribeAtStripe();
    for (const delivery of deliveries) await json(await deliver(delivery));
    const failed = stripe.advanceSubscription(subscription.id, { payment: 'fails' });
    for (const delivery of signed(failed.events)) await json(await deliver(delivery));

    const view = await billing();
    expect(view.status).toBe('past_due');
    expect(view.paymentMethod).toEqual({ brand: 'visa', last4: '4242' });
    expect(view.invoices.map((i) => i.status)).toEqual(['open', 'paid']);
    expect(view.invoices[1]).toMatchObject({ amountCents: 0, currency: 'usd' });
    expect(view.invoices[0]!.amountCents).toBe(3900);
    expect((await loadCallContext(t.db, owner.userId))!.canTakeOrders).toBe(true);
  });

  it('opens the billing portal for the owner’s customer and returns to the billing page', async () => {
    const { deliveries } = await subscribeAtStripe();
    for (const delivery of deliveries) await json(await deliver(delivery));
    const { url } = await json<RedirectResponse>(await post('/api/billing/portal'));
    const portal = [...stripe.portalSessions.values()].at(-1)!;
    expect(url).toBe(portal.url);
    expect(portal).toMatchObject({
      customer: (await storedRow())!.customerId,
      return_url: `${TEST_ORIGIN}/account/billing`,
    });
  });

  it('acknowledges events for customers it does not know and types it does not handle', async () => {
    const stranger = stripe.signedEvent('customer.subscription.updated', {
      id: 'sub_stranger',
      object: 'subscription',
      customer: 'cus_stranger',
      metadata: {},
    });
    expect(await json<{ outcome: string }>(await deliver(stranger))).toMatchObject({ outcome: 'unknown-customer' });
    const other = stripe.signedEvent('product.created', { id: 'prod_x', object: 'product' });
    expect(await json<{ outcome: string }>(await deliver(other))).toMatchObject({ outcome: 'ignored' });
  });

  it('says so when Stripe fails, and a webhook that could not sync is processed on the retry', async () => {
    stripe.failNextRequest(500, { type: 'api_error', message: 'Something went wrong on Stripe’s end.' });
    stripe.failNextRequest(500, { type: 'api_error', message: 'Something went wrong on Stripe’s end.' });
    stripe.failNextRequest(500, { type: 'api_error', message: 'Something went wrong on Stripe’s end.' });
    const failed = await json<{ error: string }>(await post('/api/billing/checkout'), 502);
    expect(failed.error).toBe('Failed to create checkout session');

    const { deliveries } = await subscribeAtStripe();
    const [first] = deliveries;
    for (let i = 0; i < 3; i++) stripe.failNextRequest(500, { type: 'api_error', message: 'Stripe is down' });
    expect((await deliver(first!)).status).toBeGreaterThanOrEqual(500);
    expect((await storedRow())!.status).toBeNull();
    expect(await json<{ outcome: string }>(await deliver(first!))).toMatchObject({ outcome: 'processed' });
    expect((await storedRow())!.status).toBe('trialing');
  });
});
