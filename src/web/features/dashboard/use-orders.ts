import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { ListOrdersResponse, Order, OrderFilter } from '@shared/contracts/orders';
import { compareQueueOrder, type CancelReason, type PrepTime } from '@shared/domain/orders';
import { apiClient, call } from '@web/lib/api-client';

type OrderPages = InfiniteData<ListOrdersResponse, string | null>;
type ListKey = readonly ['orders', 'list', OrderFilter, boolean];

export const orderKeys = {
  all: ['orders'] as const,
  lists: ['orders', 'list'] as const,
  list: (filter: OrderFilter, includeEarlier: boolean): ListKey => ['orders', 'list', filter, includeEarlier],
  /** Whether the restaurant has any order at all, earlier days included. */
  hasAny: ['orders', 'has-any'] as const,
};

function fetchOrders(params: { filter: OrderFilter; includeEarlier: boolean; cursor?: string | null; limit?: number }) {
  return call(
    apiClient.orders.$get({
      query: {
        filter: params.filter,
        includeEarlier: params.includeEarlier ? 'true' : 'false',
        cursor: params.cursor || undefined,
        limit: params.limit ? String(params.limit) : undefined,
      },
    }),
  );
}

/** One filter tab's orders, a page at a time, with the dashboard's counts. */
export function useOrderList(filter: OrderFilter, includeEarlier: boolean) {
  return useInfiniteQuery({
    queryKey: orderKeys.list(filter, includeEarlier),
    queryFn: ({ pageParam }) => fetchOrders({ filter, includeEarlier, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Switching tabs keeps the counts and the previous cards on screen until the new tab's page arrives.
    placeholderData: keepPreviousData,
  });
}

/**
 * The counts cover today's working set, so an empty dashboard the morning after may still have history. Only asked
 * when the working set is empty, to choose between "no orders yet" and the test-order buttons.
 */
export function useHasAnyOrder(enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.hasAny,
    queryFn: async () => (await fetchOrders({ filter: 'all', includeEarlier: true, limit: 1 })).orders.length > 0,
    enabled,
  });
}

export function matchesFilter(order: Order, filter: OrderFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'custom') return order.isCustomOrder;
  return order.status === filter;
}

/**
 * Puts a fresh copy of an order into every cached list right away, at its place in the queue (the server's refetch
 * follows and fixes order and counts). An older copy never replaces a newer one, whichever of the action's answer and
 * the event arrives first.
 */
export function applyOrderToLists(queryClient: QueryClient, order: Order, { isNew = false } = {}) {
  for (const [key, data] of queryClient.getQueriesData<OrderPages>({ queryKey: orderKeys.lists })) {
    if (!data) continue;
    const filter = (key as ListKey)[2];
    const current = data.pages.flatMap((page) => page.orders).find((o) => o.id === order.id);
    if (current && Date.parse(current.updatedAt) > Date.parse(order.updatedAt)) continue;
    // An order this list never loaded is left to the refetch, unless it is brand new.
    if (!current && !isNew) continue;
    const without = data.pages.map((page) => ({ ...page, orders: page.orders.filter((o) => o.id !== order.id) }));
    const pages = matchesFilter(order, filter) ? placeInQueue(without, order) : without;
    queryClient.setQueryData<OrderPages>(key, { ...data, pages });
  }
}

/**
 * Inserts the order where the queue puts it (`compareQueueOrder`) in the loaded page it falls in. A place beyond the
 * pages loaded so far is left to "Load more".
 */
function placeInQueue(pages: ListOrdersResponse[], order: Order): ListOrdersResponse[] {
  for (const [i, page] of pages.entries()) {
    const index = page.orders.findIndex((o) => compareQueueOrder(order, o) < 0);
    const isEnd = i === pages.length - 1 && page.nextCursor === null;
    if (index === -1 && !isEnd) continue;
    const orders = [...page.orders];
    orders.splice(index === -1 ? orders.length : index, 0, order);
    return pages.map((p, j) => (j === i ? { ...p, orders } : p));
  }
  return pages;
}

export const refreshOrders = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: orderKeys.all }, { cancelRefetch: false });

export type OrderAction =
  | { type: 'prep-time'; minutes: PrepTime }
  | { type: 'ready' }
  | { type: 'complete' }
  | { type: 'cancel'; reason: CancelReason };

function runOrderAction(orderId: string, action: OrderAction) {
  const order = apiClient.orders[':id'];
  const param = { id: encodeURIComponent(orderId) };
  switch (action.type) {
    case 'prep-time':
      return call(order['prep-time'].$post({ param, json: { minutes: action.minutes } }));
    case 'ready':
      return call(order.ready.$post({ param }));
    case 'complete':
      return call(order.complete.$post({ param }));
    case 'cancel':
      return call(order.cancel.$post({ param, json: { reason: action.reason } }));
  }
}

/** Prep time, ready, complete, or cancel: one order's next step. */
export function useOrderAction(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: OrderAction) => (await runOrderAction(orderId, action)).order,
    onSuccess: (order) => applyOrderToLists(queryClient, order),
    // Success or a 409 (someone else moved it first): either way the server's view is what to show next.
    onSettled: () => refreshOrders(queryClient),
  });
}

export function useCreateTestOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { isCustomOrder: boolean; customOrderText?: string }) =>
      (await call(apiClient.orders.test.$post({ json: input }))).order,
    onSuccess: (order) => {
      applyOrderToLists(queryClient, order, { isNew: true });
      void refreshOrders(queryClient);
    },
  });
}

export type OrderListQuery = ReturnType<typeof useOrderList>;
