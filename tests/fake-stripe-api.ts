import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * api.stripe.com, in memory, behind a real HTTP server on 127.0.0.1, for the official SDK pointed at it with
 * `new Stripe(secretKey, {host, port, protocol: 'http'})` (see `clientOptions()`). It serves what PickupLine's billing
 * uses: customers (create), Checkout Sessions (create, retrieve, expire), billing portal sessions (create),
 * subscriptions (list, retrieve, update) and invoices (list).
 *
 * Requests are read as the SDK sends them: a Bearer secret key, form-encoded bodies (`line_items[0][price]=…`), query
 * strings for GET (`expand[0]=…`), an Idempotency-Key header on every POST. Answers have the shapes of API version
 * 2026-10-28.endive: the stored objects are typed with the SDK's own types, so a field Stripe has (billing periods on
 * subscription items, `invoice.parent.subscription_details`, …) is here and a field it dropped is not. Errors carry
 * Stripe's body, `{error: {type, code, message, param, doc_url}}`, and status (400, 401, 402, 404); unknown
 * parameters are refused as Stripe refuses them ("Received unknown parameter: …"). The wording of messages that
 * Stripe does not document (an expired session that cannot be expired again, a trial end too close) is this fake's.
 *
 * Stripe's side of things that no API call does (a customer paying on the hosted Checkout page, a period ending, a
 * renewal charge failing) is done with the helpers below, each returning the events Stripe would send; sign them with
 * `signedEvent` to post them to the webhook route.
 *
 *   const stripe = createFakeStripeApi();
 *   await stripe.start();
 *   const provider = createStripeBillingProvider({ ...stripe.credentials, ...stripe.clientOptions() });
 *   …
 *   const { events } = stripe.completeCheckout(sessionId, { card: { brand: 'mastercard', last4: '4444' } });
 *   const { body, signature } = stripe.signedEvent(events[0]!.type, events[0]!.object);
 *   await stripe.close();
 */

export const FAKE_STRIPE_API_VERSION = '2026-10-28.endive';

const DAY = 24 * 60 * 60;
/** Stripe's minimum for a Checkout `subscription_data.trial_end`, from the API reference. */
const MIN_CHECKOUT_TRIAL_SECONDS = 2 * DAY;

export interface FakeStripeOptions {
  secretKey?: string;
  webhookSecret?: string;
  /** The recurring price created up front; checkout refuses any other ('No such price'). */
  priceId?: string;
  unitAmount?: number;
  productName?: string;
  /** The fake's clock, in milliseconds (Stripe's timestamps are seconds). */
  now?: () => number;
}

export interface RecordedStripeRequest {
  method: string;
  /** Path without the query string, e.g. /v1/checkout/sessions/cs_test_…/expire. */
  path: string;
  /** The query string's fields, bracket keys as sent: {'expand[0]': 'data.default_payment_method'}. */
  query: Record<string, string>;
  /** The form fields of a POST, bracket keys as sent: {'line_items[0][price]': 'price_…'}. */
  form: Record<string, string>;
  /** query or form decoded into nested objects and arrays, as Stripe reads them. */
  params: StripeParams;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  idempotencyKey: string | null;
  stripeVersion: string | null;
  /** The status the fake answered with. */
  status: number;
}

export type StripeParam = string | StripeParam[] | { [key: string]: StripeParam };
export type StripeParams = Record<string, StripeParam>;

export interface StripeErrorBody {
  type: 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error' | 'rate_limit_error';
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
}

/** An event the fake's Stripe would send now: sign it with `signedEvent(type, object, {previousAttributes})`. */
export interface FakeStripeEvent {
  type: string;
  object: Stripe.Event.Data.Object;
  previousAttributes?: Record<string, unknown>;
}

export interface FakeCard {
  brand: string;
  last4: string;
}

type SubscriptionPatch = Partial<
  Pick<
    Stripe.Subscription,
    | 'status'
    | 'cancel_at_period_end'
    | 'cancel_at'
    | 'canceled_at'
    | 'ended_at'
    | 'trial_end'
    | 'trial_start'
    | 'default_payment_method'
    | 'metadata'
  >
> & {
  /** Applied to the subscription's item, where the billing period lives since API 2025-03-31.basil. */
  current_period_start?: number;
  current_period_end?: number;
};

