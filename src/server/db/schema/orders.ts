import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { restaurantProfiles, menuItems } from './restaurants';
import { user } from './auth';

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Summary shown on the card ("2× Margherita, 1× Tiramisu"); line items are in order_items. */
    item: text('item').notNull(),
    quantity: integer('quantity').notNull().default(1),
    phoneNumber: text('phone_number').notNull(),
    customerName: text('customer_name'),
    status: text('status', { enum: ['new', 'preparing', 'ready', 'completed'] })
      .notNull()
      .default('new'),
    isCustomOrder: boolean('is_custom_order').notNull().default(false),
    customOrderText: text('custom_order_text'),
    readyInMinutes: integer('ready_in_minutes'),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    total: numeric('total', { precision: 10, scale: 2, mode: 'number' }),
    source: text('source', { enum: ['phone', 'test', 'simulator'] })
      .notNull()
      .default('phone'),
    callId: uuid('call_id'),
    needsReview: boolean('needs_review').notNull().default(false),
    reviewReason: text('review_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('orders_user_status_idx').on(t.userId, t.status),
    check('orders_status', sql`${t.status} in ('new', 'preparing', 'ready', 'completed')`),
    check('orders_quantity_positive', sql`${t.quantity} >= 1`),
    check('orders_ready_in_minutes', sql`${t.readyInMinutes} is null or ${t.readyInMinutes} in (10, 15, 20, 30)`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    menuItemId: uuid('menu_item_id').references(() => menuItems.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull().default(1),
    unitPrice: numeric('unit_price', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    notes: text('notes'),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check('order_items_quantity_positive', sql`${t.quantity} >= 1`),
  ],
);

export const calls = pgTable(
  'calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerCallId: text('provider_call_id').notNull().unique(),
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurantProfiles.id, { onDelete: 'cascade' }),
    callerNumber: text('caller_number'),
    status: text('status').notNull().default('in-progress'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    transcript: text('transcript'),
    recordingUrl: text('recording_url'),
    summary: text('summary'),
    outcome: text('outcome'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
  },
  (t) => [index('calls_restaurant_started_idx').on(t.restaurantId, t.startedAt.desc())],
);

/** The SMS outbox. unique(order_id, kind): a customer is never texted twice about the same step. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurantProfiles.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['confirmed', 'preparing', 'ready'] }).notNull(),
    to: text('to').notNull(),
    body: text('body').notNull(),
    provider: text('provider').notNull(),
    providerMessageId: text('provider_message_id'),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'delivered', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    unique('notifications_order_kind_unique').on(t.orderId, t.kind),
    index('notifications_restaurant_created_idx').on(t.restaurantId, t.createdAt.desc()),
    index('notifications_status_idx').on(t.status),
  ],
);
