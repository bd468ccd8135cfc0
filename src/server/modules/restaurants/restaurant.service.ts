import { and, eq, lte, sql } from 'drizzle-orm';
import {
  DEFAULT_BUSY_MESSAGE,
  defaultGreeting,
  type BotPreferencesInput,
  type BotPreferencesResponse,
  type BusyModeResponse,
  type PreferencesInput,
  type RestaurantInfo,
  type RestaurantResponse,
} from '@shared/contracts/restaurant';
import { defaultBusinessHours, type DayHours } from '@shared/domain/hours';
import { DEFAULT_LANGUAGE } from '@shared/domain/languages';
import { busyUntilFrom, isBusyNow, type BusyModeDuration } from '@shared/domain/busy-mode';
import type { Database, Transaction } from '../../db/client';
import { botPreferences, businessHours, restaurantProfiles } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { RealtimeHub } from '../../realtime/realtime-hub';
import { withEvents } from '../../realtime/with-events';

export async function getRestaurant(db: Database | Transaction, ownerId: string): Promise<RestaurantResponse> {
  const [row] = await db.select().from(restaurantProfiles).where(eq(restaurantProfiles.id, ownerId));
  if (!row) throw notFound('Restaurant profile');
  return {
    restaurantName: row.restaurantName ?? '',
    phoneNumber: row.phoneNumber ?? '',
    address: row.address ?? '',
    timezone: row.timezone,
    forwardingPhone: row.forwardingPhone,
    kitchenCapacity: row.kitchenCapacity,
    onboardingStep: row.onboardingStep,
    hasCompletedOnboarding: row.hasCompletedOnboarding,
  };
}

export async function updateRestaurantInfo(db: Database, ownerId: string, info: RestaurantInfo) {
  const updated = await db
    .update(restaurantProfiles)
    .set({ ...info, updatedAt: new Date() })
    .where(eq(restaurantProfiles.id, ownerId))
    .returning({ id: restaurantProfiles.id });
  if (updated.length === 0) throw notFound('Restaurant profile');
  return getRestaurant(db, ownerId);
}

/** The saved week, or the defaults (11:00–21:00 every day) before the owner has saved any. */
export async function getBusinessHours(db: Database, ownerId: string): Promise<DayHours[]> {
  const rows = await db
    .select({
      dayOfWeek: businessHours.dayOfWeek,
      openTime: businessHours.openTime,
      closeTime: businessHours.closeTime,
      openTime2: businessHours.openTime2,
      closeTime2: businessHours.closeTime2,
      isClosed: businessHours.isClosed,
    })
    .from(businessHours)
    .where(eq(businessHours.restaurantId, ownerId))
    .orderBy(businessHours.dayOfWeek);
  return rows.length === 7 ? rows : defaultBusinessHours();
}

/** Replaces the whole week at once: either all seven rows are the new ones or none changed. */
export async function replaceBusinessHours(db: Database, ownerId: string, hours: DayHours[]) {
  await db.transaction(async (tx) => {
    await tx.delete(businessHours).where(eq(businessHours.restaurantId, ownerId));
    await tx.insert(businessHours).values(
      hours.map((h) => ({
        ...h,
        openTime2: h.openTime2 ?? null,
        closeTime2: h.closeTime2 ?? null,
        restaurantId: ownerId,
      })),
    );
  });
  return getBusinessHours(db, ownerId);
}

export async function getBotPreferences(db: Database | Transaction, ownerId: string): Promise<BotPreferencesResponse> {
  const [found] = await db
    .select({
      bot: botPreferences,
      restaurantName: restaurantProfiles.restaurantName,
      allowCustomOrders: restaurantProfiles.allowCustomOrders,
    })
    .from(restaurantProfiles)
    .leftJoin(botPreferences, eq(botPreferences.restaurantId, restaurantProfiles.id))
    .where(eq(restaurantProfiles.id, ownerId));
  if (!found) throw notFound('Restaurant profile');
  const { bot: row, allowCustomOrders } = found;
  if (row) {
    return {
      language: row.language,
      greetingMessage: row.greetingMessage,
      busyMessage: row.busyMessage,
      autoSmsEnabled: row.autoSmsEnabled,
      allowCustomOrders,
      ...busyModeOf(row),
      isSaved: true,
    };
  }
  return {
    language: DEFAULT_LANGUAGE,
    greetingMessage: defaultGreeting(found.restaurantName ?? ''),
    busyMessage: DEFAULT_BUSY_MESSAGE,
    autoSmsEnabled: true,
    allowCustomOrders,
    isBusyMode: false,
    busyUntil: null,
    isSaved: false,
  };
}

