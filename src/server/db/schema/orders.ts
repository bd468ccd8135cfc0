import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { restaurantProfiles, menuItems } from './restaurants';
import { user } from './auth';
import { inList, textEnum } from './checks';
import { cents } from './money-column';
import { CANCEL_REASONS, ORDER_SOURCES, ORDER_STATUSES, PREP_TIME_OPTIONS } from '@shared/domain/orders';
import type { ChosenOption } from '@shared/domain/menu-options';
import { NOTIFICATION_KINDS, NOTIFICATION_STATUSES } from '@shared/domain/notifications';
import { CALL_KINDS, CALL_OUTCOMES, CALL_STATUSES } from '@shared/domain/calls';
import { LANGUAGE_CODES } from '@shared/domain/languages';

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
    status: text('status', { enum: textEnum(ORDER_STATUSES) })
      .notNull()
      .default('new'),
    isCustomOrder: boolean('is_custom_order').notNull().default(false),
    customOrderText: text('custom_order_text'),
    readyInMinutes: integer('ready_in_minutes'),
    /** The order's own preparation time in minutes (its slowest dish), as the pickup quote counted it. */
    prepMinutes: integer('prep_minutes'),
    /** The pickup time the customer was told when the order was placed (as soon as possible, or the one asked for). */
    quotedReadyAt: timestamp('quoted_ready_at', { withTimezone: true }),
    /** The pickup time the customer asked for; null for as soon as possible. The kitchen starts it prep_minutes before. */
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    totalCents: cents('total'),
    source: text('source', { enum: textEnum(ORDER_SOURCES) })
      .notNull()
      .default('phone'),
    callId: uuid('call_id').references((): AnyPgColumn => calls.id, { onDelete: 'set null' }),
    needsReview: boolean('needs_review').notNull().default(false),
    reviewReason: text('review_reason'),
    /** The number said at the counter (#12): per restaurant, starting at 1 each day in the restaurant's time zone. */
    dailyNumber: integer('daily_number'),
    /** The restaurant's local date the number belongs to. */
    businessDate: date('business_date'),
    cancelReason: text('cancel_reason', { enum: textEnum(CANCEL_REASONS) }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('orders_user_status_idx').on(t.userId, t.status),
    // One order per call: a second place_order in the same call amends it instead.
    uniqueIndex('orders_call_id_unique')
      .on(t.callId)
      .where(sql`${t.callId} is not null`),
    uniqueIndex('orders_daily_number_unique')
      .on(t.userId, t.businessDate, t.dailyNumber)
      .where(sql`${t.dailyNumber} is not null`),
    check('orders_status', inList(t.status, ORDER_STATUSES)),
    check('orders_cancel_reason', sql`${t.cancelReason} is null or ${inList(t.cancelReason, CANCEL_REASONS)}`),
    check('orders_source', inList(t.source, ORDER_SOURCES)),
    check('orders_quantity_positive', sql`${t.quantity} >= 1`),
    check('orders_prep_minutes_positive', sql`${t.prepMinutes} is null or ${t.prepMinutes} >= 1`),
    check(
      'orders_ready_in_minutes',
      sql`${t.readyInMinutes} is null or ${inList(t.readyInMinutes, PREP_TIME_OPTIONS)}`,
    ),
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
    /** The unit price includes the chosen options' price changes. */
    unitPriceCents: cents('unit_price').notNull().default(0),
    options: jsonb('options').$type<ChosenOption[]>().notNull().default([]),
    notes: text('notes'),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check('order_items_quantity_positive', sql`${t.quantity} >= 1`),
  ],
);

/**
 * One phone (or test) call. Created by whichever provider message arrives first — usually the assistant request — and
 * filled in as the call goes on. provider_call_id is unique, so a repeated or reordered webhook updates one row.
 */
export const calls = pgTable(
  'calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerCallId: text('provider_call_id').notNull().unique(),
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurantProfiles.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: textEnum(CALL_KINDS) })
      .notNull()
      .default('phone'),
    callerNumber: text('caller_number'),
    status: text('status', { enum: textEnum(CALL_STATUSES) })
      .notNull()
      .default('in-progress'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedReason: text('ended_reason'),
    /** The language the call was held in (test calls pick one; phone calls follow the assistant's). */
    language: text('language', { enum: textEnum(LANGUAGE_CODES) }),
    /** A test call's conversation so far (draft order, stage, chat history), kept between the caller's turns. */
    conversation: jsonb('conversation'),
    transcript: text('transcript'),
    recordingUrl: text('recording_url'),
    summary: text('summary'),
    outcome: text('outcome', { enum: textEnum(CALL_OUTCOMES) }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('calls_restaurant_started_idx').on(t.restaurantId, t.startedAt.desc()),
    // The silent-call sweep reads only the calls not yet ended, every 30 s: a few rows, however long the log grows.
    index('calls_open_updated_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} <> 'ended'`),
    check('calls_kind', inList(t.kind, CALL_KINDS)),
    check('calls_status', inList(t.status, CALL_STATUSES)),
    check('calls_language', sql`${t.language} is null or ${inList(t.language, LANGUAGE_CODES)}`),
    check('calls_outcome', sql`${t.outcome} is null or ${inList(t.outcome, CALL_OUTCOMES)}`),
  ],
);

/**
 * The answer given to each tool call, so a webhook delivered twice gets the same answer and changes nothing the
 * second time (Vapi may retry a delivery, and a caller's request may be sent again).
 */
export const toolCallResults = pgTable(
  'tool_call_results',
  {
    callId: uuid('call_id')
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    toolCallId: text('tool_call_id').notNull(),
    name: text('name').notNull(),
    result: text('result').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.callId, t.toolCallId] })],
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
    kind: text('kind', { enum: textEnum(NOTIFICATION_KINDS) }).notNull(),
    to: text('to').notNull(),
    body: text('body').notNull(),
    provider: text('provider').notNull(),
    providerMessageId: text('provider_message_id'),
    status: text('status', { enum: textEnum(NOTIFICATION_STATUSES) })
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
    check('notifications_kind', inList(t.kind, NOTIFICATION_KINDS)),
    check('notifications_status', inList(t.status, NOTIFICATION_STATUSES)),
  ],
);
