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
import type { PrepTime } from '@shared/domain/orders';
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
 * Puts a fresh copy of an order into every cached list right away (the server's refetch follows and fixes order and
 * counts). An older copy never replaces a newer one, whichever of the action's answer and the event arrives first.
 */
export function applyOrderToLists(queryClient: QueryClient, order: Order, { isNew = false } = {}) {
  for (const [key, data] of queryClient.getQueriesData<OrderPages>({ queryKey: orderKeys.lists })) {
    if (!data) continue;
    const filter = (key as ListKey)[2];
    const matches = matchesFilter(order, filter);
    let found = false;
    const pages = data.pages.map((page) => {
      const index = page.orders.findIndex((o) => o.id === order.id);
      if (index === -1) return page;
      found = true;
      const current = page.orders[index]!;
      if (Date.parse(current.updatedAt) > Date.parse(order.updatedAt)) return page;
      const orders = matches
        ? page.orders.map((o, i) => (i === index ? order : o))
        : page.orders.filter((o) => o.id !== order.id);
      return { ...page, orders };
    });
    if (!found && isNew && matches && pages[0]) {
      pages[0] = { ...pages[0], orders: [order, ...pages[0].orders] };
    }
    queryClient.setQueryData<OrderPages>(key, { ...data, pages });
  }
}

export const refreshOrders = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: orderKeys.all }, { cancelRefetch: false });

export type OrderAction = { type: 'prep-time'; minutes: PrepTime } | { type: 'ready' } | { type: 'complete' };

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
  }
}

/** Prep time, ready, complete: one order's next step. */
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
