import type { Order, OrderFilter } from '@shared/contracts/orders';
import { ORDER_STATUSES, type OrderStatus } from '@shared/domain/orders';

interface StatusStyle {
  label: string;
  /** Pill on the card. */
  badge: string;
  /** The card's left edge. */
  accent: string;
  /** Small swatch on the stat tile. */
  swatch: string;
}

/** One colour per status, used the same way on tiles, tabs and cards. */
export const STATUS_STYLES: Record<OrderStatus, StatusStyle> = {
  new: {
    label: 'New',
    badge: 'bg-blue-50 text-blue-800 ring-blue-200',
    accent: 'border-l-blue-500',
    swatch: 'bg-blue-500',
  },
  preparing: {
    label: 'Preparing',
    badge: 'bg-amber-50 text-amber-800 ring-amber-200',
    accent: 'border-l-amber-500',
    swatch: 'bg-amber-500',
  },
  ready: {
    label: 'Ready',
    badge: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
    accent: 'border-l-emerald-500',
    swatch: 'bg-emerald-500',
  },
  completed: {
    label: 'Completed',
    badge: 'bg-stone-100 text-stone-700 ring-stone-200',
    accent: 'border-l-stone-400',
    swatch: 'bg-stone-400',
  },
  cancelled: {
    label: 'Cancelled',
    badge: 'bg-rose-50 text-rose-800 ring-rose-200',
    accent: 'border-l-rose-400',
    swatch: 'bg-rose-400',
  },
};

export const CUSTOM_BADGE = 'bg-violet-50 text-violet-800 ring-violet-200';

export const FILTER_LABELS: Record<OrderFilter, string> = {
  all: 'All Orders',
  ...(Object.fromEntries(ORDER_STATUSES.map((s) => [s, STATUS_STYLES[s].label])) as Record<OrderStatus, string>),
  custom: 'Custom Orders',
};

/** The spec's three empty-state sentences. */
export function emptyStateText(filter: OrderFilter): string {
  if (filter === 'all') return 'No orders have been received yet.';
  if (filter === 'custom') return 'No custom orders have been received yet.';
  return `No ${filter} orders at the moment.`;
}

/** How long an order has been waiting, as the kitchen says it: '<1 min', '4 min', '1 h 5 min', '2 d'. */
export function formatAge(createdAt: string, now: number): string {
  const minutes = Math.floor(Math.max(0, now - Date.parse(createdAt)) / 60_000);
  if (minutes < 1) return '<1 min';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d`;
}

/**
 * When the kitchen should have the order ready, in ms: for a preparing order, its prep time counted from when it was
 * set (the step that made it 'preparing', its `updatedAt`); null while there is no time to keep.
 */
export function readyByOf(order: Pick<Order, 'status' | 'readyInMinutes' | 'updatedAt'>): number | null {
  if (order.status !== 'preparing' || !order.readyInMinutes) return null;
  return Date.parse(order.updatedAt) + order.readyInMinutes * 60_000;
}

/** From this many minutes of waiting a ticket on the rail turns amber, and from the second red. */
export const AGE_WARN_MINUTES = 10;
export const AGE_LATE_MINUTES = 20;

export type AgeLevel = 'fresh' | 'warn' | 'late';

/**
 * How urgent an open order looks on the rail: by how long it has waited since it was placed, and red as soon as a
 * preparing order is past its ready-by time, however young. A ready order is out of the kitchen's hands.
 */
export function ageLevelOf(
  order: Pick<Order, 'status' | 'readyInMinutes' | 'updatedAt' | 'createdAt'>,
  now: number,
): AgeLevel {
  if (order.status === 'ready') return 'fresh';
  const readyBy = readyByOf(order);
  if (readyBy !== null && now > readyBy) return 'late';
  const minutes = Math.floor(Math.max(0, now - Date.parse(order.createdAt)) / 60_000);
  if (minutes >= AGE_LATE_MINUTES) return 'late';
  return minutes >= AGE_WARN_MINUTES ? 'warn' : 'fresh';
}
