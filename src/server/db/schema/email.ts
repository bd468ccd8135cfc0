import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { EMAIL_KINDS, EMAIL_STATUSES } from '@shared/domain/emails';
import { user } from './auth';
import { inList, textEnum } from './checks';

/**
 * The e-mail outbox: every e-mail the product sends, written in the request that asks for it and sent by the
 * send-email job. With no SMTP server configured the e-mail stays here, for an administrator to read.
 */
export const emails = pgTable(
  'emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The account the e-mail is about; its e-mails go with it. */
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: textEnum(EMAIL_KINDS) }).notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** The provider it was queued for ('smtp' or 'local'). */
    provider: text('provider').notNull(),
    providerMessageId: text('provider_message_id'),
    status: text('status', { enum: textEnum(EMAIL_STATUSES) })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('emails_created_idx').on(t.createdAt.desc()),
    index('emails_user_kind_created_idx').on(t.userId, t.kind, t.createdAt),
    index('emails_status_idx').on(t.status),
    check('emails_kind', inList(t.kind, EMAIL_KINDS)),
    check('emails_status', inList(t.status, EMAIL_STATUSES)),
  ],
);
