import { asc, desc, eq, gte } from 'drizzle-orm';
import type { ModelUsage } from '@shared/contracts/admin';
import type { Database } from '../../db/client';
import { modelUsage, restaurantProfiles, user } from '../../db/schema';
import { usageDay } from '../test-calls/model-usage';

/** How far back /admin/settings shows model requests, today included. */
export const MODEL_USAGE_DAYS = 7;
/** Accounts × days shown at most: the busiest first within each day. */
export const MODEL_USAGE_ROWS = 50;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Language-model requests per account per day (UTC) over the last MODEL_USAGE_DAYS, for /admin/settings. */
export async function listModelUsage(
  db: Database,
  { dailyLimitPerAccount, now = new Date() }: { dailyLimitPerAccount: number; now?: Date },
): Promise<ModelUsage> {
  const since = usageDay(new Date(now.getTime() - (MODEL_USAGE_DAYS - 1) * DAY_MS));
  const days = await db
    .select({
      day: modelUsage.day,
      accountId: modelUsage.accountId,
      restaurantName: restaurantProfiles.restaurantName,
      email: user.email,
      requests: modelUsage.requests,
      refused: modelUsage.refused,
    })
    .from(modelUsage)
    .leftJoin(restaurantProfiles, eq(restaurantProfiles.id, modelUsage.accountId))
    .leftJoin(user, eq(user.id, modelUsage.accountId))
    .where(gte(modelUsage.day, since))
    .orderBy(desc(modelUsage.day), desc(modelUsage.requests), desc(modelUsage.refused), asc(modelUsage.accountId))
    .limit(MODEL_USAGE_ROWS);
  return { dailyLimitPerAccount, periodDays: MODEL_USAGE_DAYS, days };
}
