import { eq } from 'drizzle-orm';
import type { MeResponse } from '@shared/contracts/me';
import type { Database } from '../../db/client';
import { restaurantProfiles } from '../../db/schema';
import type { SessionUser } from '../../http/types';
import { notFound } from '../../http/errors';
import { readPlanSummary } from '../billing/plan-view';

export async function getMe(
  db: Database,
  {
    user,
    isAdmin,
    testMode,
    smsProvider,
  }: { user: SessionUser; isAdmin: boolean; testMode: boolean; smsProvider: 'local' | 'twilio' },
): Promise<MeResponse> {
  const [restaurant] = await db
    .select({
      restaurantName: restaurantProfiles.restaurantName,
      hasCompletedOnboarding: restaurantProfiles.hasCompletedOnboarding,
      onboardingStep: restaurantProfiles.onboardingStep,
      subscriptionStatus: restaurantProfiles.subscriptionStatus,
      trialEndsAt: restaurantProfiles.trialEndsAt,
    })
    .from(restaurantProfiles)
    .where(eq(restaurantProfiles.id, user.id));
  if (!restaurant) throw notFound('Restaurant profile');
  return {
    user,
    isAdmin,
    testMode,
    smsProvider,
    restaurant: { ...restaurant, trialEndsAt: restaurant.trialEndsAt?.toISOString() ?? null },
    plan: await readPlanSummary(db, user.id),
  };
}
