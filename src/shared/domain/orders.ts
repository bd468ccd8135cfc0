export const ORDER_STATUSES = ['new', 'preparing', 'ready', 'completed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PREP_TIME_OPTIONS = [10, 15, 20, 30] as const;
export type PrepTime = (typeof PREP_TIME_OPTIONS)[number];

export const DEFAULT_MENU_PREP_MINUTES = 15;

/** Where an order came from: a phone call, the dashboard's test button, or an in-app test call. */
export const ORDER_SOURCES = ['phone', 'test', 'simulator'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

/**
 * Limits that stop an absurd order (an 18,000-drink order misheard on the phone). These are the defaults; a
 * restaurant may set its own.
 */
export const DEFAULT_ORDER_CAPS = {
  maxQuantityPerLine: 25,
  maxLines: 20,
  maxTotalCents: 50_000,
} as const;
export type OrderCaps = { [K in keyof typeof DEFAULT_ORDER_CAPS]: number };

const NEXT: Record<OrderStatus, OrderStatus | null> = {
  new: 'preparing',
  preparing: 'ready',
  ready: 'completed',
  completed: null,
};

/** The only legal moves: new → preparing → ready → completed, one step forward at a time. */
export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT[from] === to;
}

export function nextOrderStatus(from: OrderStatus): OrderStatus | null {
  return NEXT[from];
}

/** The one status an order must be in to move to `to`; null for 'new', which nothing moves to. */
export function previousOrderStatus(to: OrderStatus): OrderStatus | null {
  return ORDER_STATUSES.find((from) => NEXT[from] === to) ?? null;
}

export function isPrepTime(value: number): value is PrepTime {
  return (PREP_TIME_OPTIONS as readonly number[]).includes(value);
}
