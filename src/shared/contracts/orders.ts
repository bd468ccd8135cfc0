import { z } from 'zod';
import { PREP_TIME_OPTIONS, type OrderStatus } from '../domain/orders';

export const NOTIFICATION_KINDS = ['confirmed', 'preparing', 'ready'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export type NotificationStatus = 'queued' | 'sending' | 'sent' | 'delivered' | 'failed';

export interface OrderItemLine {
  name: string;
  quantity: number;
  unitPrice: number;
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
  total: number | null;
  source: 'phone' | 'test' | 'simulator';
  notifiedAt: string | null;
  notifications: OrderNotification[];
  createdAt: string;
  updatedAt: string;
}

/** Dashboard filter tabs: a status, or custom orders. */
export const ORDER_FILTERS = ['all', 'new', 'preparing', 'ready', 'completed', 'custom'] as const;
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
  minutes: z.union(
    PREP_TIME_OPTIONS.map((m) => z.literal(m)) as unknown as [
      z.ZodLiteral<10>,
      z.ZodLiteral<15>,
      z.ZodLiteral<20>,
      z.ZodLiteral<30>,
    ],
    { error: 'Prep time must be 10, 15, 20 or 30 minutes' },
  ),
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
  /** The server may have missed changes (a lost database connection): refetch everything. */
  | { type: 'resync' };
