import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { SubscriptionStatus } from '@shared/domain/subscription';
import type { PhoneSystemStatus } from '@shared/domain/phone-system';
import { trialEndFrom } from '@shared/domain/trial';
import type { Database } from '../../db/client';
import { restaurantProfiles, subscriptions, user } from '../../db/schema';
import { createOwnerRecords } from '../restaurants/create-owner-records';

/**
 * Accounts for the admin tests, written straight to the database (no sign-up, for speed). Times are ISO strings with
 * microseconds ('2026-01-02T03:04:05.123456Z'), stored exactly as given, so tests can order them as strings.
 */
export interface TestAccountSpec {
  name: string;
  email?: string;
  restaurantName?: string | null;
  createdAt?: string;
  trialEndsAt?: string | null;
  lastOrderAt?: string | null;
  subscriptionStatus?: SubscriptionStatus;
  hasCompletedOnboarding?: boolean;
  onboardingStep?: number;
  phoneStatus?: PhoneSystemStatus;
  phoneError?: string | null;
  phoneNumber?: string | null;
  /** A row in subscriptions (ids default to ones made from the user id). */
  subscription?: Partial<Omit<typeof subscriptions.$inferInsert, 'userId'>>;
  /** False: the account has no restaurant row at all. */
  withRestaurant?: boolean;
}

export interface TestAccount {
  id: string;
  name: string;
  email: string;
  createdAt: string;
  trialEndsAt: string | null;
  lastOrderAt: string | null;
}

/** An instant as a sortable ISO string with microseconds. */
export const isoMicros = (date: Date, micros = 0) =>
  `${date.toISOString().slice(0, 23)}${String(micros).padStart(3, '0')}Z`;

export async function seedAccount(db: Database, spec: TestAccountSpec): Promise<TestAccount> {
  const id = randomUUID();
  const email = spec.email ?? `${id}@example.com`;
  await db.insert(user).values({ id, name: spec.name, email });
  await createOwnerRecords(db, { userId: id, name: spec.name });
  const createdAt = spec.createdAt ?? isoMicros(new Date());
  await db.execute(sql`update profiles set created_at = ${createdAt}::timestamptz where id = ${id}`);
  if (spec.withRestaurant === false) {
    await db.delete(restaurantProfiles).where(eq(restaurantProfiles.id, id));
    return { id, name: spec.name, email, createdAt, trialEndsAt: null, lastOrderAt: null };
  }
  await db
    .update(restaurantProfiles)
    .set({
      restaurantName: spec.restaurantName ?? null,
      subscriptionStatus: spec.subscriptionStatus ?? 'trial',
      hasCompletedOnboarding: spec.hasCompletedOnboarding ?? false,
      onboardingStep: spec.onboardingStep ?? (spec.hasCompletedOnboarding ? 6 : 1),
      phoneProvisioningStatus: spec.phoneStatus ?? 'not_started',
      phoneProvisioningError: spec.phoneError ?? null,
      vapiPhoneNumber: spec.phoneNumber ?? null,
    })
    .where(eq(restaurantProfiles.id, id));
  const trialEndsAt = spec.trialEndsAt === undefined ? isoMicros(trialEndFrom(new Date())) : spec.trialEndsAt;
  const lastOrderAt = spec.lastOrderAt ?? null;
  await db.execute(sql`update restaurant_profiles
    set trial_ends_at = ${trialEndsAt}::timestamptz, last_order_at = ${lastOrderAt}::timestamptz where id = ${id}`);
  if (spec.subscription) {
    await db.insert(subscriptions).values({
      userId: id,
      provider: 'local',
      customerId: `cus_${id}`,
      subscriptionId: `sub_${id}`,
      ...spec.subscription,
    });
  }
  return { id, name: spec.name, email, createdAt, trialEndsAt, lastOrderAt };
}

/** The expected order of a list: the sort value (nulls last either way), then the id, both in `dir`. */
export function expectedOrder(
  accounts: TestAccount[],
  sort: 'created' | 'trial_end' | 'last_order',
  dir: 'asc' | 'desc',
): string[] {
  const key = (a: TestAccount) =>
    sort === 'created' ? a.createdAt : sort === 'trial_end' ? a.trialEndsAt : a.lastOrderAt;
  const sign = dir === 'asc' ? 1 : -1;
  const compare = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return [...accounts]
    .sort((a, b) => {
      const [ka, kb] = [key(a), key(b)];
      if (ka === null || kb === null) {
        if (ka !== kb) return ka === null ? 1 : -1;
      } else if (ka !== kb) {
        return sign * compare(ka, kb);
      }
      return sign * compare(a.id, b.id);
    })
    .map((a) => a.id);
}
