import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALL_KINDS, CALL_OUTCOMES, CALL_STATUSES } from '@shared/domain/calls';
import { LANGUAGE_CODES } from '@shared/domain/languages';
import { NOTIFICATION_KINDS, NOTIFICATION_STATUSES } from '@shared/domain/notifications';
import { ONBOARDING_STEP_COUNT } from '@shared/domain/onboarding';
import { ORDER_SOURCES, ORDER_STATUSES, PREP_TIME_OPTIONS } from '@shared/domain/orders';
import { PHONE_PROVISIONING_STATUSES } from '@shared/domain/phone-system';
import { PHONE_CODE_TRIES } from '@shared/domain/phone-verification';
import { INVOICE_STATUSES, PROVIDER_SUBSCRIPTION_STATUSES, SUBSCRIPTION_STATUSES } from '@shared/domain/subscription';
import { LOCAL_CHECKOUT_PURPOSES, LOCAL_CHECKOUT_STATUSES } from './billing';
import type { DatabaseHandle } from '../client';
import { createTestDatabase } from '../../../../tests/test-database';

/**
 * The migrated database must accept exactly the values the domain lists name. A migration written by hand, or a
 * list changed without a migration, fails here.
 */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function checkDefinition(name: string): Promise<string> {
  // Both drivers answer raw SQL with { rows }; drizzle types it loosely across them.
  const result: unknown = await database.db.execute(
    sql`select pg_get_constraintdef(oid) as def from pg_constraint where conname = ${name} and contype = 'c'`,
  );
  const def = (result as { rows: { def: string }[] }).rows[0]?.def;
  if (!def) throw new Error(`no check constraint ${name}`);
  return def;
}

/** The quoted strings of `col = ANY (ARRAY['a'::text, …])` or `col in ('a', …)`, in order. */
const quotedValues = (def: string) => [...def.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1]!.replaceAll("''", "'"));
/** The integers of `col = ANY (ARRAY[10, 15, …])` in order. */
const integerValues = (def: string) => [...def.matchAll(/\b(\d+)\b/g)].map((m) => Number(m[1]));

describe('check constraints follow the domain lists', () => {
  it.each([
    ['orders_status', ORDER_STATUSES],
    ['restaurant_profiles_subscription_status', SUBSCRIPTION_STATUSES],
    ['bot_preferences_language', LANGUAGE_CODES],
    ['orders_source', ORDER_SOURCES],
    ['calls_kind', CALL_KINDS],
    ['calls_status', CALL_STATUSES],
    ['calls_outcome', CALL_OUTCOMES],
    ['calls_language', LANGUAGE_CODES],
    ['notifications_kind', NOTIFICATION_KINDS],
    ['notifications_status', NOTIFICATION_STATUSES],
    ['phone_verifications_text_status', NOTIFICATION_STATUSES],
    ['restaurant_profiles_phone_provisioning_status', PHONE_PROVISIONING_STATUSES],
    ['subscriptions_status', PROVIDER_SUBSCRIPTION_STATUSES],
    ['local_billing_subscriptions_status', PROVIDER_SUBSCRIPTION_STATUSES],
    ['local_billing_invoices_status', INVOICE_STATUSES],
    ['local_billing_checkouts_status', LOCAL_CHECKOUT_STATUSES],
    ['local_billing_checkouts_purpose', LOCAL_CHECKOUT_PURPOSES],
  ] as const)('%s allows exactly the domain list', async (name, values) => {
    expect(quotedValues(await checkDefinition(name))).toEqual([...values]);
  });

  it('orders_ready_in_minutes allows exactly the prep-time choices', async () => {
    expect(integerValues(await checkDefinition('orders_ready_in_minutes'))).toEqual([...PREP_TIME_OPTIONS]);
  });

  it('phone_verifications_attempts_range stops at the tries a code allows', async () => {
    expect(integerValues(await checkDefinition('phone_verifications_attempts_range'))).toEqual([0, PHONE_CODE_TRIES]);
  });

  it('restaurant_profiles_onboarding_step_range spans the onboarding steps', async () => {
    expect(integerValues(await checkDefinition('restaurant_profiles_onboarding_step_range'))).toEqual([
      1,
      ONBOARDING_STEP_COUNT,
    ]);
  });
});
