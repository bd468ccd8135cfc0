import { eq, or, sql, type SQLWrapper } from 'drizzle-orm';
import { defaultBusinessHours, type DayHours } from '@shared/domain/hours';
import { DEFAULT_APP_SETTINGS } from '@shared/domain/app-settings';
import { DEFAULT_LANGUAGE, type Language } from '@shared/domain/languages';
import type { OrderCaps } from '@shared/domain/orders';
import { canTakeNewOrders } from '@shared/domain/subscription';
import { busyMinutesLeft, isBusyNow } from '@shared/domain/busy-mode';
import { DEFAULT_MENU_PREP_MINUTES } from '@shared/domain/orders';
import { DEFAULT_KITCHEN_CAPACITY, type KitchenOrder, type KitchenState } from '@shared/domain/pickup-quote';
import { DEFAULT_BUSY_MESSAGE, defaultGreeting, type MenuItem } from '@shared/contracts/restaurant';
import type { MenuCategory } from '@shared/contracts/menu';
import type { Database, Transaction } from '../../db/client';
import {
  appSettings,
  botPreferences,
  businessHours,
  menuCategories,
  orders,
  restaurantProfiles,
  subscriptions,
} from '../../db/schema';
import { menuAtVersion, menuVersionOf } from '../restaurants/menu-snapshot';
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
  /**
   * What pickup times are quoted from: the kitchen's capacity, its open orders and busy mode's delay. Always loaded
   * by `loadCallContext`; a context built without it (a fixture) quotes from an empty kitchen (`kitchenOf`).
   */
  kitchen?: Kitchen;
}

export type Kitchen = Omit<KitchenState, 'orders'> & { orders: readonly QueuedOrder[] };

/** The call's kitchen, or an empty one of the usual capacity when the context carries none. */
export function kitchenOf(ctx: Pick<CallContext, 'kitchen'>): Kitchen {
  return ctx.kitchen ?? { capacity: DEFAULT_KITCHEN_CAPACITY, orders: [], busyDelayMinutes: 0 };
}

/** An open order in the kitchen's queue, with the call that placed it (a call amending its order is not behind it). */
export interface QueuedOrder extends KitchenOrder {
  callId: string | null;
}

/** Orders older than this are left out of the queue: a ticket forgotten on the board does not hold up every quote. */
const QUEUE_WINDOW_HOURS = 12;

/** An open order as the queue's JSON hands it over. */
interface QueueRow {
  status: 'new' | 'preparing';
  prepMinutes: number | null;
  readyInMinutes: number | null;
  updatedAt: string;
  scheduledFor: string | null;
  callId: string | null;
}

/** The open orders (new and preparing) as JSON rows, oldest first: what the pickup quote counts. */
const queueOf = (restaurantId: SQLWrapper) => sql<QueueRow[] | null>`(select json_agg(json_build_object(
    'status', ${orders.status}, 'prepMinutes', ${orders.prepMinutes}, 'readyInMinutes', ${orders.readyInMinutes},
    'updatedAt', ${orders.updatedAt}, 'scheduledFor', ${orders.scheduledFor}, 'callId', ${orders.callId}
  ) order by ${orders.createdAt}, ${orders.id}) from ${orders}
  where ${orders.userId} = ${restaurantId} and ${orders.status} in ('new', 'preparing')
    and (${orders.createdAt} > now() - make_interval(hours => ${QUEUE_WINDOW_HOURS}) or ${orders.scheduledFor} is not null))`;

