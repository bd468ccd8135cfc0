import { boolean, check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { INVOICE_STATUSES, PROVIDER_SUBSCRIPTION_STATUSES } from '@shared/domain/subscription';
import { user } from './auth';
import { inList, textEnum } from './checks';
import { cents } from './money-column';

/**
 * Our copy of each owner's subscription at the payment provider, re-read from the provider whenever it may have
 * changed. A row exists once the owner has a provider customer; `status` stays null until a subscription exists.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    customerId: text('customer_id').unique(),
    subscriptionId: text('subscription_id').unique(),
    status: text('status', { enum: textEnum(PROVIDER_SUBSCRIPTION_STATUSES) }),
    priceId: text('price_id'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    paymentMethodBrand: text('payment_method_brand'),
    paymentMethodLast4: text('payment_method_last4'),
    /** The owner's one open checkout, reused by a second tab or click and expired before another is made. */
    checkoutSessionId: text('checkout_session_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('subscriptions_status', inList(t.status, PROVIDER_SUBSCRIPTION_STATUSES))],
);

/** Provider webhooks seen, so a delivery that arrives twice is processed once. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [unique('webhook_events_provider_event_unique').on(t.provider, t.eventId)],
);

// The local test mode's payment provider keeps its books here, so test-mode subscriptions survive a restart just
// as Stripe's would. Nothing else reads these tables: the app sees them only through the BillingProvider interface.

export const LOCAL_CHECKOUT_PURPOSES = ['subscribe', 'update_card'] as const;
export const LOCAL_CHECKOUT_STATUSES = ['open', 'complete', 'expired'] as const;

export const localBillingCustomers = pgTable('local_billing_customers', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull().unique(),
  email: text('email').notNull(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const localBillingCheckouts = pgTable(
  'local_billing_checkouts',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => localBillingCustomers.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: textEnum(LOCAL_CHECKOUT_PURPOSES) }).notNull(),
    priceId: text('price_id'),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    status: text('status', { enum: textEnum(LOCAL_CHECKOUT_STATUSES) })
      .notNull()
      .default('open'),
    idempotencyKey: text('idempotency_key').unique(),
    subscriptionId: text('subscription_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('local_billing_checkouts_purpose', inList(t.purpose, LOCAL_CHECKOUT_PURPOSES)),
    check('local_billing_checkouts_status', inList(t.status, LOCAL_CHECKOUT_STATUSES)),
  ],
);

export const localBillingSubscriptions = pgTable(
  'local_billing_subscriptions',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => localBillingCustomers.id, { onDelete: 'cascade' }),
    priceId: text('price_id').notNull(),
    status: text('status', { enum: textEnum(PROVIDER_SUBSCRIPTION_STATUSES) }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    cardBrand: text('card_brand').notNull(),
    cardLast4: text('card_last4').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('local_billing_subscriptions_customer_idx').on(t.customerId, t.createdAt),
    check('local_billing_subscriptions_status', inList(t.status, PROVIDER_SUBSCRIPTION_STATUSES)),
  ],
);

export const localBillingInvoices = pgTable(
  'local_billing_invoices',
  {
    id: text('id').primaryKey(),
    number: text('number').notNull().unique(),
    customerId: text('customer_id')
      .notNull()
      .references(() => localBillingCustomers.id, { onDelete: 'cascade' }),
    subscriptionId: text('subscription_id').notNull(),
    amountCents: cents('amount').notNull(),
    status: text('status', { enum: textEnum(INVOICE_STATUSES) }).notNull(),
    /** The period this invoice pays for starts here; renewal invoices are made once per period. */
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('local_billing_invoices_period_unique').on(t.subscriptionId, t.periodStart),
    index('local_billing_invoices_customer_idx').on(t.customerId, t.createdAt),
    check('local_billing_invoices_status', inList(t.status, INVOICE_STATUSES)),
  ],
);
