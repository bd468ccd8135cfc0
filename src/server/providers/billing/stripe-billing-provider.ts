import Stripe from 'stripe';
import type { BillingInvoice, PaymentMethod } from '@shared/contracts/billing';
import { INVOICE_STATUSES, PROVIDER_SUBSCRIPTION_STATUSES, type InvoiceStatus } from '@shared/domain/subscription';
import {
  BillingDeclinedError,
  BillingProviderError,
  type BillingProvider,
  type CheckoutSession,
  type ProviderSubscription,
  type WebhookReadResult,
} from './billing-provider';

export interface StripeBillingProviderOptions {
  secretKey: string;
  /** The signing secret of our webhook endpoint (whsec_…). */
  webhookSecret: string;
  /** The plan's recurring price (STRIPE_PRICE_ID). */
  priceId: string;
  /** Another API server than api.stripe.com: tests point the SDK at an in-process fake. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** The SDK retries a failed request once by default, keeping the request's idempotency key. */
  maxNetworkRetries?: number;
}

/**
 * Stripe refuses a Checkout `subscription_data.trial_end` less than 48 hours ahead. A shorter remaining trial is not
 * passed on (the plan is then charged at checkout) rather than failing the checkout; the margin covers clock skew.
 */
export const STRIPE_MIN_TRIAL_END_MS = 48 * 60 * 60 * 1000 + 10 * 60 * 1000;

const CHECKOUT_STATUSES = new Set<string>(['open', 'complete', 'expired']);

/** PickupLine Pro on Stripe: hosted Checkout, the billing portal, subscriptions and invoices (official SDK). */
export function createStripeBillingProvider({
  secretKey,
  webhookSecret,
  priceId,
  host,
  port,
  protocol,
  maxNetworkRetries,
}: StripeBillingProviderOptions): BillingProvider & Required<Pick<BillingProvider, 'readWebhook'>> {
  const stripe = new Stripe(secretKey, { host, port, protocol, maxNetworkRetries });

  async function getCheckoutSession(sessionId: string): Promise<CheckoutSession | null> {
    try {
      return toCheckoutSession(await stripe.checkout.sessions.retrieve(sessionId));
    } catch (error) {
      if (isResourceMissing(error)) return null;
      throw toBillingError('read the checkout session', error);
    }
  }

  return {
    name: 'stripe',
    livemode: /^[rs]k_live_/.test(secretKey),
    priceId,

    async createCustomer({ userId, email, name }) {
      const customer = await callStripe('create the customer', () =>
        stripe.customers.create(
          { email, name, metadata: { userId } },
          // One owner, one customer: a retried or concurrent create gets the first customer back.
          { idempotencyKey: `pickupline-customer-${userId}` },
        ),
      );
      return { customerId: customer.id };
    },

    async createCheckoutSession(input) {
      const trialEnd =
        input.trialEnd && input.trialEnd.getTime() - Date.now() >= STRIPE_MIN_TRIAL_END_MS
          ? Math.floor(input.trialEnd.getTime() / 1000)
          : null;
      const session = await callStripe('create the checkout session', () =>
        stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            customer: input.customerId,
            client_reference_id: input.userId,
            line_items: [{ price: input.priceId, quantity: 1 }],
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            subscription_data: { metadata: { userId: input.userId }, ...(trialEnd ? { trial_end: trialEnd } : {}) },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return toCheckoutSession(session);
    },

    getCheckoutSession,

    async expireCheckoutSession(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
      } catch (error) {
        // Stripe answers with an error when the session is no longer open (already expired, or completed). Its
        // wording is not documented, so the session itself is asked: anything but an open session is fine here.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          const session = await getCheckoutSession(sessionId);
          if (session === null || session.status !== 'open') return;
        }
        throw toBillingError('expire the checkout session', error);
      }
    },

    async createPortalSession({ customerId, returnUrl }) {
      const session = await callStripe('open the billing portal', () =>
        stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
      );
      return { url: session.url };
    },

    async latestSubscription(customerId) {
      // Stripe lists newest first; status 'all' includes canceled subscriptions, which the default leaves out.
      const list = await callStripe('list the subscriptions', () =>
        stripe.subscriptions.list({
          customer: customerId,
          status: 'all',
          limit: 1,
          // A card set in the billing portal may be the customer's default rather than the subscription's.
          expand: ['data.default_payment_method', 'data.customer.invoice_settings.default_payment_method'],
        }),
      );
      const subscription = list.data[0];
      return subscription ? toProviderSubscription(subscription) : null;
    },

    async setCancelAtPeriodEnd(subscriptionId, cancelAtPeriodEnd) {
      // Setting a value twice changes nothing, so this update needs no idempotency key of ours.
      const subscription = await callStripe('update the subscription', () =>
        stripe.subscriptions.update(subscriptionId, {
          cancel_at_period_end: cancelAtPeriodEnd,
          expand: ['default_payment_method', 'customer.invoice_settings.default_payment_method'],
        }),
      );
      return toProviderSubscription(subscription);
    },

    async listInvoices(customerId, limit) {
      const list = await callStripe('list the invoices', () => stripe.invoices.list({ customer: customerId, limit }));
      return list.data.map(toBillingInvoice);
    },

    readWebhook(rawBody, signature): WebhookReadResult {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', webhookSecret);
      } catch (error) {
        // The SDK's messages go on with a paragraph of advice; the first line says what was wrong.
        const reason = error instanceof Error ? (error.message.split('\n')[0] ?? '').trim() : String(error);
        return { kind: 'unauthorized', reason: reason || 'signature verification failed' };
      }
      const object = asRecord(asRecord(event.data).object);
      return {
        kind: 'event',
        id: event.id,
        type: event.type,
        customerId: customerIdOf(object),
        userId: userIdOf(object),
      };
    },
  };
}

