import { eq } from 'drizzle-orm';
import { DEFAULT_APP_SETTINGS, type AppSettings } from '@shared/domain/app-settings';
import type { Database, Transaction } from '../../db/client';
import { appSettings } from '../../db/schema';

export type StoredAppSettings = AppSettings & { updatedAt: Date | null };

/** The runtime settings as saved by an administrator, or the built-in defaults before the first save. */
export async function readAppSettings(db: Database | Transaction): Promise<StoredAppSettings> {
  const [row] = await db
    .select({
      trialDays: appSettings.trialDays,
      maxQuantityPerLine: appSettings.maxQuantityPerLine,
      maxLines: appSettings.maxLines,
      maxTotalCents: appSettings.maxTotalCents,
      updatedAt: appSettings.updatedAt,
    })
    .from(appSettings)
    .where(eq(appSettings.id, 1));
  return row ?? { ...DEFAULT_APP_SETTINGS, updatedAt: null };
}

/** Saves every setting at once (the form sends them all); the database checks the same ranges as the API. */
export async function writeAppSettings(
  tx: Database | Transaction,
  settings: AppSettings,
  now: Date = new Date(),
): Promise<StoredAppSettings> {
  const values = { ...settings, updatedAt: now };
  await tx
    .insert(appSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: appSettings.id, set: values });
  return values;
}
