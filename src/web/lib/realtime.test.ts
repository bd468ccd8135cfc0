// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createElement } from 'react';
import { act, cleanup, render, renderHook } from '@testing-library/react';
import type { RealtimeEvent } from '@shared/contracts/orders';
import {
  LINGER_MS,
  REFRESH_DEBOUNCE_MS,
  LiveStreamProvider,
  useLiveSessionEnded,
  useRealtimeEvents,
  type RealtimeHandlers,
} from './realtime';

/** The browser's EventSource, driven by the test: it opens, errors, closes and receives messages on demand. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  readyState = FakeEventSource.CONNECTING;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;

  constructor(readonly url: string) {
    super();
    FakeEventSource.instances.push(this);
  }

  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.(new Event('open'));
  }

  /** A dropped connection the browser retries by itself (it resends Last-Event-ID). */
  drop() {
    this.readyState = FakeEventSource.CONNECTING;
    this.onerror?.(new Event('error'));
  }

  /** An error answer: the browser gives up on this source. */
  fail() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.(new Event('error'));
  }

  send(data: string, type = 'message') {
    const message = new MessageEvent(type, { data });
    if (type === 'message') this.onmessage?.(message);
    else this.dispatchEvent(message);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

const latest = () => FakeEventSource.instances.at(-1)!;
const orderUpdated = { type: 'order.updated', order: { id: 'order-1' } } as unknown as RealtimeEvent;

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

function follow(onEvent: RealtimeHandlers['onEvent'] = () => false) {
  const handlers = { onEvent: vi.fn(onEvent), refresh: vi.fn() };
  const hook = renderHook(() => useRealtimeEvents(handlers));
  return { ...handlers, ...hook };
}

describe('useRealtimeEvents', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    // The tab's stream is shared by the whole page: once every follower is gone it closes, ready for the next case.
    cleanup();
    vi.advanceTimersByTime(LINGER_MS);
    setVisibility('visible');
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('reads the owner’s stream and hands over each known event, plain or named; anything else is ignored', () => {
    const { onEvent } = follow();
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(latest().url).toBe('/api/events');
    latest().open();

    latest().send(JSON.stringify(orderUpdated));
    latest().send(JSON.stringify({ type: 'call.updated', call: { id: 'call-1' } }), 'call.updated');
    latest().send(JSON.stringify({ type: 'order.deleted' }));
    latest().send('not json');

    expect(onEvent.mock.calls.map(([event]) => event.type)).toEqual(['order.updated', 'call.updated']);
  });

  it('a burst of events that ask for a re-read costs one refresh', () => {
    const { refresh } = follow((event) => event.type === 'order.updated');
    latest().open();

    for (let i = 0; i < 5; i++) latest().send(JSON.stringify(orderUpdated));
    latest().send(JSON.stringify({ type: 'restaurant.updated', isBusyMode: true }));
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(REFRESH_DEBOUNCE_MS);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('re-reads once the stream is back after a drop, not on the first connection', () => {
    const { refresh } = follow();
    latest().open();
    vi.advanceTimersByTime(1000);
    expect(refresh).not.toHaveBeenCalled();

    latest().drop();
    latest().open();
    vi.advanceTimersByTime(REFRESH_DEBOUNCE_MS);
    expect(refresh).toHaveBeenCalledTimes(1);
    // The browser reconnected by itself, with Last-Event-ID: still the same source.
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('when the browser gives up, reconnects with back-off from 1 s, doubling to at most 30 s', () => {
    const { refresh } = follow();
    latest().open();

    const delays: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      const before = FakeEventSource.instances.length;
      latest().fail();
      let waited = 0;
      while (FakeEventSource.instances.length === before) {
        vi.advanceTimersByTime(500);
        waited += 500;
      }
      delays.push(waited);
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);

    // Once connected again the delay starts over, and the page re-reads what it may have missed.
    latest().open();
    vi.advanceTimersByTime(REFRESH_DEBOUNCE_MS);
    expect(refresh).toHaveBeenCalled();
    latest().fail();
    const before = FakeEventSource.instances.length;
    vi.advanceTimersByTime(1000);
    expect(FakeEventSource.instances).toHaveLength(before + 1);
  });

  it('re-reads when the tab becomes visible again, and reconnects at once if the stream had given up', () => {
    const { refresh } = follow();
    latest().open();

    setVisibility('hidden');
    vi.advanceTimersByTime(REFRESH_DEBOUNCE_MS);
    expect(refresh).not.toHaveBeenCalled();

    setVisibility('visible');
    vi.advanceTimersByTime(REFRESH_DEBOUNCE_MS);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(FakeEventSource.instances).toHaveLength(1);

    latest().fail();
    setVisibility('visible');
    expect(FakeEventSource.instances).toHaveLength(2);
  });

  it('uses the latest handlers without reconnecting, and closes the stream once the page is gone', () => {
    const first = vi.fn(() => false);
    const second = vi.fn(() => false);
    const { rerender, unmount } = renderHook(({ onEvent }) => useRealtimeEvents({ onEvent, refresh: () => {} }), {
      initialProps: { onEvent: first },
    });
    rerender({ onEvent: second });
    act(() => latest().send(JSON.stringify(orderUpdated)));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
    expect(FakeEventSource.instances).toHaveLength(1);

    const source = latest();
    unmount();
    vi.advanceTimersByTime(LINGER_MS);
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
    source.fail();
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('under the app’s provider, a page and its banner share the tab’s one stream, kept open between pages', () => {
    const Follow = ({ handlers }: { handlers: RealtimeHandlers }) => {
      useRealtimeEvents(handlers);
      return null;
    };
    const handlers = () => ({ onEvent: vi.fn(() => false), refresh: vi.fn() });
    const tab = (followers: Record<string, RealtimeHandlers>) =>
      createElement(
        LiveStreamProvider,
        null,
        Object.entries(followers).map(([key, h]) => createElement(Follow, { key, handlers: h })),
      );
    const [page, banner, next] = [handlers(), handlers(), handlers()];
    const view = render(tab({ page, banner }));
    expect(FakeEventSource.instances).toHaveLength(1);
    latest().open();
    latest().send(JSON.stringify(orderUpdated));
    expect(page.onEvent).toHaveBeenCalledTimes(1);
    expect(banner.onEvent).toHaveBeenCalledTimes(1);

    // The page goes and, a moment later, the next one comes: still the same stream.
    view.rerender(tab({}));
    vi.advanceTimersByTime(LINGER_MS / 2);
    view.rerender(tab({ next }));
    vi.advanceTimersByTime(LINGER_MS);
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(latest().readyState).toBe(FakeEventSource.OPEN);
    latest().send(JSON.stringify(orderUpdated));
    expect(next.onEvent).toHaveBeenCalledTimes(1);

    // Once nothing follows it any more, it closes.
    view.rerender(tab({}));
    vi.advanceTimersByTime(LINGER_MS);
    expect(latest().readyState).toBe(FakeEventSource.CLOSED);
  });

  it('a stream the server replaced (too many open elsewhere) waits until the tab is looked at again', () => {
    const { refresh } = follow();
    latest().open();
    setVisibility('hidden');
    latest().send('{}', 'replaced');
    expect(latest().readyState).toBe(FakeEventSource.CLOSED);
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.instances).toHaveLength(1);

    setVisibility('visible');
    expect(FakeEventSource.instances).toHaveLength(2);
    latest().open();
    vi.advanceTimersByTime(REFRESH_DEBOUNCE_MS);
    expect(refresh).toHaveBeenCalled();
  });

  it('a stream whose session ended tells the session to check, then reconnects (a new session after a password change)', () => {
    const ended = vi.fn();
    renderHook(
      () => {
        useRealtimeEvents({ onEvent: () => false, refresh: () => {} });
        useLiveSessionEnded(ended);
      },
      { wrapper: LiveStreamProvider },
    );
    latest().open();
    latest().send('{}', 'signed-out');
    expect(ended).toHaveBeenCalledTimes(1);
    expect(latest().readyState).toBe(FakeEventSource.CLOSED);
    expect(FakeEventSource.instances).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect(FakeEventSource.instances).toHaveLength(2);
  });
});
