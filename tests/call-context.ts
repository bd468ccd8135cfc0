import type { CallContext, MenuEntry } from '../src/server/modules/voice/call-context';

/** A dish as the assistant sees it, available, with no category, aliases or options unless given. */
export const menuEntry = (id: string, name: string, priceCents: number, extra: Partial<MenuEntry> = {}): MenuEntry => ({
  id,
  name,
  aliases: [],
  description: null,
  priceCents,
  preparationTime: 10,
  isAvailable: true,
  categoryId: null,
  options: [],
  ...extra,
});

/** Every day open around the clock, in the call context's form. */
export const OPEN_ALL_WEEK: CallContext['hours'] = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
  dayOfWeek,
  openTime: '00:00:00',
  closeTime: '24:00:00',
  isClosed: false,
}));

/**
 * What the assistant knows on a call, for engine tests without a database: Casa Lupe in UTC, open around the clock,
 * taking orders, with no menu unless given.
 */
export const callContext = (overrides: Partial<CallContext> = {}): CallContext => ({
  restaurantId: 'r1',
  restaurantName: 'Casa Lupe',
  language: 'en',
  greeting: 'Welcome to Casa Lupe!',
  isBusyMode: false,
  busyMessage: 'We are slammed, call back soon.',
  timeZone: 'UTC',
  hours: OPEN_ALL_WEEK,
  menu: [],
  menuVersion: 'fixture',
  categories: [],
  allowCustomOrders: true,
  autoSmsEnabled: true,
  caps: { maxQuantityPerLine: 20, maxLines: 20, maxTotalCents: 50_000 },
  forwardingPhone: null,
  canTakeOrders: true,
  ...overrides,
});
