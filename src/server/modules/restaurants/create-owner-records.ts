import { trialEndFrom } from '@shared/domain/trial';
import type { Database, Transaction } from '../../db/client';
import { profiles, restaurantProfiles } from '../../db/schema';
import { readAppSettings } from '../app-settings/app-settings.service';

/**
 * A new owner's own rows: the profile and the restaurant, on a trial of the configured length (7 days unless an
 * administrator changed it), at onboarding step 1. Called inside the sign-up transaction so an account never exists without them.
 */
export async function createOwnerRecords(
  tx: Database | Transaction,
  { userId, name, now = new Date() }: { userId: string; name: string; now?: Date },
): Promise<void> {
  const { trialDays } = await readAppSettings(tx);
  await tx.insert(profiles).values({ id: userId, name, createdAt: now }).onConflictDoNothing();
  await tx
    .insert(restaurantProfiles)
    .values({
      id: userId,
      hasCompletedOnboarding: false,
      subscriptionStatus: 'trial',
      trialEndsAt: trialEndFrom(now, trialDays),
      onboardingStep: 1,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
}
