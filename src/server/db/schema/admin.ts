import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ADMIN_ACTIONS, WEBHOOK_PROVIDERS } from '@shared/contracts/admin';
import { APP_SETTING_LIMITS, DEFAULT_APP_SETTINGS, type AppSettings } from '@shared/domain/app-settings';
import { inList, textEnum } from './checks';

/**
 * Every administrator action, written in the same transaction as the change it describes. No foreign keys: the trail
 * outlives the accounts it names, so the actor's e-mail is kept as it was.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email').notNull(),
    action: text('action', { enum: textEnum(ADMIN_ACTIONS) }).notNull(),
    /** The account acted on; null for service-wide actions (settings, jobs). */
    targetUserId: text('target_user_id'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_audit_log_target_created_idx').on(t.targetUserId, t.createdAt.desc()),
    index('admin_audit_log_created_idx').on(t.createdAt.desc()),
    check('admin_audit_log_action', inList(t.action, ADMIN_ACTIONS)),
  ],
);

const setting = (name: string, key: keyof AppSettings) => integer(name).notNull().default(DEFAULT_APP_SETTINGS[key]);

/** The runtime settings (/admin/settings): one row, id 1, written the first time an administrator saves them. */
export const appSettings = pgTable(
  'app_settings',
  {
    id: smallint('id').primaryKey().default(1),
    trialDays: setting('trial_days', 'trialDays'),
    maxQuantityPerLine: setting('max_quantity_per_line', 'maxQuantityPerLine'),
    maxLines: setting('max_lines', 'maxLines'),
    maxTotalCents: setting('max_total_cents', 'maxTotalCents'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('app_settings_single_row', sql`${t.id} = 1`),
    ...(['trialDays', 'maxQuantityPerLine', 'maxLines', 'maxTotalCents'] as const).map((key) =>
      check(
        `app_settings_${t[key].name}_range`,
        sql`${t[key]} between ${sql.raw(String(APP_SETTING_LIMITS[key].min))} and ${sql.raw(String(APP_SETTING_LIMITS[key].max))}`,
      ),
    ),
  ],
);

/** Deliveries per provider webhook, counted as they are answered: when the last came and how many were refused. */
export const webhookStats = pgTable(
  'webhook_stats',
  {
    provider: text('provider', { enum: textEnum(WEBHOOK_PROVIDERS) }).primaryKey(),
    lastReceivedAt: timestamp('last_received_at', { withTimezone: true }),
    receivedCount: bigint('received_count', { mode: 'number' }).notNull().default(0),
    rejectedCount: bigint('rejected_count', { mode: 'number' }).notNull().default(0),
    lastRejectedAt: timestamp('last_rejected_at', { withTimezone: true }),
    lastRejectedStatus: smallint('last_rejected_status'),
  },
  (t) => [check('webhook_stats_provider', inList(t.provider, WEBHOOK_PROVIDERS))],
);
