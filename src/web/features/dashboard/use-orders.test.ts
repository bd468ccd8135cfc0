import { describe, expect, it } from 'vitest';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ListOrdersResponse, Order, OrderFilter } from '@shared/contracts/orders';
import { applyOrderToLists, orderKeys } from './use-orders';

const stats = { new: 0, preparing: 0, ready: 0, completed: 0, custom: 0, total: 0 };

function order(overrides: Partial<Order> = {}): Order {
  return {
    id: 'a',
    item: '1× Pizza',
    quantity: 1,
    items: [],
    phoneNumber: '+15555550100',
    customerName: 'Ana',
    status: 'new',
    isCustomOrder: false,
    customOrderText: null,
    readyInMinutes: null,
    totalCents: 1000,
    source: 'test',
    callId: null,
    needsReview: false,
    reviewReason: null,
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
  it('puts a new order at the top of every list it belongs to, and only those', () => {
    const { client, ids } = cache({ all: [order({ id: 'old' })], new: [], preparing: [], custom: [] });
    applyOrderToLists(client, order({ id: 'b' }), { isNew: true });
    expect(ids('all')).toEqual(['b:new', 'old:new']);
    expect(ids('new')).toEqual(['b:new']);
    expect(ids('preparing')).toEqual([]);
    expect(ids('custom')).toEqual([]);
  });

  it('replaces a changed order in place and drops it from a list it has left', () => {
    const { client, ids } = cache({ all: [order(), order({ id: 'z' })], new: [order()] });
    applyOrderToLists(client, order({ status: 'preparing', updatedAt: '2026-11-21T12:01:00.000Z' }));
    expect(ids('all')).toEqual(['a:preparing', 'z:new']);
    expect(ids('new')).toEqual([]);
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