/** What Checkout was asked for, kept for when the customer pays. */
interface CheckoutRequest {
  priceId: string;
  quantity: number;
  subscriptionMetadata: Record<string, string>;
  trialEnd: number | null;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An id like Stripe's: a prefix and random base-62 characters. */
export function stripeId(prefix: string, length = 24) {
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += BASE62[byte % 62];
  return `${prefix}_${id}`;
}

/** Parameter names, as the SDK's types for the pinned API version list them. */
function names(list: string) {
  return new Set(list.trim().split(/\s+/));
}

const CHECKOUT_SESSION_PARAMS = names(`
  adaptive_pricing after_expiration allow_promotion_codes allowed_payment_method_types automatic_tax
  billing_address_collection branding_settings cancel_url client_reference_id consent_collection currency
  custom_fields custom_text customer customer_account customer_creation customer_email customer_update
  discounts excluded_payment_method_types expand expires_at integration_identifier invoice_creation line_items
  locale managed_payments metadata mode name_collection optional_items origin_context payment_intent_data
  payment_method_collection payment_method_configuration payment_method_data payment_method_options
  permissions phone_number_collection redirect_on_completion return_url saved_payment_method_options
  setup_intent_data shipping_address_collection shipping_options submit_type subscription_data success_url
  tax_id_collection ui_mode wallet_options
`);
const SUBSCRIPTION_DATA_PARAMS = names(`
  application_fee_percent billing_cycle_anchor billing_cycle_anchor_config billing_mode default_tax_rates
  description invoice_settings metadata on_behalf_of pending_invoice_item_interval proration_behavior
  transfer_data trial_end trial_period_days trial_settings
`);
const LINE_ITEM_PARAMS = names(`
  adjustable_quantity metadata price price_data quantity tax_rates
`);
const CUSTOMER_PARAMS = names(`
  address balance business_name cash_balance description email expand individual_name invoice_prefix
  invoice_settings metadata name next_invoice_sequence payment_method phone preferred_locales shipping source
  tax tax_exempt tax_id_data test_clock validate
`);
const PORTAL_SESSION_PARAMS = names(`
  after_expiration configuration customer customer_account expand flow_data locale on_behalf_of return_url
`);
const SUBSCRIPTION_UPDATE_PARAMS = names(`
  add_invoice_items application_fee_percent automatic_tax billing_cycle_anchor billing_schedules
  billing_thresholds cancel_at cancel_at_period_end cancellation_details collection_method days_until_due
  default_payment_method default_source default_tax_rates description discounts expand invoice_settings items
  metadata off_session on_behalf_of pause_collection payment_behavior payment_settings
  pending_invoice_item_interval proration_behavior proration_date transfer_data trial_end trial_from_plan
  trial_settings
`);
const PAGINATION_PARAMS = names('ending_before expand limit starting_after');
const SUBSCRIPTION_LIST_PARAMS = new Set([
  ...PAGINATION_PARAMS,
  ...names(`
  automatic_tax collection_method created current_period_end current_period_start customer customer_account
  plan price status test_clock
`),
]);
const INVOICE_LIST_PARAMS = new Set([
  ...PAGINATION_PARAMS,
  ...names(`
  collection_method created customer customer_account due_date status subscription
`),
]);
const SUBSCRIPTION_LIST_STATUSES = names(`
  active all canceled ended incomplete incomplete_expired past_due paused trialing unpaid
`);

export function createFakeStripeApi(options: FakeStripeOptions = {}) {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(24).toString('hex')}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(24).toString('hex')}`;
  const unitAmount = options.unitAmount ?? 3900;
  const productName = options.productName ?? 'PickupLine Pro';
  const nowMs = options.now ?? Date.now;
  const now = () => Math.floor(nowMs() / 1000);
  const accountId = stripeId('acct', 16);
  const portalConfiguration = stripeId('bpc');

  const requests: RecordedStripeRequest[] = [];
  const customers = new Map<string, Stripe.Customer>();
  const checkoutSessions = new Map<string, Stripe.Checkout.Session>();
  const subscriptions = new Map<string, Stripe.Subscription>();
  const invoices = new Map<string, Stripe.Invoice>();
  const paymentMethods = new Map<string, Stripe.PaymentMethod>();
  const portalSessions = new Map<string, Stripe.BillingPortal.Session>();
  const prices = new Map<string, Stripe.Price>();

  const checkoutRequests = new Map<string, CheckoutRequest>();
  /** Creation order, for lists (newest first) when several objects share a second. */
  const creationOrder = new Map<string, number>();
  const idempotentResults = new Map<string, { request: string; status: number; body: unknown }>();
  const queuedFailures: { status: number; error: StripeErrorBody }[] = [];

  const product = stripeId('prod', 14);
  const price = createPrice(options.priceId ?? stripeId('price'), unitAmount);

  function remember<T extends { id: string }>(store: Map<string, T>, object: T): T {
    store.set(object.id, object);
    creationOrder.set(object.id, creationOrder.size);
    return object;
  }

  /** Any stored object by id: what `expand` replaces an id with. */
  function findObject(id: string): object | undefined {
    for (const store of [customers, checkoutSessions, subscriptions, invoices, paymentMethods, prices]) {
      const found = (store as Map<string, object>).get(id);
      if (found) return found;
    }
    return undefined;
  }

  // ---- objects, shaped as the SDK's types for the pinned API version ----

  function createPrice(id: string, amount: number): Stripe.Price {
    return remember(prices, {
      id,
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created: now(),
      currency: 'usd',
      custom_unit_amount: null,
      livemode: false,
      lookup_key: null,
      metadata: {},
      nickname: null,
      product,
      recurring: { interval: 'month', interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' },
      tax_behavior: 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: 'recurring',
      unit_amount: amount,
      unit_amount_decimal: Stripe.Decimal.from(String(amount)),
    });
  }

  function planFor(p: Stripe.Price): Stripe.Plan {
    return {
      id: p.id,
      object: 'plan',
      active: p.active,
      amount: p.unit_amount,
      amount_decimal: p.unit_amount_decimal,
      billing_scheme: 'per_unit',
      created: p.created,
      currency: p.currency,
      interval: 'month',
      interval_count: 1,
      livemode: false,
      metadata: {},
      meter: null,
      nickname: null,
      product: p.product,
      tiers_mode: null,
      transform_usage: null,
      trial_period_days: null,
      usage_type: 'licensed',
    };
  }

  function createCustomer(fields: { email: string | null; name: string | null; metadata: Record<string, string> }) {
    return remember(customers, {
      id: stripeId('cus', 14),
      object: 'customer',
      address: null,
      balance: 0,
      created: now(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: null,
      discount: null,
      email: fields.email,
      invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata: fields.metadata,
      name: fields.name,
      next_invoice_sequence: 1,
      phone: null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: null,
    });
  }

  function createPaymentMethod(customer: Stripe.Customer, card: FakeCard): Stripe.PaymentMethod {
    return remember(paymentMethods, {
      id: stripeId('pm'),
      object: 'payment_method',
      allow_redisplay: 'limited',
      billing_details: { address: null, email: customer.email, name: customer.name ?? null, phone: null, tax_id: null },
      card: {
        brand: card.brand,
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
        country: 'US',
        display_brand: card.brand,
        exp_month: 12,
        exp_year: new Date(nowMs()).getUTCFullYear() + 3,
        fingerprint: randomBytes(8).toString('hex'),
        funding: 'credit',
        generated_from: null,
        last4: card.last4,
        networks: { available: [card.brand], preferred: null },
        regulated_status: 'unregulated',
        three_d_secure_usage: { supported: true },
        wallet: null,
      },
      created: now(),
      customer: customer.id,
      customer_account: null,
      livemode: false,
      metadata: {},
      type: 'card',
    });
  }

  function createSubscriptionRecord(input: {
    customer: Stripe.Customer;
    price: Stripe.Price;
    quantity: number;
    metadata: Record<string, string>;
    trialEnd: number | null;
    paymentMethod: Stripe.PaymentMethod | null;
    status?: Stripe.Subscription.Status;
  }): Stripe.Subscription {
    const start = now();
    const id = stripeId('sub');
    const periodEnd = input.trialEnd ?? addMonth(start);
    const item: Stripe.SubscriptionItem = {
      id: stripeId('si', 14),
      object: 'subscription_item',
      billing_thresholds: null,
      created: start,
      current_period_end: periodEnd,
      current_period_start: start,
      current_trial: null,
      discounts: [],
      metadata: {},
      plan: planFor(input.price),
      price: input.price,
      quantity: input.quantity,
      subscription: id,
      tax_rates: [],
    };
    return remember(subscriptions, {
      id,
      object: 'subscription',
      application: null,
      application_fee_percent: null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: periodEnd === input.trialEnd ? periodEnd : start,
      billing_cycle_anchor_config: null,
      billing_mode: { flexible: { proration_discounts: 'included' }, type: 'flexible', updated_at: start },
      billing_schedules: [],
      billing_thresholds: null,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
      collection_method: 'charge_automatically',
      created: start,
      currency: input.price.currency,
      customer: input.customer.id,
      customer_account: null,
      days_until_due: null,
      default_payment_method: input.paymentMethod?.id ?? null,
      default_source: null,
      default_tax_rates: [],
      description: null,
      discounts: [],
      ended_at: null,
      invoice_settings: {
        account_tax_ids: null,
        custom_fields: null,
        description: null,
        footer: null,
        issuer: { type: 'self' },
      },
      items: { object: 'list', data: [item], has_more: false, url: `/v1/subscription_items?subscription=${id}` },
      latest_invoice: null,
      livemode: false,
      managed_payments: null,
      metadata: input.metadata,
      next_pending_invoice_item_invoice: null,
      on_behalf_of: null,
      pause_collection: null,
      payment_settings: {
        payment_method_options: null,
        payment_method_types: null,
        save_default_payment_method: 'off',
      },
      pending_invoice_item_interval: null,
      pending_setup_intent: null,
      pending_update: null,
      schedule: null,
      start_date: start,
      status: input.status ?? (input.trialEnd ? 'trialing' : 'active'),
      test_clock: null,
      transfer_data: null,
      trial_end: input.trialEnd,
      trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' } },
      trial_start: input.trialEnd ? start : null,
    });
  }

  /** The invoice a subscription's period produces: $0 for a trial, the price otherwise; paid, or open when refused. */
  function createInvoiceFor(
    subscription: Stripe.Subscription,
    billingReason: 'subscription_create' | 'subscription_cycle',
    outcome: 'paid' | 'failed',
  ): Stripe.Invoice {
    const item = itemOf(subscription);
    const customer = customers.get(customerIdOf(subscription))!;
    const isTrial = subscription.status === 'trialing';
    const amount = isTrial ? 0 : (item.price.unit_amount ?? 0) * (item.quantity ?? 1);
    const paid = outcome === 'paid';
    const created = now();
    const id = stripeId('in');
    const number = `${customer.invoice_prefix}-${String(customer.next_invoice_sequence ?? 1).padStart(4, '0')}`;
    customer.next_invoice_sequence = (customer.next_invoice_sequence ?? 1) + 1;
    const secret = `test_${randomBytes(30).toString('base64url')}`;
    const line: Stripe.InvoiceLineItem = {
      id: stripeId('il'),
      object: 'line_item',
      amount,
      currency: subscription.currency,
      description: isTrial
        ? `Trial period for ${productName}`
        : `${item.quantity ?? 1} × ${productName} (at $${(amount / 100).toFixed(2)} / month)`,
      discount_amounts: [],
      discountable: true,
      discounts: [],
      invoice: id,
      livemode: false,
      metadata: {},
      parent: {
        invoice_item_details: null,
        subscription_item_details: {
          invoice_item: null,
          proration: false,
          proration_details: { credited_items: null },
          subscription: subscription.id,
          subscription_item: item.id,
        },
        type: 'subscription_item_details',
      },
      period: { start: item.current_period_start, end: item.current_period_end },
      pretax_credit_amounts: [],
      pricing: {
        price_details: { price: item.price.id, product },
        type: 'price_details',
        unit_amount_decimal: Stripe.Decimal.from(String(isTrial ? 0 : (item.price.unit_amount ?? 0))),
      },
      quantity: item.quantity ?? 1,
      quantity_decimal: Stripe.Decimal.from(String(item.quantity ?? 1)),
      subscription: subscription.id,
      subtotal: amount,
      taxes: [],
    };
    const invoice = remember(invoices, {
      id,
      object: 'invoice',
      account_country: 'US',
      account_name: 'PickupLine',
      account_tax_ids: null,
      amount_due: amount,
      amount_overpaid: 0,
      amount_paid: paid ? amount : 0,
      amount_remaining: paid ? 0 : amount,
      amount_shipping: 0,
      application: null,
      attempt_count: amount > 0 ? 1 : 0,
      attempted: true,
      auto_advance: !paid,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
      automatically_finalizes_at: null,
      billing_reason: billingReason,
      collection_method: 'charge_automatically',
      created,
      currency: subscription.currency,
      custom_fields: null,
      customer: customer.id,
      customer_account: null,
      customer_address: null,
      customer_email: customer.email,
      customer_name: customer.name ?? null,
      customer_phone: null,
      customer_shipping: null,
      customer_tax_exempt: 'none',
      customer_tax_ids: [],
      default_payment_method: null,
      default_source: null,
      default_tax_rates: [],
      description: null,
      discounts: [],
      due_date: null,
      effective_at: created,
      ending_balance: 0,
      footer: null,
      from_invoice: null,
      hosted_invoice_url: `https://invoice.stripe.com/i/${accountId}/${secret}?s=ap`,
      invoice_pdf: `https://pay.stripe.com/invoice/${accountId}/${secret}/pdf?s=ap`,
      issuer: { type: 'self' },
      last_finalization_error: null,
      latest_revision: null,
      lines: { object: 'list', data: [line], has_more: false, url: `/v1/invoices/${id}/lines` },
      livemode: false,
      metadata: {},
      next_payment_attempt: paid ? null : created + 3 * DAY,
      number,
      on_behalf_of: null,
      parent: {
        quote_details: null,
        subscription_details: { metadata: { ...subscription.metadata }, subscription: subscription.id },
        type: 'subscription_details',
      },
      payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
      period_end: created,
      period_start: created,
      post_payment_credit_notes_amount: 0,
      pre_payment_credit_notes_amount: 0,
      receipt_number: null,
      rendering: null,
      shipping_cost: null,
      shipping_details: null,
      starting_balance: 0,
      statement_descriptor: null,
      status: paid ? 'paid' : 'open',
      status_transitions: {
        finalized_at: created,
        marked_uncollectible_at: null,
        paid_at: paid ? created : null,
        voided_at: null,
      },
      subtotal: amount,
      subtotal_excluding_tax: amount,
      test_clock: null,
      total: amount,
      total_discount_amounts: [],
      total_excluding_tax: amount,
      total_pretax_credit_amounts: [],
      total_taxes: [],
      webhooks_delivered_at: created,
    });
    subscription.latest_invoice = invoice.id;
    return invoice;
  }

  function createCheckoutSession(params: StripeParams): Stripe.Checkout.Session {
    refuseUnknown(params, CHECKOUT_SESSION_PARAMS);
    const mode = stringParam(params, 'mode');
    if (!mode) throw missing('mode');
    if (mode !== 'subscription') {
      throw invalid(`This fake only serves Checkout in subscription mode, not '${mode}'.`, 'mode');
    }
    const customerId = stringParam(params, 'customer');
    const customerEmail = stringParam(params, 'customer_email');
    if (customerId && customerEmail) {
      throw invalid('You may only specify one of these parameters: customer, customer_email.', 'customer');
    }
    const customer = customerId ? customers.get(customerId) : undefined;
    if (customerId && !customer) throw noSuch('customer', customerId, 'customer');

    const lineItems = params.line_items;
    if (lineItems === undefined) throw missing('line_items');
    if (!Array.isArray(lineItems) || lineItems.length === 0) {
      throw invalid(
        'You must provide at least one recurring price in `subscription` mode when using prices.',
        'line_items',
      );
    }
    if (lineItems.length > 1) throw invalid('This fake serves one line item per Checkout Session.', 'line_items');
    const lineItem = recordParam(lineItems[0], 'line_items[0]');
    refuseUnknown(lineItem, LINE_ITEM_PARAMS, 'line_items[0]');
    const priceId = stringParam(lineItem, 'price', 'line_items[0]');
    if (!priceId) throw missing('line_items[0][price]');
    const linePrice = prices.get(priceId);
    if (!linePrice) throw noSuch('price', priceId, 'line_items[0][price]');
    const quantity = integerParam(lineItem, 'quantity', 'line_items[0]');
    if (quantity === undefined) throw missing('line_items[0][quantity]');
    if (quantity < 1) throw invalid('Quantity must be at least 1.', 'line_items[0][quantity]');

    const subscriptionData =
      params.subscription_data === undefined ? {} : recordParam(params.subscription_data, 'subscription_data');
    refuseUnknown(subscriptionData, SUBSCRIPTION_DATA_PARAMS, 'subscription_data');
    const created = now();
    let trialEnd = integerParam(subscriptionData, 'trial_end', 'subscription_data') ?? null;
    if (trialEnd !== null && trialEnd < created + MIN_CHECKOUT_TRIAL_SECONDS) {
      throw invalid(
        'subscription_data[trial_end] must be at least 48 hours in the future.',
        'subscription_data[trial_end]',
      );
    }
    const trialDays = integerParam(subscriptionData, 'trial_period_days', 'subscription_data');
    if (trialDays !== undefined) {
      if (trialEnd !== null) {
        throw invalid(
          'You may only specify one of these parameters: trial_end, trial_period_days.',
          'subscription_data[trial_period_days]',
        );
      }
      if (trialDays < 1) throw invalid('trial_period_days must be at least 1.', 'subscription_data[trial_period_days]');
      trialEnd = created + trialDays * DAY;
    }

    const id = `cs_test_${stripeId('a').slice(2)}${randomBytes(17).toString('hex')}`;
    const amount = trialEnd ? 0 : (linePrice.unit_amount ?? 0) * quantity;
    checkoutRequests.set(id, {
      priceId,
      quantity,
      subscriptionMetadata: stringRecord(subscriptionData.metadata, 'subscription_data[metadata]'),
      trialEnd,
    });
    return remember(checkoutSessions, {
      id,
      object: 'checkout.session',
      adaptive_pricing: { enabled: false },
      after_expiration: null,
      allow_promotion_codes: null,
      allowed_payment_method_types: null,
      amount_subtotal: amount,
      amount_total: amount,
      automatic_tax: { enabled: false, liability: null, provider: null, status: null },
      billing_address_collection: null,
      cancel_url: stringParam(params, 'cancel_url') ?? null,
      client_reference_id: stringParam(params, 'client_reference_id') ?? null,
      client_secret: null,
      collected_information: null,
      consent: null,
      consent_collection: null,
      created,
      currency: linePrice.currency,
      currency_conversion: null,
      custom_fields: [],
      custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
      customer: customer?.id ?? null,
      customer_account: null,
      customer_creation: customer ? null : 'always',
      customer_details: customer
        ? {
            address: null,
            business_name: null,
            email: customer.email,
            individual_name: null,
            name: null,
            phone: null,
            tax_exempt: 'none',
            tax_ids: null,
          }
        : null,
      customer_email: customerEmail ?? null,
      discounts: [],
      expires_at: integerParam(params, 'expires_at') ?? created + DAY,
      integration_identifier: null,
      invoice: null,
      invoice_creation: null,
      livemode: false,
      locale: null,
      managed_payments: null,
      metadata: stringRecord(params.metadata, 'metadata'),
      mode: 'subscription',
      origin_context: null,
      payment_intent: null,
      payment_link: null,
      payment_method_collection: stringParam(params, 'payment_method_collection') ?? 'always',
      payment_method_configuration_details: null,
      payment_method_options: {},
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      permissions: null,
      phone_number_collection: { enabled: false },
      recovered_from: null,
      saved_payment_method_options: null,
      setup_intent: null,
      shipping_address_collection: null,
      shipping_cost: null,
      shipping_options: [],
      status: 'open',
      submit_type: null,
      subscription: null,
      success_url: stringParam(params, 'success_url') ?? null,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      ui_mode: 'hosted_page',
      url: `https://checkout.stripe.com/c/pay/${id}`,
      wallet_options: null,
    });
  }

  // ---- the HTTP API ----

  function route(method: string, path: string, params: StripeParams): { status: number; body: unknown } {
    const ok = (body: unknown) => ({ status: 200, body });
    const expand = expandParam(params);
    let match: RegExpMatchArray | null;

    if (method === 'POST' && path === '/v1/customers') {
      refuseUnknown(params, CUSTOMER_PARAMS);
      const customer = createCustomer({
        email: stringParam(params, 'email') ?? null,
        name: stringParam(params, 'name') ?? null,
        metadata: stringRecord(params.metadata, 'metadata'),
      });
      return ok(expanded(customer, expand));
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      return ok(expanded(createCheckoutSession(params), expand));
    }
    if ((match = path.match(/^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/))) {
      const id = decodeURIComponent(match[1]!);
      const session = checkoutSessions.get(id);
      if (method === 'GET' && !match[2]) {
        if (!session) throw noSuch('checkout.session', id, 'session', 404);
        refuseUnknown(params, new Set(['expand']));
        return ok(expanded(session, expand));
      }
      if (method === 'POST' && match[2]) {
        if (!session) throw noSuch('checkout.session', id, 'session', 404);
        refuseUnknown(params, new Set(['expand']));
        if (session.status !== 'open') {
          throw invalid(
            `Only Checkout Sessions with status 'open' can be expired; this one has status '${session.status}'.`,
          );
        }
        session.status = 'expired';
        session.url = null;
        return ok(expanded(session, expand));
      }
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      refuseUnknown(params, PORTAL_SESSION_PARAMS);
      const customerId = stringParam(params, 'customer');
      if (!customerId) throw missing('customer');
      if (!customers.has(customerId)) throw noSuch('customer', customerId, 'customer');
      const session: Stripe.BillingPortal.Session = {
        id: stripeId('bps'),
        object: 'billing_portal.session',
        configuration: portalConfiguration,
        created: now(),
        customer: customerId,
        customer_account: null,
        flow: null,
        livemode: false,
        locale: null,
        on_behalf_of: null,
        return_url: stringParam(params, 'return_url') ?? null,
        url: `https://billing.stripe.com/p/session/test_${randomBytes(32).toString('base64url')}`,
      };
      remember(portalSessions, session);
      return ok(session);
    }
    if (method === 'GET' && path === '/v1/subscriptions') {
      refuseUnknown(params, SUBSCRIPTION_LIST_PARAMS);
      const status = stringParam(params, 'status');
      if (status !== undefined && !SUBSCRIPTION_LIST_STATUSES.has(status)) {
        throw invalid(`Invalid status: must be one of ${[...SUBSCRIPTION_LIST_STATUSES].join(', ')}`, 'status');
      }
      const customerId = stringParam(params, 'customer');
      const found = newestFirst(subscriptions).filter(
        (s) => (!customerId || s.customer === customerId) && subscriptionMatchesStatus(s.status, status),
      );
      return ok(list('/v1/subscriptions', found, params, expand));
    }
    if ((match = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const id = decodeURIComponent(match[1]!);
      const subscription = subscriptions.get(id);
      if (!subscription) throw noSuch('subscription', id, 'id', 404);
      if (method === 'GET') {
        refuseUnknown(params, new Set(['expand']));
        return ok(expanded(subscription, expand));
      }
      if (method === 'POST') {
        refuseUnknown(params, SUBSCRIPTION_UPDATE_PARAMS);
        updateSubscription(subscription, params);
        return ok(expanded(subscription, expand));
      }
    }
    if (method === 'GET' && path === '/v1/invoices') {
      refuseUnknown(params, INVOICE_LIST_PARAMS);
      const customerId = stringParam(params, 'customer');
      const subscriptionId = stringParam(params, 'subscription');
      const status = stringParam(params, 'status');
      const found = newestFirst(invoices).filter(
        (i) =>
          (!customerId || i.customer === customerId) &&
          (!subscriptionId || i.parent?.subscription_details?.subscription === subscriptionId) &&
          (!status || i.status === status),
      );
      return ok(list('/v1/invoices', found, params, expand));
    }
    throw new ApiError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    });
  }

  function updateSubscription(subscription: Stripe.Subscription, params: StripeParams) {
    const onlyCancellationDetails = Object.keys(params).every((k) =>
      ['cancellation_details', 'metadata', 'expand'].includes(k),
    );
    if (subscription.status === 'canceled' && !onlyCancellationDetails) {
      throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
    }
    const cancelAtPeriodEnd = booleanParam(params, 'cancel_at_period_end');
    if (cancelAtPeriodEnd !== undefined) {
      subscription.cancel_at_period_end = cancelAtPeriodEnd;
      // Stripe records when the cancellation was asked for, and when it will happen; undoing clears both.
      subscription.cancel_at = cancelAtPeriodEnd ? itemOf(subscription).current_period_end : null;
      subscription.canceled_at = cancelAtPeriodEnd ? now() : null;
      subscription.cancellation_details = {
        ...(subscription.cancellation_details ?? { comment: null, feedback: null, feedback_option: null }),
        reason: cancelAtPeriodEnd ? 'cancellation_requested' : null,
      };
    }
    if (params.metadata !== undefined) {
      subscription.metadata = { ...subscription.metadata, ...stringRecord(params.metadata, 'metadata') };
    }
    const defaultPaymentMethod = stringParam(params, 'default_payment_method');
    if (defaultPaymentMethod !== undefined) {
      if (!paymentMethods.has(defaultPaymentMethod)) {
        throw noSuch('PaymentMethod', defaultPaymentMethod, 'default_payment_method');
      }
      subscription.default_payment_method = defaultPaymentMethod;
    }
  }

  function newestFirst<T extends { id: string; created: number }>(store: Map<string, T>): T[] {
    return [...store.values()].sort(
      (a, b) => b.created - a.created || (creationOrder.get(b.id) ?? 0) - (creationOrder.get(a.id) ?? 0),
    );
  }

  function list<T extends { id: string }>(url: string, all: T[], params: StripeParams, expand: string[]) {
    const notPerItem = expand.find((p) => !p.startsWith('data.'));
    if (notPerItem) throw invalid(`This property cannot be expanded (${notPerItem}).`, 'expand');
    const limit = integerParam(params, 'limit') ?? 10;
    if (limit < 1 || limit > 100) throw invalid('Invalid integer: limit must be between 1 and 100.', 'limit');
    const after = stringParam(params, 'starting_after');
    const from = after ? all.findIndex((o) => o.id === after) + 1 : 0;
    const page = all.slice(from, from + limit);
    // Stripe applies `data.`-prefixed expansions to each object of the list.
    const itemExpand = expand.map((p) => p.slice('data.'.length));
    return {
      object: 'list',
      data: page.map((o) => expanded(o, itemExpand)),
      has_more: from + limit < all.length,
      url,
    };
  }

  /** The object as JSON, ids along each `expand` path replaced by the objects they name. */
  function expanded(object: object, paths: string[]): unknown {
    const wire = toWire(object);
    for (const path of paths) expandPath(wire, path.split('.'), path);
    return wire;
  }

  function expandPath(node: unknown, segments: string[], path: string) {
    const [head, ...rest] = segments;
    if (head === undefined || !isRecord(node)) return;
    let value = node[head];
    if (typeof value === 'string') {
      const found = findObject(value);
      if (!found) throw invalid(`This property cannot be expanded (${path}).`, 'expand');
      value = node[head] = toWire(found);
    } else if (value === undefined) {
      throw invalid(`This property cannot be expanded (${path}).`, 'expand');
    }
    if (Array.isArray(value)) for (const v of value) expandPath(v, rest, path);
    else expandPath(value, rest, path);
  }

  // ---- the server ----

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = (req.method ?? 'GET').toUpperCase();
    const rawBody = await readBody(req);
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v.join(', ') : (v ?? '')]),
    );
    const query = Object.fromEntries(url.searchParams);
    const formEntries = method === 'POST' ? [...new URLSearchParams(rawBody)] : [];
    const form = Object.fromEntries(formEntries);
    const params = decodeParams(method === 'POST' ? formEntries : [...url.searchParams]);
    const idempotencyKey = headers['idempotency-key'] || null;
    const stripeVersion = headers['stripe-version'] || null;
    const recorded: RecordedStripeRequest = {
      method,
      path: url.pathname,
      query,
      form,
      params,
      headers,
      idempotencyKey,
      stripeVersion,
      status: 0,
    };
    requests.push(recorded);

    const requestId = stripeId('req', 14);
    const send = (status: number, body: unknown, extra: Record<string, string> = {}) => {
      recorded.status = status;
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': requestId,
        'stripe-version': stripeVersion ?? FAKE_STRIPE_API_VERSION,
        ...(method === 'POST' && idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        ...extra,
      });
      res.end(JSON.stringify(body, null, 2));
    };
    const sendError = (status: number, error: StripeErrorBody) =>
      send(status, {
        error: {
          ...error,
          ...(error.code ? { doc_url: `https://stripe.com/docs/error-codes/${error.code.replace(/_/g, '-')}` } : {}),
          request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}?t=${now()}`,
        },
      });

    const authorization = headers.authorization ?? '';
    const bearer = authorization.match(/^Bearer (.+)$/)?.[1];
    if (!bearer) {
      return sendError(401, {
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      });
    }
    if (bearer !== secretKey) {
      return sendError(401, {
        type: 'invalid_request_error',
        message: `Invalid API Key provided: ${bearer.slice(0, 8)}${'*'.repeat(Math.max(bearer.length - 12, 4))}${bearer.slice(-4)}`,
      });
    }

    const failure = queuedFailures.shift();
    if (failure) return sendError(failure.status, failure.error);

    const requestSignature = `${method} ${url.pathname} ${rawBody}`;
    if (method === 'POST' && idempotencyKey) {
      const previous = idempotentResults.get(idempotencyKey);
      if (previous && previous.request !== requestSignature) {
        return sendError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        });
      }
      if (previous) return send(previous.status, previous.body, { 'idempotent-replayed': 'true' });
    }

    try {
      const { status, body } = route(method, url.pathname, params);
      // Stripe saves the result of a request that ran; one refused by validation can be retried with the same key.
      if (method === 'POST' && idempotencyKey) {
        idempotentResults.set(idempotencyKey, { request: requestSignature, status, body });
      }
      return send(status, body);
    } catch (error) {
      if (error instanceof ApiError) return sendError(error.status, error.body);
      return sendError(500, { type: 'api_error', message: `Fake Stripe failed: ${String(error)}` });
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  let address: AddressInfo | null = null;

  function requireAddress() {
    if (!address) throw new Error('The fake Stripe API is not listening: await start() first');
    return address;
  }

  // ---- Stripe's side: what happens on Checkout's page, in the Dashboard, or as time passes ----

  function startSubscription(
    customer: Stripe.Customer,
    input: {
      price: Stripe.Price;
      quantity: number;
      metadata: Record<string, string>;
      trialEnd: number | null;
      card: FakeCard | null;
    },
  ) {
    const paymentMethod = input.card ? createPaymentMethod(customer, input.card) : null;
    const subscription = createSubscriptionRecord({ customer, ...input, paymentMethod });
    const invoice = createInvoiceFor(subscription, 'subscription_create', 'paid');
    return { subscription, invoice, paymentMethod };
  }

  return {
    host: '127.0.0.1',
    /** The port the server listens on (after start()). */
    get port() {
      return requireAddress().port;
    },
    /** What to give the SDK (or createStripeBillingProvider) so that it talks to this server. */
    clientOptions() {
      return { host: '127.0.0.1', port: requireAddress().port, protocol: 'http' as const };
    },
    /** The keys and price this fake accepts, named as createStripeBillingProvider takes them. */
    credentials: { secretKey, webhookSecret, priceId: price.id },
    secretKey,
    webhookSecret,
    priceId: price.id,

    async start() {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => {
          server.off('error', reject);
          address = server.address() as AddressInfo;
          resolve();
        });
      });
      return this.clientOptions();
    },
    async close() {
      // The SDK keeps connections alive; they would hold close() open until they time out.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      address = null;
    },

    /** Every request the SDK made, oldest first, with its form fields, query, headers and the status it got. */
    requests,
    customers,
    checkoutSessions,
    subscriptions,
    invoices,
    paymentMethods,
    portalSessions,
    prices,

    /** The next API call (any) answers with this Stripe error, e.g. 402 card_error or 500 api_error. */
    failNextRequest(status: number, error: StripeErrorBody) {
      queuedFailures.push({ status, error });
    },

    /**
     * The customer pays on Checkout's page (a card that Stripe accepts): the subscription starts (trialing when the
     * session asked for a trial), with the card as its default payment method and its first invoice paid ($0 during
     * a trial); the session completes. Without a customer on the session, Checkout creates one from the e-mail.
     */
    completeCheckout(sessionId: string, { card = { brand: 'visa', last4: '4242' } }: { card?: FakeCard } = {}) {
      const session = checkoutSessions.get(sessionId);
      const request = checkoutRequests.get(sessionId);
      if (!session || !request) throw new Error(`No such checkout.session: '${sessionId}'`);
      if (session.status !== 'open') throw new Error(`Checkout Session ${sessionId} is ${session.status}, not open`);
      const customer =
        (typeof session.customer === 'string' ? customers.get(session.customer) : undefined) ??
        createCustomer({ email: session.customer_email, name: null, metadata: {} });
      const { subscription, invoice, paymentMethod } = startSubscription(customer, {
        price: prices.get(request.priceId)!,
        quantity: request.quantity,
        metadata: request.subscriptionMetadata,
        trialEnd: request.trialEnd,
        card,
      });
      Object.assign(session, {
        status: 'complete',
        payment_status: request.trialEnd ? 'no_payment_required' : 'paid',
        customer: customer.id,
        subscription: subscription.id,
        invoice: invoice.id,
        url: null,
        customer_details: {
          address: { city: null, country: 'US', line1: null, line2: null, postal_code: '10001', state: null },
          business_name: null,
          email: customer.email,
          individual_name: null,
          name: customer.name ?? null,
          phone: null,
          tax_exempt: 'none',
          tax_ids: [],
        },
      } satisfies Partial<Stripe.Checkout.Session>);
      return {
        session,
        customer,
        subscription,
        invoice,
        paymentMethod,
        events: [
          event('customer.subscription.created', subscription),
          event('invoice.paid', invoice),
          event('checkout.session.completed', session),
        ],
      };
    },

    /** A session left open for its 24 hours: Stripe expires it. */
    expireCheckout(sessionId: string) {
      const session = checkoutSessions.get(sessionId);
      if (!session) throw new Error(`No such checkout.session: '${sessionId}'`);
      if (session.status !== 'open') throw new Error(`Checkout Session ${sessionId} is ${session.status}, not open`);
      session.status = 'expired';
      session.url = null;
      return { session, events: [event('checkout.session.expired', session)] };
    },

    /** A subscription made outside Checkout (the Dashboard, another integration), with its first invoice paid. */
    createSubscription(input: {
      customer: string;
      trialEnd?: Date | null;
      card?: FakeCard | null;
      metadata?: Record<string, string>;
      status?: Stripe.Subscription.Status;
    }) {
      const customer = customers.get(input.customer);
      if (!customer) throw new Error(`No such customer: '${input.customer}'`);
      const { subscription, invoice, paymentMethod } = startSubscription(customer, {
        price,
        quantity: 1,
        metadata: input.metadata ?? {},
        trialEnd: input.trialEnd ? Math.floor(input.trialEnd.getTime() / 1000) : null,
        card: input.card === undefined ? { brand: 'visa', last4: '4242' } : input.card,
      });
      if (input.status) subscription.status = input.status;
      return {
        subscription,
        invoice,
        paymentMethod,
        events: [event('customer.subscription.created', subscription), event('invoice.paid', invoice)],
      };
    },

    /** Changes a subscription as Stripe would report it changed (status, cancellation, period, card …). */
    setSubscription(id: string, patch: SubscriptionPatch) {
      const subscription = subscriptions.get(id);
      if (!subscription) throw new Error(`No such subscription: '${id}'`);
      const before = toWire(subscription) as Record<string, unknown>;
      const { current_period_start: periodStart, current_period_end: periodEnd, ...fields } = patch;
      Object.assign(subscription, fields);
      if (subscription.status === 'canceled') {
        subscription.ended_at ??= now();
        subscription.canceled_at ??= subscription.ended_at;
      }
      const item = itemOf(subscription);
      if (periodStart !== undefined) item.current_period_start = periodStart;
      if (periodEnd !== undefined) item.current_period_end = periodEnd;
      const type =
        subscription.status === 'canceled' ? 'customer.subscription.deleted' : 'customer.subscription.updated';
      return { subscription, events: [event(type, subscription, changedFields(before, subscription))] };
    },

    /** Gives a customer another card as its default, as the billing portal does. */
    updateCard(subscriptionId: string, card: FakeCard) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`No such subscription: '${subscriptionId}'`);
      const customer = customers.get(customerIdOf(subscription))!;
      const paymentMethod = createPaymentMethod(customer, card);
      const before = toWire(subscription) as Record<string, unknown>;
      subscription.default_payment_method = paymentMethod.id;
      customer.invoice_settings.default_payment_method = paymentMethod.id;
      return {
        paymentMethod,
        events: [event('customer.subscription.updated', subscription, changedFields(before, subscription))],
      };
    },

    /**
     * The current period (or trial) ends. A subscription set to cancel at period end is canceled; otherwise the
     * next period starts and its invoice is charged: paid → active; refused (or no card on file) → past_due with the
     * invoice open.
     */
    advanceSubscription(id: string, { payment = 'succeeds' }: { payment?: 'succeeds' | 'fails' } = {}) {
      const subscription = subscriptions.get(id);
      if (!subscription) throw new Error(`No such subscription: '${id}'`);
      const before = toWire(subscription) as Record<string, unknown>;
      const item = itemOf(subscription);
      const periodEnd = item.current_period_end;
      if (subscription.cancel_at_period_end || subscription.status === 'canceled') {
        Object.assign(subscription, { status: 'canceled', ended_at: periodEnd, cancel_at: periodEnd });
        return {
          subscription,
          invoice: null,
          events: [event('customer.subscription.deleted', subscription, changedFields(before, subscription))],
        };
      }
      // Without a card (a trial started without one) there is nothing to charge: the invoice stays open.
      const customer = customers.get(customerIdOf(subscription))!;
      const hasCard = Boolean(subscription.default_payment_method ?? customer.invoice_settings.default_payment_method);
      const paid = payment === 'succeeds' && hasCard;
      item.current_period_start = periodEnd;
      item.current_period_end = addMonth(periodEnd);
      subscription.status = 'active';
      const invoice = createInvoiceFor(subscription, 'subscription_cycle', paid ? 'paid' : 'failed');
      if (!paid) subscription.status = 'past_due';
      return {
        subscription,
        invoice,
        events: [
          event(paid ? 'invoice.paid' : 'invoice.payment_failed', invoice),
          event('customer.subscription.updated', subscription, changedFields(before, subscription)),
        ],
      };
    },

    /**
     * A webhook delivery as Stripe makes it: the event envelope (pretty-printed JSON, as Stripe sends it) and the
     * Stripe-Signature header computed by the SDK's own test helper. `timestamp` (unix seconds) signs as of another
     * time (an old delivery); `secret` signs with another endpoint's secret.
     */
    signedEvent(
      type: string,
      object: object,
      opts: { previousAttributes?: Record<string, unknown>; timestamp?: number; secret?: string; id?: string } = {},
    ) {
      const envelope = {
        id: opts.id ?? stripeId('evt'),
        object: 'event',
        api_version: FAKE_STRIPE_API_VERSION,
        created: now(),
        data: {
          object: toWire(object),
          ...(opts.previousAttributes ? { previous_attributes: opts.previousAttributes } : {}),
        },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
      const body = JSON.stringify(envelope, null, 2);
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload: body,
        secret: opts.secret ?? webhookSecret,
        ...(opts.timestamp !== undefined ? { timestamp: opts.timestamp } : {}),
      });
      return { body, signature, event: envelope };
    },
  };

  function event(type: string, object: object, previousAttributes?: Record<string, unknown>): FakeStripeEvent {
    return {
      type,
      object: toWire(object) as Stripe.Event.Data.Object,
      ...(previousAttributes ? { previousAttributes } : {}),
    };
  }
}

export type FakeStripeApi = ReturnType<typeof createFakeStripeApi>;

// ---- helpers ----

function itemOf(subscription: Stripe.Subscription): Stripe.SubscriptionItem {
  const item = subscription.items.data[0];
  if (!item) throw new Error(`Subscription ${subscription.id} has no items`);
  return item;
}

/** Without a status, Stripe lists every subscription but the canceled ones; 'ended' means canceled or expired. */
function subscriptionMatchesStatus(actual: Stripe.Subscription.Status, filter: string | undefined) {
  if (filter === undefined) return actual !== 'canceled';
  if (filter === 'all') return true;
  if (filter === 'ended') return actual === 'canceled' || actual === 'incomplete_expired';
  return actual === filter;
}

function customerIdOf(subscription: Stripe.Subscription) {
  return typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
}

/** One calendar month later, as Stripe bills monthly (UTC). */
function addMonth(unixSeconds: number) {
  const date = new Date(unixSeconds * 1000);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}

/** JSON as sent on the wire (the SDK's Decimal values become strings). */
function toWire(object: object): unknown {
  return JSON.parse(JSON.stringify(object)) as unknown;
}

/** Stripe's `previous_attributes`: the old values of the top-level fields that changed. */
function changedFields(before: Record<string, unknown>, after: object) {
  const now = toWire(after) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(before).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(now[key])),
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function readBody(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Stripe's form encoding read back: `a[b][0][c]=v` → {a: {b: [{c: 'v'}]}}; `expand[]=x` and `expand[0]=x` both make
 * arrays.
 */
export function decodeParams(entries: Iterable<[string, string]>): StripeParams {
  const root: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    const match = key.match(/^([^[\]]+)((?:\[[^[\]]*\])*)$/);
    if (!match) continue;
    const segments = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    let node = root;
    segments.forEach((segment, i) => {
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (i === segments.length - 1) {
        node[name] = value;
      } else {
        if (!isRecord(node[name])) node[name] = {};
        node = node[name] as Record<string, unknown>;
      }
    });
  }
  return toArrays(root) as StripeParams;
}

function toArrays(node: unknown): unknown {
  if (!isRecord(node)) return node;
  const keys = Object.keys(node);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => toArrays(node[k]));
  }
  return Object.fromEntries(keys.map((k) => [k, toArrays(node[k])]));
}

function paramName(prefix: string | undefined, key: string) {
  return prefix ? `${prefix}[${key}]` : key;
}

function refuseUnknown(params: Record<string, unknown>, known: Set<string>, prefix?: string) {
  for (const key of Object.keys(params)) {
    if (!known.has(key)) {
      const name = paramName(prefix, key);
      throw new ApiError(400, {
        type: 'invalid_request_error',
        code: 'parameter_unknown',
        message: `Received unknown parameter: ${name}`,
        param: name,
      });
    }
  }
}

function missing(param: string) {
  return new ApiError(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    message: `Missing required param: ${param}.`,
    param,
  });
}

function invalid(message: string, param?: string) {
  return new ApiError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) });
}

/** A missing object: 404 when the URL names it, 400 when a parameter does. */
function noSuch(kind: string, id: string, param: string, status: 400 | 404 = 400) {
  return new ApiError(status, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
  });
}

function stringParam(params: Record<string, unknown>, key: string, prefix?: string): string | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(`Invalid string: ${paramName(prefix, key)}`, paramName(prefix, key));
  return value;
}

function integerParam(params: Record<string, unknown>, key: string, prefix?: string): number | undefined {
  const value = stringParam(params, key, prefix);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw invalid(`Invalid integer: ${value}`, paramName(prefix, key));
  return Number(value);
}

function booleanParam(params: Record<string, unknown>, key: string): boolean | undefined {
  const value = stringParam(params, key);
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw invalid(`Invalid boolean: ${value}`, key);
  return value === 'true';
}

function recordParam(value: unknown, name: string): Record<string, StripeParam> {
  if (!isRecord(value)) throw invalid(`Invalid object: ${name}`, name);
  return value as Record<string, StripeParam>;
}

function stringRecord(value: unknown, name: string): Record<string, string> {
  if (value === undefined || value === '') return {};
  const record = recordParam(value, name);
  for (const [key, v] of Object.entries(record)) {
    if (typeof v !== 'string') throw invalid(`Invalid string: ${name}[${key}]`, `${name}[${key}]`);
  }
  return record as Record<string, string>;
}

function expandParam(params: StripeParams): string[] {
  const value = params.expand;
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) throw invalid('Invalid array', 'expand');
  return value;
}
