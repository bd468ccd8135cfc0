import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * Every change pushed to dashboards, in order. The id is the SSE event id: a reconnecting dashboard sends the last
 * one it saw and receives what it missed. Rows are pruned after a day.
 */
export const realtimeEvents = pgTable(
  'realtime_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('realtime_events_user_id_idx').on(t.userId, t.id),
    index('realtime_events_created_idx').on(t.createdAt),
  ],
);
