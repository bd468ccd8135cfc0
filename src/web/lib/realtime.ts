import { createContext, createElement, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
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

interface Follower {
  onEvent: (event: RealtimeEvent) => void;
  /** The stream came back after a gap, or the tab became visible: what it shows may be stale. */
  resync: () => void;
}

/** How long the tab's stream stays open after its last follower left, so moving between pages does not reopen it. */
export const LINGER_MS = 2_000;

/**
 * The tab's one stream of the owner's live changes (`GET /api/events`), shared by every part of the page that follows
 * them: the server caps each account's open streams, so a tab holds one, however many lists and banners it shows.
 * EventSource resends Last-Event-ID when it reconnects by itself; when it gives up (the server answered with an
 * error) this reconnects with back-off from 1 s to 30 s. When the server says the stream was replaced (the account
 * opened more than its cap elsewhere) it waits until the tab is looked at again; when it says the session ended, it
 * tells whoever asked (the session check, which signs the tab out if it has no session left).
 */
export class LiveStream {
  constructor(private readonly lingerMs = LINGER_MS) {}

  private readonly followers = new Set<Follower>();
  private readonly sessionEndedListeners = new Set<() => void>();
  private source: EventSource | null = null;
  private hadError = false;
  private retryMs = FIRST_RETRY_MS;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private lingerTimer: ReturnType<typeof setTimeout> | undefined;
  private state: 'idle' | 'live' | 'replaced' = 'idle';

  follow(follower: Follower): () => void {
    this.followers.add(follower);
    clearTimeout(this.lingerTimer);
    if (this.state === 'idle') this.start();
    return () => {
      this.followers.delete(follower);
      if (this.followers.size > 0) return;
      clearTimeout(this.lingerTimer);
      if (this.lingerMs === 0) this.stop();
      else this.lingerTimer = setTimeout(() => this.stop(), this.lingerMs);
    };
  }

  onSessionEnded(listener: () => void): () => void {
    this.sessionEndedListeners.add(listener);
    return () => this.sessionEndedListeners.delete(listener);
  }

  private start() {
    this.state = 'live';
    this.retryMs = FIRST_RETRY_MS;
    this.hadError = false;
    document.addEventListener('visibilitychange', this.onVisibilityChange);
    this.connect();
  }

  private stop() {
    this.state = 'idle';
    clearTimeout(this.retryTimer);
    document.removeEventListener('visibilitychange', this.onVisibilityChange);
    this.source?.close();
    this.source = null;
  }

  private connect = () => {
    clearTimeout(this.retryTimer);
    this.source?.close();
    const next = new EventSource(apiUrl(apiClient.events.$path()));
    this.source = next;
    next.onopen = () => {
      this.retryMs = FIRST_RETRY_MS;
      if (this.hadError) {
        this.hadError = false;
        this.resyncAll();
      }
    };
    next.onerror = () => {
      this.hadError = true;
      if (next.readyState !== EventSource.CLOSED || this.source !== next || this.state !== 'live') return;
      this.retryTimer = setTimeout(this.connect, this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
    };
    // Plain `data:` messages arrive as 'message'; named ones (`event: order.created`) under their own type.
    next.onmessage = this.onMessage;
    for (const type of Object.keys(EVENT_TYPES)) next.addEventListener(type, this.onMessage);
    next.addEventListener('replaced', () => {
      // Not reconnecting by itself, so two tabs past the cap do not take turns ending each other's stream.
      this.state = 'replaced';
      this.hadError = true;
      next.close();
    });
    next.addEventListener('signed-out', () => {
      // The session is gone; the session check signs the tab out (and its pages, this stream). A password change
      // ends this session too but gives the tab a new one: then the reconnect below simply works.
      this.hadError = true;
      next.close();
      for (const listener of [...this.sessionEndedListeners]) listener();
      this.retryTimer = setTimeout(this.connect, this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
    });
  };

  private onMessage = (message: MessageEvent) => {
    const event = parseRealtimeEvent(message.data);
    if (event) for (const follower of [...this.followers]) follower.onEvent(event);
  };

  private resyncAll() {
    for (const follower of [...this.followers]) follower.resync();
  }

  private onVisibilityChange = () => {
    if (document.visibilityState !== 'visible') return;
    this.resyncAll();
    if (this.state === 'replaced') this.state = 'live';
    if (this.state === 'live' && (!this.source || this.source.readyState === EventSource.CLOSED)) {
      this.retryMs = FIRST_RETRY_MS;
      this.connect();
    }
  };
}

const LiveStreamContext = createContext<LiveStream | null>(null);

/** The tab's shared stream, for everything below it (the app puts it around the router). */
export function LiveStreamProvider({ children }: { children: ReactNode }) {
  const [stream] = useState(() => new LiveStream());
  return createElement(LiveStreamContext.Provider, { value: stream }, children);
}

/** Calls `onEnded` when the server ends the tab's stream because its session is gone (under LiveStreamProvider). */
export function useLiveSessionEnded(onEnded: () => void) {
  const stream = useContext(LiveStreamContext);
  const onEndedRef = useRef(onEnded);
  useEffect(() => {
    onEndedRef.current = onEnded;
  });
  useEffect(() => stream?.onSessionEnded(() => onEndedRef.current()), [stream]);
}

/**
 * Follows the owner's live changes for a page or a banner, over the tab's one shared stream (under
 * LiveStreamProvider), or over a stream of its own that closes with it.
 */
export function useRealtimeEvents(handlers: RealtimeHandlers) {
  const shared = useContext(LiveStreamContext);
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });

  useEffect(() => {
    let refreshTimer: ReturnType<typeof setTimeout> | undefined;
    const scheduleRefresh = () => {
      clearTimeout(refreshTimer);
      refreshTimer = setTimeout(() => handlersRef.current.refresh(), REFRESH_DEBOUNCE_MS);
    };
    const unfollow = (shared ?? new LiveStream(0)).follow({
      onEvent: (event) => {
        if (handlersRef.current.onEvent(event) === true) scheduleRefresh();
      },
      resync: scheduleRefresh,
    });
    return () => {
      clearTimeout(refreshTimer);
      unfollow();
    };
  }, [shared]);
}
