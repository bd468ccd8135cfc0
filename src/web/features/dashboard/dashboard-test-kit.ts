import type { ListOrdersResponse, Order, OrderStats } from '@shared/contracts/orders';
import type { BotPreferencesResponse, PhoneSystemResponse } from '@shared/contracts/restaurant';

/** Fixtures for the order board's component tests. */

let sequence = 0;

/** A new test order as the API returns it; each call gets its own id and number unless given. */
export function testOrder(overrides: Partial<Order> = {}): Order {
  sequence += 1;
  const createdAt = new Date().toISOString();
  return {
    id: `order-${sequence}`,
    dailyNumber: sequence,
    item: '2× Carnitas Burrito',
    quantity: 2,
    items: [{ name: 'Carnitas Burrito', quantity: 2, unitPriceCents: 1250, notes: null, options: [] }],
    phoneNumber: '+12405550109',
    customerName: 'Noah Kim',
    status: 'new',
    isCustomOrder: false,
    customOrderText: null,
    readyInMinutes: null,
    prepMinutes: null,
    quotedReadyAt: null,
    scheduledFor: null,
    totalCents: 2500,
    source: 'test',
    callId: null,
    needsReview: false,
    reviewReason: null,
    cancelReason: null,
    cancelledAt: null,
    notifiedAt: null,
    notifications: [],
    createdAt,
    updatedAt: createdAt,
    ...overrides,
  };
}

const noStats: OrderStats = { new: 0, preparing: 0, ready: 0, completed: 0, cancelled: 0, custom: 0, total: 0 };

/** GET /api/orders with these orders on one page. */
export function orderList(orders: Order[]): ListOrdersResponse {
  const count = (status: Order['status']) => orders.filter((o) => o.status === status).length;
  return {
    orders,
    nextCursor: null,
    stats: {
      ...noStats,
      new: count('new'),
      preparing: count('preparing'),
      ready: count('ready'),
      completed: count('completed'),
      cancelled: count('cancelled'),
      custom: orders.filter((o) => o.isCustomOrder).length,
      total: orders.filter((o) => o.status !== 'cancelled').length,
    },
  };
}

export const activePhone: PhoneSystemResponse = {
  status: 'active',
  agentId: 'agent_1',
  phoneNumber: '+19955550137',
  phoneNumberPending: false,
  error: null,
  provider: 'local',
  agentDashboardUrl: null,
  phoneNumberVerified: true,
};

export function botPreferences(overrides: Partial<BotPreferencesResponse> = {}): BotPreferencesResponse {
  return {
    language: 'en',
    greetingMessage: 'Welcome!',
    busyMessage: 'We are currently busy, please call again later.',
    autoSmsEnabled: true,
    allowCustomOrders: true,
    isBusyMode: false,
    busyUntil: null,
    isSaved: true,
    ...overrides,
  };
}
