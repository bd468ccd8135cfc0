import { useEffect, useRef } from 'react';
import type { RealtimeEvent } from '@shared/contracts/orders';
import { apiClient, apiUrl } from './api-client';

/** Every event type the server sends; a message of any other type is ignored. */
const EVENT_TYPES = {
  'order.created': true,
  'order.updated': true,
  'restaurant.updated': true,
  'call.updated': true,
  'plan.updated': true,
  resync: true,
} satisfies Record<RealtimeEvent['type'], true>;
const isEventType = (type: unknown): type is RealtimeEvent['type'] =>
  typeof type === 'string' && Object.hasOwn(EVENT_TYPES, type);

const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;
/** Several events in a burst (a rush, or a reconnect catching up) cost one refetch. */
export const REFRESH_DEBOUNCE_MS = 120;

export function parseRealtimeEvent(data: unknown): RealtimeEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const event = JSON.parse(data) as { type?: unknown } | null;
    return isEventType(event?.type) ? (event as RealtimeEvent) : null;
  } catch {
    return null;
  }
}

export interface RealtimeHandlers {
  /** Applies one event to what the page shows; returns true when the page should also re-read (debounced). */
  onEvent: (event: RealtimeEvent) => boolean | void;
  /**
   * Re-reads what the page shows. Called, debounced, after an event asked for it, after the stream was interrupted
   * and has reconnected, and when the tab becomes visible again: a missed event can only delay a change.
   */
  refresh: () => void;
}

/**
 * Follows the owner's live changes over the server's event stream (`GET /api/events`), for any page that shows
 * them. EventSource resends Last-Event-ID when it reconnects by itself; when it gives up (the server answered with
 * an error) this reconnects with back-off from 1 s to 30 s.
 */
export function useRealtimeEvents(handlers: RealtimeHandlers) {
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });

  useEffect(() => {
    let source: EventSource | null = null;
    let hadError = false;
    let retryMs = FIRST_RETRY_MS;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let refreshTimer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const scheduleRefresh = () => {
      clearTimeout(refreshTimer);
      refreshTimer = setTimeout(() => handlersRef.current.refresh(), REFRESH_DEBOUNCE_MS);
    };

    const onMessage = (message: MessageEvent) => {
      const event = parseRealtimeEvent(message.data);
      if (event && handlersRef.current.onEvent(event) === true) scheduleRefresh();
    };

    const connect = () => {
      clearTimeout(retryTimer);
      source?.close();
      const next = new EventSource(apiUrl(apiClient.events.$path()));
      source = next;
      next.onopen = () => {
        retryMs = FIRST_RETRY_MS;
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
      for (const type of Object.keys(EVENT_TYPES)) next.addEventListener(type, onMessage);
    };

    const onVisibilityChange = () => {
      if (document.visibilityState !== 'visible') return;
      scheduleRefresh();
      if (!source || source.readyState === EventSource.CLOSED) {
        retryMs = FIRST_RETRY_MS;
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
  }, []);
}
