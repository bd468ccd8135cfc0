import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { NOTIFICATION_STATUSES } from '@shared/domain/notifications';
import { PHONE_CODE_TRIES } from '@shared/domain/phone-verification';
import { user } from './auth';
import { inList, textEnum } from './checks';

/**
 * One code texted to a phone number to prove it is the owner's, and the text that carried it (the owner's outbox
 * shows it). The code itself is kept only as a salted hash; nothing is stored on the restaurant until it is entered.
 */
export const phoneVerifications = pgTable(
  'phone_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** E.164. */
    phoneNumber: text('phone_number').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Tries used, the right one included: at PHONE_CODE_TRIES the code is locked. */
    attempts: smallint('attempts').notNull().default(0),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** Set when the owner asked for a newer code: only the newest one can be entered. */
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    /** The text provider it went out through ('local' keeps it in the outbox). */
    provider: text('provider').notNull(),
    /** The text as the phone shows it; through a real provider, with the code blanked out. */
    body: text('body').notNull(),
    providerMessageId: text('provider_message_id'),
    textStatus: text('text_status', { enum: textEnum(NOTIFICATION_STATUSES) })
      .notNull()
      .default('sending'),
    textError: text('text_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The limits count an account's codes and a number's codes in a recent window.
    index('phone_verifications_owner_created_idx').on(t.ownerId, t.createdAt),
    index('phone_verifications_number_created_idx').on(t.phoneNumber, t.createdAt),
    // Delivery reports name the text by the provider's id.
    index('phone_verifications_provider_message_idx')
      .on(t.providerMessageId)
      .where(sql`${t.providerMessageId} is not null`),
    check('phone_verifications_attempts_range', sql`${t.attempts} between 0 and ${sql.raw(String(PHONE_CODE_TRIES))}`),
    check('phone_verifications_text_status', inList(t.textStatus, NOTIFICATION_STATUSES)),
  ],
);
