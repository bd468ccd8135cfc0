import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  uuid,
  index,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { inList, textEnum } from './checks';
import { cents } from './money-column';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES } from '@shared/domain/languages';
import { DEFAULT_KITCHEN_CAPACITY, MAX_KITCHEN_CAPACITY, MIN_KITCHEN_CAPACITY } from '@shared/domain/pickup-quote';
import { DEFAULT_BUSY_MESSAGE } from '@shared/contracts/restaurant';
import { SUBSCRIPTION_STATUSES } from '@shared/domain/subscription';
import { PHONE_PROVISIONING_STATUSES } from '@shared/domain/phone-system';
import { ONBOARDING_STEP_COUNT } from '@shared/domain/onboarding';
import { DEFAULT_CLOSE_TIME, DEFAULT_OPEN_TIME } from '@shared/domain/hours';
import type { MenuOptionGroup } from '@shared/domain/menu-options';
import { DEFAULT_MENU_PREP_MINUTES } from '@shared/domain/orders';

export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('profiles_created_idx').on(t.createdAt.desc(), t.id.desc()),
    // The admin search looks for text anywhere in the owner's name (pg_trgm, migration 0008).
    index('profiles_name_search_idx')
      .using('gin', sql`lower(${t.name}) gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

/** One per owner, keyed by the owner's user id: the restaurant id everywhere else is this id. */
export const restaurantProfiles = pgTable(
  'restaurant_profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    restaurantName: text('restaurant_name'),
    phoneNumber: text('phone_number'),
    address: text('address'),
    timezone: text('timezone'),
    forwardingPhone: text('forwarding_phone'),
    hasCompletedOnboarding: boolean('has_completed_onboarding').notNull().default(false),
    subscriptionStatus: text('subscription_status', { enum: textEnum(SUBSCRIPTION_STATUSES) })
      .notNull()
      .default('trial'),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    onboardingStep: smallint('onboarding_step').notNull().default(1),
    vapiAgentId: text('vapi_agent_id'),
    vapiPhoneNumber: text('vapi_phone_number'),
    /** The voice provider's id for the number, by which its webhooks name the number called. */
    vapiPhoneNumberId: text('vapi_phone_number_id'),
    /**
     * When the number was proven to be this restaurant's: a code texted to it was entered, or the provider assigned
     * it. Null for a number stored on a ticked box alone (before proof was asked for): another restaurant's proof wins.
     */
    vapiPhoneNumberVerifiedAt: timestamp('vapi_phone_number_verified_at', { withTimezone: true }),
    /** Whether the assistant takes off-menu (custom) orders. */
    allowCustomOrders: boolean('allow_custom_orders').notNull().default(true),
    /** The restaurant's own caps on a phone order; null means the default (DEFAULT_ORDER_CAPS). */
    maxQuantityPerLine: integer('max_quantity_per_line'),
    maxOrderLines: integer('max_order_lines'),
    maxOrderTotalCents: integer('max_order_total_cents'),
    /** "Orders the kitchen works on at once": how many orders pickup times assume are made side by side. */
    kitchenCapacity: integer('kitchen_capacity').notNull().default(DEFAULT_KITCHEN_CAPACITY),
    phoneNumberPending: boolean('phone_number_pending').notNull().default(false),
    /** Where setting up the voice agent and number stands: not_started → pending → active | failed. */
    phoneProvisioningStatus: text('phone_provisioning_status', { enum: textEnum(PHONE_PROVISIONING_STATUSES) })
      .notNull()
      .default('not_started'),
    phoneProvisioningError: text('phone_provisioning_error'),
    /**
     * When the newest order came in, kept by a trigger on orders (migration 0008), so the admin list can sort and
     * page by it without reading every restaurant's orders.
     */
    lastOrderAt: timestamp('last_order_at', { withTimezone: true }),
    /** Legacy free-text menu from before menu_items existed; kept so old rows still read. */
    menuItems: jsonb('menu_items'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The admin list sorts by these (keyset pages over every account).
    index('restaurant_profiles_trial_ends_idx').on(t.trialEndsAt),
    index('restaurant_profiles_last_order_idx').on(t.lastOrderAt),
    index('restaurant_profiles_name_search_idx')
      .using('gin', sql`lower(${t.restaurantName}) gin_trgm_ops`)
      .with({ fastupdate: false }),
    // The webhook finds the restaurant by the number called: two restaurants can never share one.
    uniqueIndex('restaurant_profiles_vapi_phone_number_unique')
      .on(t.vapiPhoneNumber)
      .where(sql`${t.vapiPhoneNumber} is not null`),
    uniqueIndex('restaurant_profiles_vapi_phone_number_id_unique')
      .on(t.vapiPhoneNumberId)
      .where(sql`${t.vapiPhoneNumberId} is not null`),
    check(
      'restaurant_profiles_order_caps_positive',
      sql`coalesce(${t.maxQuantityPerLine}, 1) >= 1 and coalesce(${t.maxOrderLines}, 1) >= 1 and coalesce(${t.maxOrderTotalCents}, 1) >= 1`,
    ),
    check(
      'restaurant_profiles_kitchen_capacity_range',
      sql`${t.kitchenCapacity} between ${sql.raw(String(MIN_KITCHEN_CAPACITY))} and ${sql.raw(String(MAX_KITCHEN_CAPACITY))}`,
    ),
    check(
      'restaurant_profiles_onboarding_step_range',
      sql`${t.onboardingStep} between 1 and ${sql.raw(String(ONBOARDING_STEP_COUNT))}`,
    ),
    check('restaurant_profiles_subscription_status', inList(t.subscriptionStatus, SUBSCRIPTION_STATUSES)),
    check(
      'restaurant_profiles_phone_provisioning_status',
      inList(t.phoneProvisioningStatus, PHONE_PROVISIONING_STATUSES),
    ),
  ],
);

export const businessHours = pgTable(
  'business_hours',
  {
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurantProfiles.id, { onDelete: 'cascade' }),
    dayOfWeek: smallint('day_of_week').notNull(),
    openTime: time('open_time').notNull().default(DEFAULT_OPEN_TIME),
    closeTime: time('close_time').notNull().default(DEFAULT_CLOSE_TIME),
    /** An optional second period (lunch and dinner). A close time at or before its open time is after midnight. */
    openTime2: time('open_time_2'),
    closeTime2: time('close_time_2'),
    isClosed: boolean('is_closed').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.restaurantId, t.dayOfWeek] }),
    check('business_hours_day_of_week_range', sql`${t.dayOfWeek} between 0 and 6`),
    check('business_hours_second_period_whole', sql`(${t.openTime2} is null) = (${t.closeTime2} is null)`),
  ],
);

export const botPreferences = pgTable(
  'bot_preferences',
  {
    restaurantId: text('restaurant_id')
      .primaryKey()
      .references(() => restaurantProfiles.id, { onDelete: 'cascade' }),
    language: text('language', { enum: textEnum(LANGUAGE_CODES) })
      .notNull()
      .default(DEFAULT_LANGUAGE),
    greetingMessage: text('greeting_message').notNull(),
    autoSmsEnabled: boolean('auto_sms_enabled').notNull().default(true),
    busyMessage: text('busy_message').notNull().default(DEFAULT_BUSY_MESSAGE),
    isBusyMode: boolean('is_busy_mode').notNull().default(false),
    /** When busy mode ends by itself; null while it is on until switched off (or off). */
    busyUntil: timestamp('busy_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('bot_preferences_language', inList(t.language, LANGUAGE_CODES))],
);

/** Menu sections in the owner's order ("Starters", "Burritos", "Drinks"). */
export const menuCategories = pgTable(
  'menu_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurantProfiles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('menu_categories_restaurant_name_unique').on(t.restaurantId, sql`lower(${t.name})`)],
);

export const menuItems = pgTable(
  'menu_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurantProfiles.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id').references(() => menuCategories.id, { onDelete: 'set null' }),
    /** Sizes and extras with their price changes (MenuOptionGroup[]). */
    options: jsonb('options').$type<MenuOptionGroup[]>().notNull().default([]),
    name: text('name').notNull(),
    /** Other names the dish answers to, in any language ("pollo burrito", "鸡肉卷"), editable in the menu editor. */
    aliases: text('aliases')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    description: text('description'),
    priceCents: cents('price').notNull().default(0),
    preparationTime: integer('preparation_time').notNull().default(DEFAULT_MENU_PREP_MINUTES),
    isAvailable: boolean('is_available').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('menu_items_restaurant_idx').on(t.restaurantId),
    check('menu_items_price_non_negative', sql`${t.priceCents} >= 0`),
    check('menu_items_preparation_time_positive', sql`${t.preparationTime} >= 1`),
  ],
);