/** The queue's rows as the quote reads them: a preparing order is due its prep time after it started. */
function kitchenOrdersOf(rows: readonly QueueRow[]): QueuedOrder[] {
  return rows.map((r) => {
    const prepMinutes = r.prepMinutes ?? DEFAULT_MENU_PREP_MINUTES;
    return {
      status: r.status,
      prepMinutes,
      dueAt: r.readyInMinutes ? Date.parse(r.updatedAt) + r.readyInMinutes * 60_000 : null,
      startAt: r.scheduledFor ? Date.parse(r.scheduledFor) - prepMinutes * 60_000 : null,
      callId: r.callId,
    };
  });
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

/** The week's hours as JSON rows shaped like `getBusinessHours`' (times as PostgreSQL prints them). */
const hoursOf = (restaurantId: SQLWrapper) => sql<DayHours[] | null>`(select json_agg(json_build_object(
    'dayOfWeek', ${businessHours.dayOfWeek}, 'openTime', ${businessHours.openTime}::text,
    'closeTime', ${businessHours.closeTime}::text, 'openTime2', ${businessHours.openTime2}::text,
    'closeTime2', ${businessHours.closeTime2}::text, 'isClosed', ${businessHours.isClosed}
  ) order by ${businessHours.dayOfWeek}) from ${businessHours} where ${businessHours.restaurantId} = ${restaurantId})`;

/** The menu's categories as JSON rows shaped like `listMenuCategories`' (and in its order). */
const categoriesOf = (restaurantId: SQLWrapper) => sql<MenuCategory[] | null>`(select json_agg(json_build_object(
    'id', ${menuCategories.id}, 'name', ${menuCategories.name}, 'position', ${menuCategories.position}
  ) order by ${menuCategories.position}, ${menuCategories.createdAt})
  from ${menuCategories} where ${menuCategories.restaurantId} = ${restaurantId})`;

/**
 * One statement for everything but the dishes: the restaurant, its assistant settings, plan, hours, categories, the
 * administrator's caps and the menu's version (the dishes themselves come from the cache while that is unchanged).
 * Every tool call and test-call turn reads this, so it is one round trip, not six.
 */
export async function loadCallContext(
  db: Database,
  restaurantId: string,
  now: Date = new Date(),
): Promise<CallContext | null> {
  const [row] = await db
    .select({
      restaurant: restaurantProfiles,
      bot: botPreferences,
      subscription: subscriptions,
      // The caps an administrator set for restaurants that have not set their own (/admin/settings).
      settings: {
        maxQuantityPerLine: appSettings.maxQuantityPerLine,
        maxLines: appSettings.maxLines,
        maxTotalCents: appSettings.maxTotalCents,
      },
      hours: hoursOf(restaurantProfiles.id),
      categories: categoriesOf(restaurantProfiles.id),
      menuVersion: menuVersionOf(restaurantProfiles.id),
      queue: queueOf(restaurantProfiles.id),
    })
    .from(restaurantProfiles)
    .leftJoin(botPreferences, eq(botPreferences.restaurantId, restaurantProfiles.id))
    .leftJoin(subscriptions, eq(subscriptions.userId, restaurantProfiles.id))
    .leftJoin(appSettings, eq(appSettings.id, 1))
    .where(eq(restaurantProfiles.id, restaurantId));
  if (!row) return null;
  const { restaurant, bot, subscription } = row;
  const menu = await menuAtVersion(db, restaurantId, row.menuVersion);
  const defaults = row.settings ?? DEFAULT_APP_SETTINGS;
  const hours = row.hours?.length === 7 ? row.hours : defaultBusinessHours();
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
    categories: row.categories ?? [],
    allowCustomOrders: restaurant.allowCustomOrders,
    autoSmsEnabled: bot?.autoSmsEnabled ?? true,
    caps: {
      maxQuantityPerLine: restaurant.maxQuantityPerLine ?? defaults.maxQuantityPerLine,
      maxLines: restaurant.maxOrderLines ?? defaults.maxLines,
      maxTotalCents: restaurant.maxOrderTotalCents ?? defaults.maxTotalCents,
    },
    forwardingPhone: restaurant.forwardingPhone,
    canTakeOrders: canTakeNewOrders({ trialEndsAt: restaurant.trialEndsAt, plan: planSummaryOf(subscription) }, now),
    kitchen: {
      capacity: restaurant.kitchenCapacity,
      orders: kitchenOrdersOf(row.queue ?? []),
      // Busy mode for a while: the minutes it still has to run. On until switched off, it has no delay to add.
      busyDelayMinutes: bot?.busyUntil && isBusyNow(bot, now) ? busyMinutesLeft(bot.busyUntil, now) : 0,
    },
  };
}
