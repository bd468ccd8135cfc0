import { z } from 'zod';
import {
  CANCEL_REASONS,
  PREP_TIME_OPTIONS,
  type CancelReason,
  type OrderSource,
  type OrderStatus,
} from '../domain/orders';
import { listInWords } from '../domain/words';
import type { NotificationKind, NotificationStatus } from '../domain/notifications';
import type { Cents } from '../domain/money';
import type { ChosenOption } from '../domain/menu-options';
import type { CallSummary } from './calls';
import type { PlanSummary } from './billing';
import { multiLineText, tooLong } from './text';

export interface OrderItemLine {
  name: string;
  quantity: number;
  /** Includes the chosen options' price changes. */
  unitPriceCents: Cents;
  notes: string | null;
  /** Sizes and extras chosen for this line ('Large', 'Extra cheese'); empty when none. */
  options: ChosenOption[];
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
  /** The number said at the counter (#12), per restaurant and local day; null for orders from before numbers. */
  dailyNumber: number | null;
  item: string;
  quantity: number;
  items: OrderItemLine[];
  phoneNumber: string;
  customerName: string | null;
  status: OrderStatus;
  isCustomOrder: boolean;
  customOrderText: string | null;
  readyInMinutes: number | null;
  /** Its own preparation time in minutes (its slowest dish); null for orders from before pickup quotes. */
  prepMinutes: number | null;
  /** The pickup time the customer was told when it was placed (ISO 8601); null when none was quoted. */
  quotedReadyAt: string | null;
  /** The pickup time the customer asked for (ISO 8601); null for as soon as possible. */
  scheduledFor: string | null;
  totalCents: Cents | null;
  source: OrderSource;
  /** The call that placed it (phone orders and test calls). */
  callId: string | null;
  /** Flagged for the kitchen to check before making it (an allergy mentioned, a custom request, an unsure match). */
  needsReview: boolean;
  reviewReason: string | null;
  cancelReason: CancelReason | null;
  cancelledAt: string | null;
  notifiedAt: string | null;
  notifications: OrderNotification[];
  createdAt: string;
  updatedAt: string;
}

/**
 * Dashboard filter tabs: a status, or custom orders. The spec's tabs in its order, then Cancelled.
 */
export const ORDER_FILTERS = ['all', 'new', 'preparing', 'ready', 'completed', 'custom', 'cancelled'] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];

export const listOrdersQuerySchema = z.object({
  filter: z.enum(ORDER_FILTERS).default('all'),
  /** Opaque cursor from the previous page's nextCursor. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(60),
  /** Completed and cancelled orders from before today are left out unless asked for. */
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
  /** Cancelled today; not a tile, and not in the total. */
  cancelled: number;
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

export const cancelOrderSchema = z.object({
  reason: z.enum(CANCEL_REASONS, { error: 'Choose why the order is cancelled' }),
});

export const createTestOrderSchema = z.object({
  isCustomOrder: z.boolean().default(false),
  /** A <textarea>: the order may run over several lines. */
  customOrderText: multiLineText().max(500, tooLong('Custom order text', 500)).optional(),
});

/** What a text in the outbox is about: a step of an order, or a code proving a phone number is the owner's. */
export type OutboxTextKind = NotificationKind | 'phone_code';

/** One text in the outbox, as the recipient's phone would show it. */
export interface OutboxMessage {
  id: string;
  /** The order it is about; null for a phone-number code. */
  orderId: string | null;
  kind: OutboxTextKind;
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
  /** Busy mode changed; `busyUntil` (ISO 8601) is there when it ends by itself. */
  | { type: 'restaurant.updated'; isBusyMode: boolean; busyUntil?: string }
  | { type: 'call.updated'; call: CallSummary }
  /** The owner's plan changed (subscribed, canceled, renewed, lapsed): re-read the session and billing views. */
  | { type: 'plan.updated'; plan: PlanSummary }
  /** The server may have missed changes (a lost database connection): refetch everything. */
  | { type: 'resync' };
