import { eq } from 'drizzle-orm';
import type { MeResponse } from '@shared/contracts/me';
import type { Database } from '../../db/client';
import { restaurantProfiles, user as users } from '../../db/schema';
import { isAdministrator } from '../../auth/admin-role';
import type { SessionUser } from '../../http/types';
import { notFound } from '../../http/errors';
import { readPlanSummary } from '../billing/plan-view';

export async function getMe(
  db: Database,
  {
    user,
    adminEmails,
    testMode,
    smsProvider,
  }: { user: SessionUser; adminEmails: readonly string[]; testMode: boolean; smsProvider: 'local' | 'twilio' },
): Promise<MeResponse> {
  const [account] = await db
    .select({
      email: users.email,
      emailVerified: users.emailVerified,
      emailConfirmedAt: users.emailConfirmedAt,
      adminRole: users.adminRole,
    })
    .from(users)
    .where(eq(users.id, user.id));
  if (!account) throw notFound('Account');
  const [restaurant] = await db
    .select({
      restaurantName: restaurantProfiles.restaurantName,
      hasCompletedOnboarding: restaurantProfiles.hasCompletedOnboarding,
      onboardingStep: restaurantProfiles.onboardingStep,
      subscriptionStatus: restaurantProfiles.subscriptionStatus,
      trialEndsAt: restaurantProfiles.trialEndsAt,
      timeZone: restaurantProfiles.timezone,
    })
    .from(restaurantProfiles)
    .where(eq(restaurantProfiles.id, user.id));
  if (!restaurant) throw notFound('Restaurant profile');
  return {
    user,
    isAdmin: isAdministrator(adminEmails, account),
    emailVerified: account.emailVerified,
    testMode,
    smsProvider,
    restaurant: {
      ...restaurant,
      trialEndsAt: restaurant.trialEndsAt?.toISOString() ?? null,
      // The zone the server counts the day and speaks the time in when none is set (orders.service).
      timeZone: restaurant.timeZone ?? 'UTC',
    },
    plan: await readPlanSummary(db, user.id),
  };
}
