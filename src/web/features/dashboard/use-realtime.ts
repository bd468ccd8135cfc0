import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Order, RealtimeEvent } from '@shared/contracts/orders';
import { applyOrderToLists, refreshOrders } from './use-orders';
import { botQueryKey, setCachedBusyMode } from './restaurant-queries';

const EVENT_TYPES = ['order.created', 'order.updated', 'restaurant.updated', 'resync'] as const;
const MAX_RETRY_MS = 30_000;
/** Several events in a burst (a rush, or a reconnect catching up) cost one refetch. */
const REFRESH_DEBOUNCE_MS = 120;

function parseEvent(data: unknown): RealtimeEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const event = JSON.parse(data) as RealtimeEvent;
    return (EVENT_TYPES as readonly string[]).includes(event?.type) ? event : null;
  } catch {
    return null;
  }
}

/**
 * Keeps this tab in step with the owner's other tabs and the phone assistant, over the server's event stream.
 * EventSource resends Last-Event-ID when it reconnects by itself; when it gives up (the server answered with an
 * error) we reconnect with backoff. Either way the lists are refetched after a gap and whenever the tab becomes
 * visible again, so a missed event can only delay a change, never lose it.
 */
export function useRealtimeOrders({ onOrderCreated }: { onOrderCreated: (order: Order) => void }) {
  const queryClient = useQueryClient();
  const onOrderCreatedRef = useRef(onOrderCreated);
  useEffect(() => {
    onOrderCreatedRef.current = onOrderCreated;
  }, [onOrderCreated]);

  useEffect(() => {
    let source: EventSource | null = null;
    let hadError = false;
    let retryMs = 1000;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let refreshTimer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const scheduleRefresh = () => {
      clearTimeout(refreshTimer);
      refreshTimer = setTimeout(() => void refreshOrders(queryClient), REFRESH_DEBOUNCE_MS);
    };

    const onMessage = (message: MessageEvent) => {
      const event = parseEvent(message.data);
      if (!event) return;
      if (event.type === 'restaurant.updated') {
        setCachedBusyMode(queryClient, event.isBusyMode);
        return;
      }
      if (event.type === 'resync') {
        // The server may have missed changes: everything this page shows is re-read.
        void queryClient.invalidateQueries({ queryKey: botQueryKey });
        scheduleRefresh();
        return;
      }
      applyOrderToLists(queryClient, event.order, { isNew: event.type === 'order.created' });
      scheduleRefresh();
      if (event.type === 'order.created') onOrderCreatedRef.current(event.order);
    };

    const connect = () => {
      clearTimeout(retryTimer);
      source?.close();
      const next = new EventSource('/api/events');
      source = next;
      next.onopen = () => {
        retryMs = 1000;
        if (hadError) {
          hadError = false;
          scheduleRefresh();
        }
      };
      next.onerror = () => {
        hadError = true;
        if (next.readyState !== EventSource.CLOSED || stopped) return;
        retryTimer = setTimeout(connect, retryMs);
        retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
      };
      // Plain `data:` messages arrive as 'message'; named ones (`event: order.created`) under their own type.
      next.onmessage = onMessage;
      for (const type of EVENT_TYPES) next.addEventListener(type, onMessage);
    };

    const onVisibilityChange = () => {
      if (document.visibilityState !== 'visible') return;
      scheduleRefresh();
      if (!source || source.readyState === EventSource.CLOSED) {
        retryMs = 1000;
        connect();
      }
    };

    connect();
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      clearTimeout(refreshTimer);
      document.removeEventListener('visibilitychange', onVisibilityChange);
      source?.close();
    };
  }, [queryClient]);
}
