import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * Language-model requests made for one account's test calls on one day (UTC), counted as they are made, and those
 * refused once the day's cap (LLM_DAILY_REQUESTS_PER_ACCOUNT) was reached. One row per account and day, counted with
 * a single upsert, so turns answered at once cannot go past the cap together.
 */
export const modelUsage = pgTable(
  'model_usage',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    requests: integer('requests').notNull().default(0),
    refused: integer('refused').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.day] }),
    // /admin/settings reads the last few days across accounts.
    index('model_usage_day_idx').on(t.day),
    check('model_usage_counts', sql`${t.requests} >= 0 and ${t.refused} >= 0`),
  ],
);
