import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  uuid,
  index,
} from 'drizzle-orm/pg-core';
import { user } from './auth';

export const profiles = pgTable('profiles', {
  id: text('id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

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
    subscriptionStatus: text('subscription_status', { enum: ['trial', 'active', 'none'] })
      .notNull()
      .default('trial'),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    onboardingStep: smallint('onboarding_step').notNull().default(1),
    vapiAgentId: text('vapi_agent_id'),
    vapiPhoneNumber: text('vapi_phone_number'),
    phoneNumberPending: boolean('phone_number_pending').notNull().default(false),
    /** Where setting up the voice agent and number stands: not_started → pending → active | failed. */
    phoneProvisioningStatus: text('phone_provisioning_status', { enum: ['not_started', 'pending', 'active', 'failed'] })
      .notNull()
      .default('not_started'),
    phoneProvisioningError: text('phone_provisioning_error'),
    /** Legacy free-text menu from before menu_items existed; kept so old rows still read. */
    menuItems: jsonb('menu_items'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('restaurant_profiles_onboarding_step_range', sql`${t.onboardingStep} between 1 and 6`),
    check('restaurant_profiles_subscription_status', sql`${t.subscriptionStatus} in ('trial', 'active', 'none')`),
  ],
);

export const businessHours = pgTable(
  'business_hours',
  {
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurantProfiles.id, { onDelete: 'cascade' }),
    dayOfWeek: smallint('day_of_week').notNull(),
    openTime: time('open_time').notNull().default('09:00:00'),
    closeTime: time('close_time').notNull().default('17:00:00'),
    isClosed: boolean('is_closed').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.restaurantId, t.dayOfWeek] }),
    check('business_hours_day_of_week_range', sql`${t.dayOfWeek} between 0 and 6`),
  ],
);

export const botPreferences = pgTable(
  'bot_preferences',
  {
    restaurantId: text('restaurant_id')
      .primaryKey()
      .references(() => restaurantProfiles.id, { onDelete: 'cascade' }),
    language: text('language', { enum: ['en', 'es', 'fr', 'zh'] })
      .notNull()
      .default('en'),
    greetingMessage: text('greeting_message').notNull(),
    autoSmsEnabled: boolean('auto_sms_enabled').notNull().default(true),
    busyMessage: text('busy_message').notNull().default('We are currently busy, please call again later.'),
    isBusyMode: boolean('is_busy_mode').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('bot_preferences_language', sql`${t.language} in ('en', 'es', 'fr', 'zh')`)],
);

export const menuItems = pgTable(
  'menu_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurantProfiles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    price: numeric('price', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    preparationTime: integer('preparation_time').notNull().default(15),
    isAvailable: boolean('is_available').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('menu_items_restaurant_idx').on(t.restaurantId),
    check('menu_items_price_non_negative', sql`${t.price} >= 0`),
    check('menu_items_preparation_time_positive', sql`${t.preparationTime} >= 1`),
  ],
);
