import { z } from 'zod';
import { ORDER_STATUSES, PREP_TIME_OPTIONS, type OrderSource, type OrderStatus } from '../domain/orders';
import { listInWords } from '../domain/words';
import type { NotificationKind, NotificationStatus } from '../domain/notifications';
import type { Cents } from '../domain/money';
import type { CallSummary } from './calls';
import type { PlanSummary } from './billing';

export interface OrderItemLine {
  name: string;
  quantity: number;
  unitPriceCents: Cents;
  notes: string | null;
}

/** The state of one customer text, as shown on the order card. */
export interface OrderNotification {
  kind: NotificationKind;
  status: NotificationStatus;
  lastError: string | null;
  updatedAt: string;
}

export interface Order {
  id: string;
  item: string;
  quantity: number;
  items: OrderItemLine[];
  phoneNumber: string;
  customerName: string | null;
  status: OrderStatus;
  isCustomOrder: boolean;
  customOrderText: string | null;
  readyInMinutes: number | null;
  totalCents: Cents | null;
  source: OrderSource;
  /** The call that placed it (phone orders and test calls). */
  callId: string | null;
  /** Flagged for the kitchen to check before making it (an allergy mentioned, a custom request, an unsure match). */
  needsReview: boolean;
  reviewReason: string | null;
  notifiedAt: string | null;
  notifications: OrderNotification[];
  createdAt: string;
  updatedAt: string;
}

/** Dashboard filter tabs: a status, or custom orders. */
export const ORDER_FILTERS = ['all', ...ORDER_STATUSES, 'custom'] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];

export const listOrdersQuerySchema = z.object({
  filter: z.enum(ORDER_FILTERS).default('all'),
  /** Opaque cursor from the previous page's nextCursor. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(60),
  /** Completed orders from before today are left out unless asked for. */
  includeEarlier: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});
export type ListOrdersQuery = z.input<typeof listOrdersQuerySchema>;

export interface OrderStats {
  new: number;
  preparing: number;
  ready: number;
  completed: number;
  custom: number;
  total: number;
}

export interface ListOrdersResponse {
  orders: Order[];
  nextCursor: string | null;
  stats: OrderStats;
}

export const prepTimeSchema = z.object({
  minutes: z.literal(PREP_TIME_OPTIONS, {
    error: `Prep time must be ${listInWords(PREP_TIME_OPTIONS)} minutes`,
  }),
});

export const createTestOrderSchema = z.object({
  isCustomOrder: z.boolean().default(false),
  customOrderText: z.string().trim().max(500).optional(),
});

export const busyModeSchema = z.object({ isBusyMode: z.boolean() });

/** One text in the outbox, as the customer's phone would show it. */
export interface OutboxMessage {
  id: string;
  orderId: string;
  kind: NotificationKind;
  to: string;
  body: string;
  provider: string;
  status: NotificationStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

/** What the server pushes over /api/events. */
export type RealtimeEvent =
  | { type: 'order.created'; order: Order }
  | { type: 'order.updated'; order: Order }
  | { type: 'restaurant.updated'; isBusyMode: boolean }
  | { type: 'call.updated'; call: CallSummary }
  /** The owner's plan changed (subscribed, canceled, renewed, lapsed): re-read the session and billing views. */
  | { type: 'plan.updated'; plan: PlanSummary }
  /** The server may have missed changes (a lost database connection): refetch everything. */
  | { type: 'resync' };
