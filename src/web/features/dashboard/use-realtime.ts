import { useQueryClient } from '@tanstack/react-query';
import type { Order } from '@shared/contracts/orders';
import { useRealtimeEvents } from '@web/lib/realtime';
import { applyPlanUpdate } from '@web/lib/queries/billing';
import { botPreferencesQuery, setCachedBusyMode } from '@web/lib/queries/restaurant';
import { meQueryKey } from '@web/lib/session';
import { applyOrderToLists, refreshOrders } from './use-orders';

/**
 * Keeps the board in step with the owner's other tabs and the phone assistant: each order event is applied to every
 * cached list at once, then the lists are refetched (debounced); after a gap in the stream, and whenever the tab
 * becomes visible again, they are refetched too (see useRealtimeEvents).
 */
export function useRealtimeOrders({
  onOrderCreated,
  onOrderUpdated,
}: {
  onOrderCreated: (order: Order) => void;
  onOrderUpdated?: (order: Order) => void;
}) {
  const queryClient = useQueryClient();
  useRealtimeEvents({
    onEvent: (event) => {
      switch (event.type) {
        case 'restaurant.updated':
          setCachedBusyMode(queryClient, event.isBusyMode, event.busyUntil ?? null);
          return false;
        // The call log follows calls; the board has nothing to show for them.
        case 'call.updated':
          return false;
        // Subscribed, canceled or lapsed: the expired-plan notice and the banner follow the session.
        case 'plan.updated':
          applyPlanUpdate(queryClient, event.plan);
          return false;
        case 'resync':
          // The server may have missed changes: everything this page shows is re-read.
          void queryClient.invalidateQueries({ queryKey: botPreferencesQuery.queryKey });
          void queryClient.invalidateQueries({ queryKey: meQueryKey });
          return true;
        case 'order.created':
        case 'order.updated':
          applyOrderToLists(queryClient, event.order, { isNew: event.type === 'order.created' });
          if (event.type === 'order.created') onOrderCreated(event.order);
          else onOrderUpdated?.(event.order);
          return true;
      }
    },
    refresh: () => void refreshOrders(queryClient),
  });
}
