import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeStripeApi, FAKE_STRIPE_API_VERSION, type FakeStripeApi } from '../../../../tests/fake-stripe-api';
import { createLogger } from '../../logger';
import { BillingDeclinedError, BillingProviderError, type BillingProvider } from './billing-provider';
import { createBillingProvider } from './create-billing-provider';
import { createStripeBillingProvider } from './stripe-billing-provider';

const userId = '3f0c9a52-6a43-4c55-9d7e-7a0c2f4b9a11';
const successUrl = 'https://pickupline.example.com/payment/success';
const cancelUrl = 'https://pickupline.example.com/payment/canceled';
const DAY_MS = 24 * 60 * 60 * 1000;

describe('Stripe billing provider', () => {
  let api: FakeStripeApi;
  let provider: ReturnType<typeof createStripeBillingProvider>;

  beforeEach(async () => {
    api = createFakeStripeApi();
    await api.start();
    provider = createStripeBillingProvider({ ...api.credentials, ...api.clientOptions() });
  });
  afterEach(async () => {
    await api.close();
  });

  const checkoutInput = (customerId: string, overrides: { trialEnd?: Date | null; idempotencyKey?: string } = {}) => ({
    customerId,
    userId,
    priceId: api.priceId,
    successUrl,
    cancelUrl,
    trialEnd: null,
    idempotencyKey: `pickupline-checkout-${userId}-1`,
    ...overrides,
  });

  async function subscribedCustomer(card = { brand: 'mastercard', last4: '4444' }) {
    const { customerId } = await provider.createCustomer({ userId, email: 'owner@example.com', name: 'Luigi' });
    const session = await provider.createCheckoutSession(checkoutInput(customerId));
    return { customerId, ...api.completeCheckout(session.id, { card }) };
  }

  describe('createCustomer', () => {
    it('creates a customer with e-mail, name and our owner id, keyed to the owner, with the pinned API version', async () => {
      const { customerId } = await provider.createCustomer({ userId, email: 'owner@example.com', name: 'Luigi' });

      expect(customerId).toMatch(/^cus_\w{14}$/);
      expect(api.customers.get(customerId)).toMatchObject({ email: 'owner@example.com', name: 'Luigi' });
      const [request] = api.requests;
      expect(request).toMatchObject({
        method: 'POST',
        path: '/v1/customers',
        form: { email: 'owner@example.com', name: 'Luigi', 'metadata[userId]': userId },
        idempotencyKey: `pickupline-customer-${userId}`,
        stripeVersion: FAKE_STRIPE_API_VERSION,
        status: 200,
      });
      expect(request!.headers.authorization).toBe(`Bearer ${api.secretKey}`);
      expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    });

    it('gives the same customer back when the create is repeated, so an owner never has two', async () => {
      const first = await provider.createCustomer({ userId, email: 'owner@example.com', name: 'Luigi' });
      const second = await provider.createCustomer({ userId, email: 'owner@example.com', name: 'Luigi' });

      expect(second).toEqual(first);
      expect(api.customers.size).toBe(1);
    });
  });

  describe('createCheckoutSession', () => {
    it('asks for a subscription to the plan for this customer, with our pages and the owner as reference', async () => {
      const { customerId } = await provider.createCustomer({ userId, email: 'owner@example.com', name: 'Luigi' });

      const session = await provider.createCheckoutSession(checkoutInput(customerId));

      expect(session.id).toMatch(/^cs_test_/);
      expect(session).toEqual({
        id: session.id,
        url: `https://checkout.stripe.com/c/pay/${session.id}`,
        status: 'open',
      });
      const request = api.requests.at(-1)!;
      expect(request.path).toBe('/v1/checkout/sessions');
      expect(request.form).toEqual({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: userId,
        'line_items[0][price]': api.priceId,
        'line_items[0][quantity]': '1',
        success_url: successUrl,
        cancel_url: cancelUrl,
        'subscription_data[metadata][userId]': userId,
      });
      expect(request.idempotencyKey).toBe(`pickupline-checkout-${userId}-1`);
    });

    it('makes one session of a double click: the same key returns the first session', async () => {
      const { customerId } = await provider.createCustomer({ userId, email: 'owner@example.com', name: 'Luigi' });

      const [first, second] = await Promise.all([
        provider.createCheckoutSession(checkoutInput(customerId)),
        provider.createCheckoutSession(checkoutInput(customerId)),
      ]);

      expect(second.id).toBe(first.id);
      expect(api.checkoutSessions.size).toBe(1);
    });

    it('passes the rest of our trial on as the first charge date when Stripe can honour it', async () => {
      const { customerId } = await provider.createCustomer({ userId, email: 'owner@example.com', name: 'Luigi' });
      const trialEnd = new Date(Date.now() + 5 * DAY_MS);

      const session = await provider.createCheckoutSession(checkoutInput(customerId, { trialEnd }));

      expect(api.requests.at(-1)!.form['subscription_data[trial_end]']).toBe(
        String(Math.floor(trialEnd.getTime() / 1000)),
      );
      const { subscription } = api.completeCheckout(session.id);
      expect(subscription.status).toBe('trialing');
      expect(subscription.trial_end).toBe(Math.floor(trialEnd.getTime() / 1000));
    });

    it('charges at once when less trial is left than the 48 hours Stripe requires', async () => {
      const { customerId } = await provider.createCustomer({ userId, email: 'owner@example.com', name: 'Luigi' });

      const session = await provider.createCheckoutSession(
        checkoutInput(customerId, { trialEnd: new Date(Date.now() + DAY_MS) }),
      );

      expect(session.status).toBe('open');
      expect(api.requests.at(-1)!.form).not.toHaveProperty('subscription_data[trial_end]');
      // Stripe itself refuses such a trial end; this is why it is left out.
      const sdk = new Stripe(api.secretKey, { ...api.clientOptions(), maxNetworkRetries: 0 });
      await expect(
        sdk.checkout.sessions.create({
          mode: 'subscription',
          line_items: [{ price: api.priceId, quantity: 1 }],
          subscription_data: { trial_end: Math.floor((Date.now() + DAY_MS) / 1000) },
        }),
      ).rejects.toMatchObject({ statusCode: 400, param: 'subscription_data[trial_end]' });
    });

    it("reports Stripe's refusal (an unknown price) as a provider error naming it", async () => {
      const { customerId } = await provider.createCustomer({ userId, email: 'owner@example.com', name: 'Luigi' });

      const error = await provider
        .createCheckoutSession({ ...checkoutInput(customerId), priceId: 'price_missing' })
        .catch((e: unknown) => e);

      expect(error).toBeInstanceOf(BillingProviderError);
      expect(error).toMatchObject({
        message:
          "Stripe could not create the checkout session (invalid_request_error, resource_missing, HTTP 400): No such price: 'price_missing'",
      });
      expect((error as Error).cause).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(api.checkoutSessions.size).toBe(0);
    });
  });

  describe('getCheckoutSession and expireCheckoutSession', () => {
    it('reads a completed session as complete, without a URL to pay again', async () => {
      const { session } = await subscribedCustomer();

      expect(await provider.getCheckoutSession(session.id)).toEqual({ id: session.id, url: null, status: 'complete' });
      expect(api.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/checkout/sessions/${session.id}` });
    });

    it('answers null for a session Stripe does not know', async () => {
      expect(await provider.getCheckoutSession('cs_test_unknown')).toBeNull();
      expect(api.requests.at(-1)!.status).toBe(404);
    });

    it('does not take other failures for an unknown session', async () => {
      const wrongKey = createStripeBillingProvider({
        ...api.credentials,
        ...api.clientOptions(),
        secretKey: 'sk_test_x',
      });

      await expect(wrongKey.getCheckoutSession('cs_test_unknown')).rejects.toBeInstanceOf(BillingProviderError);
    });

    it('expires an open session', async () => {
      const { customerId } = await provider.createCustomer({ userId, email: 'owner@example.com', name: 'Luigi' });
      const session = await provider.createCheckoutSession(checkoutInput(customerId));

      await provider.expireCheckoutSession(session.id);

      expect(api.requests.at(-1)).toMatchObject({ method: 'POST', path: `/v1/checkout/sessions/${session.id}/expire` });
      expect(await provider.getCheckoutSession(session.id)).toEqual({ id: session.id, url: null, status: 'expired' });
    });

    it('accepts that a session already completed or expired cannot be expired', async () => {
      const { session } = await subscribedCustomer();
      await provider.expireCheckoutSession(session.id);
      expect(api.requests.at(-2)).toMatchObject({ path: `/v1/checkout/sessions/${session.id}/expire`, status: 400 });
      expect(api.checkoutSessions.get(session.id)!.status).toBe('complete');

      const { customerId } = await provider.createCustomer({ userId: 'other', email: 'o@example.com', name: 'O' });
      const open = await provider.createCheckoutSession({ ...checkoutInput(customerId), idempotencyKey: 'other-1' });
      await provider.expireCheckoutSession(open.id);
      await expect(provider.expireCheckoutSession(open.id)).resolves.toBeUndefined();
    });

    it('fails when Stripe refuses to expire a session that is still open', async () => {
      const { customerId } = await provider.createCustomer({ userId, email: 'owner@example.com', name: 'Luigi' });
      const session = await provider.createCheckoutSession(checkoutInput(customerId));
      api.failNextRequest(400, { type: 'invalid_request_error', message: 'Something else is wrong.' });

      await expect(provider.expireCheckoutSession(session.id)).rejects.toThrow(
        /could not expire the checkout session .*Something else is wrong/,
      );
      expect(api.checkoutSessions.get(session.id)!.status).toBe('open');
    });
  });

  describe('createPortalSession', () => {
    it("opens Stripe's billing portal for the customer, coming back to our page", async () => {
      const { customerId } = await provider.createCustomer({ userId, email: 'owner@example.com', name: 'Luigi' });

      const { url } = await provider.createPortalSession({ customerId, returnUrl: 'https://p.example.com/billing' });

      expect(url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\/test_/);
      expect(api.requests.at(-1)).toMatchObject({
        path: '/v1/billing_portal/sessions',
        form: { customer: customerId, return_url: 'https://p.example.com/billing' },
      });
    });
  });

  describe('latestSubscription', () => {
    it('is null for a customer who never subscribed, asking Stripe for every status', async () => {
      const { customerId } = await provider.createCustomer({ userId, email: 'owner@example.com', name: 'Luigi' });

      expect(await provider.latestSubscription(customerId)).toBeNull();
      expect(api.requests.at(-1)).toMatchObject({
        method: 'GET',
        path: '/v1/subscriptions',
        query: {
          customer: customerId,
          status: 'all',
          limit: '1',
          'expand[0]': 'data.default_payment_method',
          'expand[1]': 'data.customer.invoice_settings.default_payment_method',
        },
      });
    });

    it("falls back to the customer's default card when the subscription has none of its own", async () => {
      const { customerId, subscription } = await subscribedCustomer();
      const { paymentMethod } = api.updateCard(subscription.id, { brand: 'amex', last4: '0005' });
      // The portal set the card on the customer only.
      api.subscriptions.get(subscription.id)!.default_payment_method = null;
      expect(api.customers.get(customerId)!.invoice_settings.default_payment_method).toBe(paymentMethod.id);

      expect((await provider.latestSubscription(customerId))!.paymentMethod).toEqual({ brand: 'amex', last4: '0005' });
      expect((await provider.setCancelAtPeriodEnd(subscription.id, true)).paymentMethod).toEqual({
        brand: 'amex',
        last4: '0005',
      });
    });

    it('reads status, price, period end (from the item) and card of the subscription checkout started', async () => {
      const { customerId, subscription } = await subscribedCustomer({ brand: 'mastercard', last4: '4444' });
      const item = subscription.items.data[0]!;

      expect(await provider.latestSubscription(customerId)).toEqual({
        id: subscription.id,
        customerId,
        status: 'active',
        priceId: api.priceId,
        currentPeriodEnd: new Date(item.current_period_end * 1000),
        cancelAtPeriodEnd: false,
        paymentMethod: { brand: 'mastercard', last4: '4444' },
      });
      expect(item.current_period_end).toBeGreaterThan(Date.now() / 1000 + 27 * 24 * 3600);
    });

    it('reads a trial without a card on file as trialing until the trial end, with no payment method', async () => {
      const { customerId } = await provider.createCustomer({ userId, email: 'owner@example.com', name: 'Luigi' });
      const trialEnd = new Date(Date.now() + 5 * DAY_MS);
      const { subscription } = api.createSubscription({ customer: customerId, trialEnd, card: null });

      expect(await provider.latestSubscription(customerId)).toMatchObject({
        id: subscription.id,
        status: 'trialing',
        currentPeriodEnd: new Date(Math.floor(trialEnd.getTime() / 1000) * 1000),
        paymentMethod: null,
      });
    });

    it('returns the newest subscription, a canceled one included', async () => {
      const { customerId, subscription: first } = await subscribedCustomer();
      api.setSubscription(first.id, { status: 'canceled', ended_at: Math.floor(Date.now() / 1000) });
      expect(await provider.latestSubscription(customerId)).toMatchObject({ id: first.id, status: 'canceled' });

      const { subscription: second } = api.createSubscription({ customer: customerId });
      expect(await provider.latestSubscription(customerId)).toMatchObject({ id: second.id, status: 'active' });
    });
  });

  describe('setCancelAtPeriodEnd', () => {
    it('sets and clears cancel_at_period_end, answering with the card still expanded', async () => {
      const { subscription } = await subscribedCustomer({ brand: 'visa', last4: '4242' });

      const canceling = await provider.setCancelAtPeriodEnd(subscription.id, true);

      expect(api.requests.at(-1)).toMatchObject({
        method: 'POST',
        path: `/v1/subscriptions/${subscription.id}`,
        form: {
          cancel_at_period_end: 'true',
          'expand[0]': 'default_payment_method',
          'expand[1]': 'customer.invoice_settings.default_payment_method',
        },
      });
      expect(canceling).toMatchObject({ cancelAtPeriodEnd: true, status: 'active' });
      expect(canceling.paymentMethod).toEqual({ brand: 'visa', last4: '4242' });
      expect(api.subscriptions.get(subscription.id)!.cancel_at).toBe(subscription.items.data[0]!.current_period_end);

      const renewed = await provider.setCancelAtPeriodEnd(subscription.id, false);
      expect(renewed).toMatchObject({ cancelAtPeriodEnd: false, paymentMethod: { brand: 'visa', last4: '4242' } });
      expect(api.requests.at(-1)!.form.cancel_at_period_end).toBe('false');
    });

    it('cannot renew a subscription that has already ended', async () => {
      const { subscription } = await subscribedCustomer();
      api.setSubscription(subscription.id, { status: 'canceled' });

      await expect(provider.setCancelAtPeriodEnd(subscription.id, false)).rejects.toThrow(
        /A canceled subscription can only update its cancellation_details and metadata/,
      );
    });
  });

  describe('listInvoices', () => {
    it('lists the invoices newest first, with the amount paid or due, status and links', async () => {
      const { customerId, subscription, invoice: first } = await subscribedCustomer();
      const { invoice: renewal } = api.advanceSubscription(subscription.id);
      const { invoice: refused } = api.advanceSubscription(subscription.id, { payment: 'fails' });

      const invoices = await provider.listInvoices(customerId, 12);

      expect(api.requests.at(-1)).toMatchObject({
        method: 'GET',
        path: '/v1/invoices',
        query: { customer: customerId, limit: '12' },
      });
      expect(invoices.map((i) => i.id)).toEqual([refused!.id, renewal!.id, first.id]);
      expect(invoices[0]).toEqual({
        id: refused!.id,
        number: refused!.number,
        createdAt: new Date(refused!.created * 1000).toISOString(),
        amountCents: 3900,
        currency: 'usd',
        status: 'open',
        pdfUrl: refused!.invoice_pdf,
        hostedUrl: refused!.hosted_invoice_url,
      });
      expect(invoices[2]).toMatchObject({ amountCents: 3900, status: 'paid', pdfUrl: first.invoice_pdf });
      expect(invoices[2]!.pdfUrl).toMatch(/^https:\/\/pay\.stripe\.com\/invoice\/acct_\w+\/test_[\w-]+\/pdf\?s=ap$/);
      expect(invoices[2]!.number).toMatch(/^[0-9A-F]{8}-0001$/);
      expect(api.subscriptions.get(subscription.id)!.status).toBe('past_due');
    });

    it('shows a paid invoice at the amount paid, a $0 trial invoice at zero', async () => {
      const { customerId } = await provider.createCustomer({ userId, email: 'owner@example.com', name: 'Luigi' });
      api.createSubscription({ customer: customerId, trialEnd: new Date(Date.now() + 5 * DAY_MS) });

      expect(await provider.listInvoices(customerId, 10)).toMatchObject([{ amountCents: 0, status: 'paid' }]);
    });

    it('is empty for a customer without invoices', async () => {
      const { customerId } = await provider.createCustomer({ userId, email: 'owner@example.com', name: 'Luigi' });

      expect(await provider.listInvoices(customerId, 10)).toEqual([]);
    });
  });

  describe('readWebhook', () => {
    it('reads a signed checkout.session.completed: the customer, and our owner from client_reference_id', async () => {
      const { customerId, events } = await subscribedCustomer();
      const completed = events.find((e) => e.type === 'checkout.session.completed')!;
      const { body, signature, event } = api.signedEvent(completed.type, completed.object);

      expect(provider.readWebhook(body, signature)).toEqual({
        kind: 'event',
        id: event.id,
        type: 'checkout.session.completed',
        customerId,
        userId,
      });
      expect(event.id).toMatch(/^evt_/);
    });

    it("takes the owner from a subscription's metadata and from an invoice's copy of it", async () => {
      const { customerId, subscription, invoice } = await subscribedCustomer();

      for (const [type, object] of [
        ['customer.subscription.updated', subscription],
        ['invoice.paid', invoice],
      ] as const) {
        const { body, signature } = api.signedEvent(type, object);
        expect(provider.readWebhook(body, signature)).toMatchObject({ kind: 'event', type, customerId, userId });
      }
    });

    it('names the customer of a customer.* event by its own id, and no customer when the object has none', async () => {
      const { customerId } = await provider.createCustomer({ userId, email: 'owner@example.com', name: 'Luigi' });
      const customerEvent = api.signedEvent('customer.updated', api.customers.get(customerId)!);
      expect(provider.readWebhook(customerEvent.body, customerEvent.signature)).toMatchObject({
        customerId,
        userId,
      });

      const price = api.signedEvent('price.updated', api.prices.get(api.priceId)!);
      expect(provider.readWebhook(price.body, price.signature)).toMatchObject({ customerId: null, userId: null });
    });

    it('refuses a body signed with another secret, a changed body, a missing header and an old signature', async () => {
      const { subscription } = await subscribedCustomer();
      const signed = api.signedEvent('customer.subscription.updated', subscription);

      const otherSecret = api.signedEvent('customer.subscription.updated', subscription, { secret: 'whsec_other' });
      const tampered = signed.body.replace('"status": "active"', '"status": "canceled"');
      expect(tampered).not.toBe(signed.body);
      const old = api.signedEvent('customer.subscription.updated', subscription, {
        timestamp: Math.floor(Date.now() / 1000) - 10 * 60,
      });

      const results = [
        provider.readWebhook(otherSecret.body, otherSecret.signature),
        provider.readWebhook(tampered, signed.signature),
        provider.readWebhook(signed.body, undefined),
        provider.readWebhook(old.body, old.signature),
      ];

      expect(results.map((r) => r.kind)).toEqual(['unauthorized', 'unauthorized', 'unauthorized', 'unauthorized']);
      expect(results.map((r) => (r.kind === 'unauthorized' ? r.reason : ''))).toEqual([
        'No signatures found matching the expected signature for payload. Are you passing the raw request body you received from Stripe?',
        'No signatures found matching the expected signature for payload. Are you passing the raw request body you received from Stripe?',
        'No stripe-signature header value was provided.',
        'Timestamp outside the tolerance zone',
      ]);
      expect(provider.readWebhook(signed.body, signed.signature).kind).toBe('event');
    });
  });

  describe('errors', () => {
    it("turns a declined card into an error the owner may see, with Stripe's message", async () => {
      const { customerId } = await provider.createCustomer({ userId, email: 'owner@example.com', name: 'Luigi' });
      api.failNextRequest(402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      });

      const error = await provider.createCheckoutSession(checkoutInput(customerId)).catch((e: unknown) => e);

      expect(error).toBeInstanceOf(BillingDeclinedError);
      expect(error).toMatchObject({ message: 'Your card was declined.' });
    });

    it('reports a wrong API key without the key in the message', async () => {
      const wrongKey = 'sk_test_wrongkey0000000000001234';
      const failing = createStripeBillingProvider({ ...api.credentials, ...api.clientOptions(), secretKey: wrongKey });

      const error = await failing.latestSubscription('cus_x').catch((e: unknown) => e);

      expect(error).toBeInstanceOf(BillingProviderError);
      expect((error as Error).message).toMatch(
        /^Stripe could not list the subscriptions \(.*HTTP 401\): Invalid API Key/,
      );
      expect((error as Error).message).not.toContain(wrongKey);
    });

    it('reports a Stripe outage or an unreachable Stripe as a provider error', async () => {
      const noRetries = createStripeBillingProvider({
        ...api.credentials,
        ...api.clientOptions(),
        maxNetworkRetries: 0,
      });
      api.failNextRequest(500, { type: 'api_error', message: 'An unknown error occurred' });
      await expect(noRetries.listInvoices('cus_x', 10)).rejects.toThrow(
        'Stripe could not list the invoices (api_error, HTTP 500): An unknown error occurred',
      );

      await api.close();
      const error = await noRetries.listInvoices('cus_x', 10).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BillingProviderError);
      expect((error as Error).cause).toBeInstanceOf(Stripe.errors.StripeConnectionError);
      await api.start();
    });
  });

  describe('the fake Stripe API', () => {
    it('refuses parameters Stripe has removed, such as payment_method_types on Checkout', async () => {
      const sdk = new Stripe(api.secretKey, { ...api.clientOptions(), maxNetworkRetries: 0 });

      await expect(
        sdk.checkout.sessions.create({
          mode: 'subscription',
          line_items: [{ price: api.priceId, quantity: 1 }],
          payment_method_types: ['card'],
        } as Stripe.Checkout.SessionCreateParams),
      ).rejects.toMatchObject({
        statusCode: 400,
        code: 'parameter_unknown',
        message: 'Received unknown parameter: payment_method_types',
      });
    });

    it('ends a subscription set to cancel when its period ends, and says so in customer.subscription.deleted', async () => {
      const { customerId, subscription } = await subscribedCustomer();
      await provider.setCancelAtPeriodEnd(subscription.id, true);

      const { events } = api.advanceSubscription(subscription.id);

      expect(events.map((e) => e.type)).toEqual(['customer.subscription.deleted']);
      expect(events[0]!.previousAttributes).toMatchObject({ status: 'active', ended_at: null });
      expect(await provider.latestSubscription(customerId)).toMatchObject({ status: 'canceled' });
      expect(api.invoices.size).toBe(1);
    });

    it('leaves a trial that ends without a card past due, its first invoice open', async () => {
      const { customerId } = await provider.createCustomer({ userId, email: 'owner@example.com', name: 'Luigi' });
      const { subscription } = api.createSubscription({
        customer: customerId,
        trialEnd: new Date(Date.now() + 3 * DAY_MS),
        card: null,
      });

      const { events } = api.advanceSubscription(subscription.id);

      expect(events.map((e) => e.type)).toEqual(['invoice.payment_failed', 'customer.subscription.updated']);
      expect(await provider.latestSubscription(customerId)).toMatchObject({ status: 'past_due' });
      expect((await provider.listInvoices(customerId, 10))[0]).toMatchObject({ status: 'open', amountCents: 3900 });
    });

    it('refuses a reused idempotency key with other parameters', async () => {
      const { customerId } = await provider.createCustomer({ userId, email: 'owner@example.com', name: 'Luigi' });
      await provider.createCheckoutSession(checkoutInput(customerId));

      await expect(
        provider.createCheckoutSession({ ...checkoutInput(customerId), cancelUrl: 'https://elsewhere.example.com' }),
      ).rejects.toThrow(/idempotency_error.*Keys for idempotent requests can only be used with the same parameters/);
    });
  });
});

describe('createBillingProvider', () => {
  const keys = { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_123', STRIPE_PRICE_ID: 'price_123' };
  const none = { STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined, STRIPE_PRICE_ID: undefined };
  const localProvider = { name: 'local', priceId: 'price_local' } as BillingProvider;

  function setup() {
    const logger = createLogger('silent');
    const info = vi.spyOn(logger, 'info');
    const warn = vi.spyOn(logger, 'warn');
    const local = vi.fn(() => localProvider);
    return { logger, info, warn, local };
  }

  it('uses Stripe when the secret key, webhook secret and price are all set', () => {
    const { logger, info, warn, local } = setup();

    const provider = createBillingProvider(keys, logger, local);

    expect(provider).toMatchObject({ name: 'stripe', priceId: 'price_123' });
    expect(local).not.toHaveBeenCalled();
    expect(info).toHaveBeenCalledWith({ priceId: 'price_123', livemode: false }, 'payments go through Stripe');
    expect(warn).not.toHaveBeenCalled();
  });

  it('stays in local test mode, silently, without any Stripe setting', () => {
    const { logger, warn, local } = setup();

    expect(createBillingProvider(none, logger, local)).toBe(localProvider);
    expect(warn).not.toHaveBeenCalled();
  });

  it('warns, naming what is missing, and stays local when only part of Stripe is set', () => {
    const { logger, warn, local } = setup();

    expect(createBillingProvider({ ...keys, STRIPE_WEBHOOK_SECRET: undefined }, logger, local)).toBe(localProvider);
    expect(warn).toHaveBeenCalledWith(
      { missing: ['STRIPE_WEBHOOK_SECRET'] },
      expect.stringContaining('local test mode'),
    );
  });
});
