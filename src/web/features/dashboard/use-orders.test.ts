import { describe, expect, it } from 'vitest';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ListOrdersResponse, Order, OrderFilter } from '@shared/contracts/orders';
import { applyOrderToLists, orderKeys } from './use-orders';

const stats = { new: 0, preparing: 0, ready: 0, completed: 0, cancelled: 0, custom: 0, total: 0 };

function order(overrides: Partial<Order> = {}): Order {
  return {
    id: 'a',
    dailyNumber: 1,
    item: '1× Pizza',
    quantity: 1,
    items: [],
    phoneNumber: '+15555550100',
    customerName: 'Ana',
    status: 'new',
    isCustomOrder: false,
    customOrderText: null,
    readyInMinutes: null,
    prepMinutes: null,
    quotedReadyAt: null,
    scheduledFor: null,
    totalCents: 1000,
    source: 'test',
    callId: null,
    needsReview: false,
    reviewReason: null,
    cancelReason: null,
    cancelledAt: null,
    notifiedAt: null,
    notifications: [],
    createdAt: '2026-11-21T12:00:00.000Z',
    updatedAt: '2026-11-21T12:00:00.000Z',
    ...overrides,
  };
}

function cache(lists: Partial<Record<OrderFilter, Order[]>>) {
  const client = new QueryClient();
  for (const [filter, orders] of Object.entries(lists)) {
    client.setQueryData<InfiniteData<ListOrdersResponse, string | null>>(orderKeys.list(filter as OrderFilter, false), {
      pages: [{ orders, nextCursor: null, stats }],
      pageParams: [null],
    });
  }
  const ids = (filter: OrderFilter) =>
    client
      .getQueryData<InfiniteData<ListOrdersResponse>>(orderKeys.list(filter, false))
      ?.pages.flatMap((p) => p.orders.map((o) => `${o.id}:${o.status}`));
  return { client, ids };
}

describe('applyOrderToLists', () => {
  const at = (minute: number) => `2026-11-21T12:${String(minute).padStart(2, '0')}:00.000Z`;

  it('puts a new order at the end of the waiting new orders in every list it belongs to, and only those', () => {
    const queue = [
      order({ id: 'n1', createdAt: at(1) }),
      order({ id: 'p1', status: 'preparing', createdAt: at(0) }),
      order({ id: 'c1', status: 'completed', createdAt: at(2) }),
    ];
    const { client, ids } = cache({ all: queue, new: [queue[0]!], preparing: [], custom: [] });
    applyOrderToLists(client, order({ id: 'b', createdAt: at(5), updatedAt: at(5) }), { isNew: true });
    expect(ids('all')).toEqual(['n1:new', 'b:new', 'p1:preparing', 'c1:completed']);
    expect(ids('new')).toEqual(['n1:new', 'b:new']);
    expect(ids('preparing')).toEqual([]);
    expect(ids('custom')).toEqual([]);
  });

  it('moves a changed order to its new place in the queue and drops it from a list it has left', () => {
    const { client, ids } = cache({
      all: [order({ createdAt: at(0) }), order({ id: 'z', createdAt: at(1) })],
      new: [order({ createdAt: at(0) })],
    });
    applyOrderToLists(client, order({ status: 'preparing', createdAt: at(0), updatedAt: at(3) }));
    expect(ids('all')).toEqual(['z:new', 'a:preparing']);
    expect(ids('new')).toEqual([]);

    // Cancelled: after every open order, still in the day's list.
    applyOrderToLists(client, order({ id: 'z', status: 'cancelled', createdAt: at(1), updatedAt: at(4) }));
    expect(ids('all')).toEqual(['a:preparing', 'z:cancelled']);
  });

  it('leaves an order whose place is beyond the loaded pages to "Load more"', () => {
    const client = new QueryClient();
    const first = [order({ id: 'n1', createdAt: at(0) }), order({ id: 'n2', createdAt: at(1) })];
    client.setQueryData<InfiniteData<ListOrdersResponse, string | null>>(orderKeys.list('all', false), {
      pages: [{ orders: first, nextCursor: 'more', stats }],
      pageParams: [null],
    });
    applyOrderToLists(client, order({ id: 'late', createdAt: at(9), updatedAt: at(9) }), { isNew: true });
    applyOrderToLists(client, order({ id: 'n1', status: 'ready', createdAt: at(0), updatedAt: at(9) }));
    const listed = client.getQueryData<InfiniteData<ListOrdersResponse>>(orderKeys.list('all', false));
    expect(listed?.pages.flatMap((p) => p.orders.map((o) => o.id))).toEqual(['n2']);
  });

  it('never lets an older copy overwrite a newer one', () => {
    const newer = order({ status: 'ready', updatedAt: '2026-11-21T12:05:00.000Z' });
    const { client, ids } = cache({ all: [newer] });
    applyOrderToLists(client, order({ status: 'preparing', updatedAt: '2026-11-21T12:01:00.000Z' }));
    expect(ids('all')).toEqual(['a:ready']);
  });

  it('does not add the same new order twice (its own answer and the live event)', () => {
    const { client, ids } = cache({ all: [] });
    applyOrderToLists(client, order(), { isNew: true });
    applyOrderToLists(client, order(), { isNew: true });
    expect(ids('all')).toEqual(['a:new']);
  });
});