function toCheckoutSession(session: Stripe.Checkout.Session): CheckoutSession {
  const status = session.status;
  if (status === null || !CHECKOUT_STATUSES.has(status)) {
    throw new BillingProviderError(`Stripe returned checkout session ${session.id} with unknown status ${status}`);
  }
  return { id: session.id, url: session.url, status: status as CheckoutSession['status'] };
}

function toProviderSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  if (!isOneOf(PROVIDER_SUBSCRIPTION_STATUSES, subscription.status)) {
    throw new BillingProviderError(
      `Stripe returned subscription ${subscription.id} with unknown status ${subscription.status}`,
    );
  }
  // Since API 2025-03-31.basil the billing period lives on each item; the plan has exactly one.
  const item = subscription.items.data[0];
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer),
    status: subscription.status,
    priceId: item?.price.id ?? null,
    currentPeriodEnd: item ? new Date(item.current_period_end * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    paymentMethod: cardOf(subscription.default_payment_method) ?? cardOf(customerDefaultOf(subscription.customer)),
  };
}

/** The customer's default card for invoices, when the customer was expanded. */
function customerDefaultOf(customer: Stripe.Subscription['customer']): string | Stripe.PaymentMethod | null {
  if (typeof customer === 'string' || customer.deleted) return null;
  return customer.invoice_settings.default_payment_method;
}

function cardOf(paymentMethod: string | Stripe.PaymentMethod | null): PaymentMethod | null {
  if (paymentMethod === null || typeof paymentMethod === 'string' || !paymentMethod.card) return null;
  return { brand: paymentMethod.card.brand, last4: paymentMethod.card.last4 };
}

function toBillingInvoice(invoice: Stripe.Invoice): BillingInvoice {
  // Stripe leaves status empty only on invoices that are not finalized yet: drafts.
  const status: InvoiceStatus = isOneOf(INVOICE_STATUSES, invoice.status) ? invoice.status : 'draft';
  return {
    id: invoice.id,
    number: invoice.number,
    createdAt: new Date(invoice.created * 1000).toISOString(),
    amountCents: status === 'paid' ? invoice.amount_paid : invoice.amount_due,
    currency: invoice.currency,
    status,
    pdfUrl: invoice.invoice_pdf ?? null,
    hostedUrl: invoice.hosted_invoice_url ?? null,
  };
}

/** The customer an event's object is about: a customer itself, or the customer it belongs to. */
function customerIdOf(object: Record<string, unknown>): string | null {
  if (object.object === 'customer') return typeof object.id === 'string' ? object.id : null;
  const customer = object.customer;
  if (typeof customer === 'string') return customer;
  const id = asRecord(customer).id;
  return typeof id === 'string' ? id : null;
}

/** Our owner id where we put it: Checkout's client_reference_id, or the metadata set on customer and subscription. */
function userIdOf(object: Record<string, unknown>): string | null {
  let userId: unknown;
  switch (object.object) {
    case 'checkout.session':
      userId = object.client_reference_id;
      break;
    case 'customer':
    case 'subscription':
      userId = asRecord(object.metadata).userId;
      break;
    case 'invoice':
      // An invoice carries a copy of its subscription's metadata (API 2025-03-31.basil and later).
      userId = asRecord(asRecord(asRecord(object.parent).subscription_details).metadata).userId;
      break;
  }
  return typeof userId === 'string' && userId !== '' ? userId : null;
}

function idOf(value: string | { id: string }): string {
  return typeof value === 'string' ? value : value.id;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function isOneOf<T extends string>(values: readonly T[], value: string | null): value is T {
  return value !== null && (values as readonly string[]).includes(value);
}

function isResourceMissing(error: unknown) {
  return (
    error instanceof Stripe.errors.StripeInvalidRequestError &&
    error.statusCode === 404 &&
    error.code === 'resource_missing'
  );
}

async function callStripe<T>(what: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw toBillingError(what, error);
  }
}

/**
 * A declined card is the owner's to fix, so its message (Stripe's own, written for customers) is kept. Anything else
 * is ours: the message names Stripe's error type, code and status for the log, the SDK error stays as the cause.
 */
function toBillingError(what: string, error: unknown): Error {
  if (error instanceof Stripe.errors.StripeCardError) return new BillingDeclinedError(error.message);
  if (error instanceof Stripe.errors.StripeError) {
    const detail = [error.rawType ?? error.type, error.code, error.statusCode && `HTTP ${error.statusCode}`]
      .filter(Boolean)
      .join(', ');
    return new BillingProviderError(`Stripe could not ${what} (${detail}): ${error.message}`, { cause: error });
  }
  if (error instanceof BillingProviderError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new BillingProviderError(`Stripe could not ${what}: ${message}`, { cause: error });
}
