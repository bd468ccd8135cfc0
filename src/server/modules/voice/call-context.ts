import { eq, or } from 'drizzle-orm';
import type { DayHours } from '@shared/domain/hours';
import { DEFAULT_LANGUAGE, type Language } from '@shared/domain/languages';
import type { OrderCaps } from '@shared/domain/orders';
import { canTakeNewOrders } from '@shared/domain/subscription';
import { isBusyNow } from '@shared/domain/busy-mode';
import { DEFAULT_BUSY_MESSAGE, defaultGreeting, type MenuItem } from '@shared/contracts/restaurant';
import type { MenuCategory } from '@shared/contracts/menu';
import type { Database, Transaction } from '../../db/client';
import { botPreferences, restaurantProfiles, subscriptions } from '../../db/schema';
import { listMenuCategories } from '../restaurants/menu.service';
import { menuSnapshot } from '../restaurants/menu-snapshot';
import { getBusinessHours } from '../restaurants/restaurant.service';
import { readAppSettings } from '../app-settings/app-settings.service';
import { planSummaryOf } from '../billing/plan-view';

/** A menu item as the assistant sees it: every item, sold-out ones included, with its other names. */
export type MenuEntry = MenuItem;

/**
 * Everything the assistant and its tools know about a restaurant during one call, read fresh for each request so a
 * change in Settings applies to the very next call (and the next tool call) without re-provisioning.
 */
export interface CallContext {
  restaurantId: string;
  restaurantName: string;
  language: Language;
  greeting: string;
  /** On, and its end time (if it has one) not yet reached: busy mode ends by itself without anyone switching it off. */
  isBusyMode: boolean;
  busyMessage: string;
  timeZone: string;
  hours: DayHours[];
  /** Every item, sold-out ones included, so the assistant can say an item is sold out rather than unknown. Shared
   * between requests while the menu is unchanged: read it, never change it. */
  menu: readonly MenuEntry[];
  /** Changes whenever a dish is added, changed or deleted: whatever is built from the menu is kept by it. */
  menuVersion: string;
  /** The menu's categories in the owner's order; a dish without one is listed under "Other". */
  categories: MenuCategory[];
  allowCustomOrders: boolean;
  /** "Automatic SMS notifications": off, the caller gets no texts and the assistant promises none. */
  autoSmsEnabled: boolean;
  caps: OrderCaps;
  /** The staff line for transfers, E.164, or null when the owner set none. */
  forwardingPhone: string | null;
  /** False once neither the trial nor a paid plan covers today: the assistant politely declines new orders. */
  canTakeOrders: boolean;
}

/** The restaurant whose number was called: by the provider's phone-number id, or by the number itself (E.164). */
export async function findRestaurantByNumber(
  db: Database | Transaction,
  { phoneNumberId, phoneNumber }: { phoneNumberId?: string | null; phoneNumber?: string | null },
): Promise<string | null> {
  const conditions = [
    phoneNumberId ? eq(restaurantProfiles.vapiPhoneNumberId, phoneNumberId) : undefined,
    phoneNumber ? eq(restaurantProfiles.vapiPhoneNumber, phoneNumber) : undefined,
  ].filter((c) => c !== undefined);
  if (conditions.length === 0) return null;
  const [row] = await db
    .select({ id: restaurantProfiles.id })
    .from(restaurantProfiles)
    .where(or(...conditions))
    .limit(1);
  return row?.id ?? null;
}

export async function loadCallContext(
  db: Database,
  restaurantId: string,
  now: Date = new Date(),
): Promise<CallContext | null> {
  const [[row], menu, categories, hours, defaults] = await Promise.all([
    db
      .select({ restaurant: restaurantProfiles, bot: botPreferences, subscription: subscriptions })
      .from(restaurantProfiles)
      .leftJoin(botPreferences, eq(botPreferences.restaurantId, restaurantProfiles.id))
      .leftJoin(subscriptions, eq(subscriptions.userId, restaurantProfiles.id))
      .where(eq(restaurantProfiles.id, restaurantId)),
    menuSnapshot(db, restaurantId),
    listMenuCategories(db, restaurantId),
    getBusinessHours(db, restaurantId),
    // The caps an administrator set for restaurants that have not set their own (/admin/settings).
    readAppSettings(db),
  ]);
  if (!row) return null;
  const { restaurant, bot, subscription } = row;
  const restaurantName = restaurant.restaurantName || 'the restaurant';
  return {
    restaurantId,
    restaurantName,
    language: bot?.language ?? DEFAULT_LANGUAGE,
    greeting: bot?.greetingMessage || defaultGreeting(restaurant.restaurantName ?? ''),
    isBusyMode: bot ? isBusyNow(bot, now) : false,
    busyMessage: bot?.busyMessage || DEFAULT_BUSY_MESSAGE,
    timeZone: restaurant.timezone ?? 'UTC',
    hours,
    menu: menu.items,
    menuVersion: menu.version,
    categories,
    allowCustomOrders: restaurant.allowCustomOrders,
    autoSmsEnabled: bot?.autoSmsEnabled ?? true,
    caps: {
      maxQuantityPerLine: restaurant.maxQuantityPerLine ?? defaults.maxQuantityPerLine,
      maxLines: restaurant.maxOrderLines ?? defaults.maxLines,
      maxTotalCents: restaurant.maxOrderTotalCents ?? defaults.maxTotalCents,
    },
    forwardingPhone: restaurant.forwardingPhone,
    canTakeOrders: canTakeNewOrders({ trialEndsAt: restaurant.trialEndsAt, plan: planSummaryOf(subscription) }, now),
  };
}