export async function saveBotPreferences(db: Database, ownerId: string, input: BotPreferencesInput) {
  await db
    .insert(botPreferences)
    .values({ restaurantId: ownerId, ...input })
    .onConflictDoUpdate({ target: botPreferences.restaurantId, set: { ...input, updatedAt: new Date() } });
  return getBotPreferences(db, ownerId);
}

/**
 * Changes some of the assistant's settings. An owner who never saved the assistant step gets the row with its
 * defaults first, so automatic texts and busy mode work from day one.
 */
export async function updateBotPreferences(
  db: Database | Transaction,
  ownerId: string,
  patch: { autoSmsEnabled?: boolean; isBusyMode?: boolean; busyUntil?: Date | null },
) {
  const current = await getBotPreferences(db, ownerId);
  await db
    .insert(botPreferences)
    .values({
      restaurantId: ownerId,
      language: current.language,
      greetingMessage: current.greetingMessage,
      busyMessage: current.busyMessage,
      autoSmsEnabled: current.autoSmsEnabled,
      isBusyMode: current.isBusyMode,
      ...patch,
    })
    .onConflictDoUpdate({ target: botPreferences.restaurantId, set: { ...patch, updatedAt: new Date() } });
}

/** Busy mode as it is now: a stored "on" whose end time has passed is off. */
function busyModeOf(row: { isBusyMode: boolean; busyUntil: Date | null }, now = new Date()) {
  const isBusyMode = isBusyNow(row, now);
  return { isBusyMode, busyUntil: isBusyMode && row.busyUntil ? row.busyUntil.toISOString() : null };
}

/**
 * Busy mode on (for a number of minutes, or until switched off) or off; open dashboards see the switch move. The
 * end time is the server's clock, so every device and the assistant agree on when it ends.
 */
export async function setBusyMode(
  deps: { db: Database; hub: Pick<RealtimeHub, 'deliver'> },
  ownerId: string,
  { isBusyMode, durationMinutes }: { isBusyMode: boolean; durationMinutes?: BusyModeDuration | null },
  now: Date = new Date(),
): Promise<BusyModeResponse> {
  const busyUntil = isBusyMode && durationMinutes ? busyUntilFrom(durationMinutes, now) : null;
  const answer: BusyModeResponse = busyUntil ? { isBusyMode, busyUntil: busyUntil.toISOString() } : { isBusyMode };
  await withEvents(deps.db, deps.hub, async (tx, events) => {
    await updateBotPreferences(tx, ownerId, { isBusyMode, busyUntil });
    await events.record(ownerId, { type: 'restaurant.updated', ...answer });
  });
  return answer;
}

/**
 * Switches off every busy mode whose time is up and tells open dashboards. Nothing depends on it for correctness
 * (the assistant already reads an expired busy mode as off); it keeps the stored flag and the screens in step. The
 * condition is checked again on the locked row, so an owner who just extended busy mode keeps it.
 */
export async function endExpiredBusyModes(
  deps: { db: Database; hub: Pick<RealtimeHub, 'deliver'> },
  now: Date = new Date(),
): Promise<number> {
  return withEvents(deps.db, deps.hub, async (tx, events) => {
    const ended = await tx
      .update(botPreferences)
      .set({ isBusyMode: false, busyUntil: null, updatedAt: now })
      .where(and(eq(botPreferences.isBusyMode, true), lte(botPreferences.busyUntil, now)))
      .returning({ restaurantId: botPreferences.restaurantId });
    for (const { restaurantId } of ended) {
      await events.record(restaurantId, { type: 'restaurant.updated', isBusyMode: false });
    }
    return ended.length;
  });
}

/** Automatic texts on or off, and (when given) whether the assistant takes custom orders. */
export async function saveMessagingPreferences(
  db: Database,
  ownerId: string,
  { autoSmsEnabled, allowCustomOrders }: PreferencesInput,
) {
  await db.transaction(async (tx) => {
    await updateBotPreferences(tx, ownerId, { autoSmsEnabled });
    if (allowCustomOrders !== undefined) {
      await tx
        .update(restaurantProfiles)
        .set({ allowCustomOrders, updatedAt: new Date() })
        .where(eq(restaurantProfiles.id, ownerId));
    }
  });
  return getBotPreferences(db, ownerId);
}

/** Remembers the furthest wizard step reached, so a reload or a new login resumes there. */
export async function saveOnboardingStep(db: Database, ownerId: string, step: number) {
  await db
    .update(restaurantProfiles)
    .set({ onboardingStep: sql`greatest(${restaurantProfiles.onboardingStep}, ${step})`, updatedAt: new Date() })
    .where(and(eq(restaurantProfiles.id, ownerId), eq(restaurantProfiles.hasCompletedOnboarding, false)));
  return getRestaurant(db, ownerId);
}
