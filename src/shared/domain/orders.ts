export const ORDER_STATUSES = ['new', 'preparing', 'ready', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Orders the kitchen still has to deal with, in queue order: new, then preparing, then ready. */
export const ACTIVE_ORDER_STATUSES = ['new', 'preparing', 'ready'] as const satisfies readonly OrderStatus[];

/** Why an order was cancelled (a no-show is a ready order nobody picked up). */
export const CANCEL_REASONS = ['customer_cancelled', 'duplicate', 'kitchen_unable', 'no_show'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

export const CANCEL_REASON_LABELS: Record<CancelReason, string> = {
  customer_cancelled: 'Customer cancelled',
  duplicate: 'Duplicate order',
  kitchen_unable: "Kitchen can't make it",
  no_show: 'No-show',
};

/** An order can be cancelled until it is completed; a cancelled order stays cancelled. */
export function canCancel(from: OrderStatus): boolean {
  return (ACTIVE_ORDER_STATUSES as readonly OrderStatus[]).includes(from);
}

/** A no-show is a ready order nobody came for; the other reasons apply to any order still in the kitchen. */
export function cancelReasonsFor(from: OrderStatus): CancelReason[] {
  if (!canCancel(from)) return [];
  return from === 'ready' ? [...CANCEL_REASONS] : CANCEL_REASONS.filter((r) => r !== 'no_show');
}

export function isActiveOrderStatus(status: OrderStatus): boolean {
  return canCancel(status);
}

/**
 * Where an order stands in the kitchen's queue: new, preparing, ready (each oldest first), then the finished ones
 * (completed and cancelled, newest first). The server sorts the same way in SQL.
 */
export function queueRank(status: OrderStatus): number {
  const index = (ACTIVE_ORDER_STATUSES as readonly OrderStatus[]).indexOf(status);
  return index === -1 ? ACTIVE_ORDER_STATUSES.length : index;
}

/** Queue order for orders as the API returns them (ISO times, ids breaking ties). */
export function compareQueueOrder(
  a: { status: OrderStatus; createdAt: string; id: string },
  b: { status: OrderStatus; createdAt: string; id: string },
): number {
  const rank = queueRank(a.status) - queueRank(b.status);
  if (rank !== 0) return rank;
  const byAge = Date.parse(a.createdAt) - Date.parse(b.createdAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return isActiveOrderStatus(a.status) ? byAge : -byAge;
}

/** '#12', the number said at the counter; empty for an order from before numbers existed. */
export function formatOrderNumber(dailyNumber: number | null): string {
  return dailyNumber === null ? '' : `#${dailyNumber}`;
}

/** Under this many minutes left, a preparing order is nearly due. */
export const DUE_SOON_MINUTES = 2;

export type PrepTiming =
  | { state: 'on_time' | 'due_soon'; readyAt: number; minutesLeft: number }
  | { state: 'late'; readyAt: number; minutesLate: number };

/**
 * How a preparing order stands against its "ready around" time, counted from when the prep time was set (the step
 * that made it 'preparing', which is its `updatedAt`).
 */
export function prepTiming(preparingSince: number, readyInMinutes: number, now: number): PrepTiming {
  const readyAt = preparingSince + readyInMinutes * 60_000;
  const msLeft = readyAt - now;
  // Whole minutes, so the words and the colour agree: "1 min left" is amber, "2 min left" is not yet.
  if (msLeft < 0) return { state: 'late', readyAt, minutesLate: Math.ceil(-msLeft / 60_000) };
  const minutesLeft = Math.floor(msLeft / 60_000);
  return { state: minutesLeft < DUE_SOON_MINUTES ? 'due_soon' : 'on_time', readyAt, minutesLeft };
}

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
  cancelled: null,
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
