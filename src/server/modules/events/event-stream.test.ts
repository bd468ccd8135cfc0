import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEventStream, type Sink } from './events.routes';

/** A stream's sink whose reader the test controls: taking frames, or not. */
function fakeSink() {
  const frames: string[] = [];
  const state = { stalled: false, waitingBytes: 0, closed: false, destroyed: false };
  const listeners: (() => void)[] = [];
  const end = () => listeners.splice(0).forEach((l) => l());
  const sink: Sink = {
    write: (frame) => void frames.push(frame),
    close: () => {
      state.closed = true;
      end();
    },
    destroy: () => {
      state.destroyed = true;
      end();
    },
    stalled: () => state.stalled,
    waitingBytes: () => state.waitingBytes,
    onClose: (listener) => void listeners.push(listener),
  };
  return { sink, frames, state };
}

const HEARTBEAT_MS = 1_000;
const event = (id: number) => ({ id, event: { type: 'resync' as const } });

describe('one live stream', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('pings a quiet stream, and drops one whose reader has not taken the previous ping', async () => {
    const { sink, frames, state } = fakeSink();
    const unsubscribe = vi.fn();
    await createEventStream(HEARTBEAT_MS).attach(sink, unsubscribe, () => Promise.resolve([]));
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(frames.filter((f) => f.startsWith(': keep-alive'))).toHaveLength(1);

    state.stalled = true;
    vi.advanceTimersByTime(HEARTBEAT_MS); // pinged again, and found stalled
    expect(state.destroyed).toBe(false);
    vi.advanceTimersByTime(HEARTBEAT_MS); // still stalled a whole interval later: gone
    expect(state.destroyed).toBe(true);
    expect(unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('a reader that catches up between pings keeps its stream', async () => {
    const { sink, state } = fakeSink();
    await createEventStream(HEARTBEAT_MS).attach(
      sink,
      () => {},
      () => Promise.resolve([]),
    );
    for (let i = 0; i < 10; i++) {
      state.stalled = i % 2 === 0;
      vi.advanceTimersByTime(HEARTBEAT_MS);
    }
    expect(state.destroyed).toBe(false);
  });

  it('drops a stream once more than 1 MB waits on its reader', async () => {
    const { sink, state } = fakeSink();
    const stream = createEventStream(HEARTBEAT_MS);
    await stream.attach(
      sink,
      () => {},
      () => Promise.resolve([]),
    );
    state.waitingBytes = 1024 * 1024;
    stream.deliver(event(1));
    expect(state.destroyed).toBe(false);
    state.waitingBytes = 1024 * 1024 + 1;
    stream.deliver(event(2));
    expect(state.destroyed).toBe(true);
  });

  it('ended before it was attached, it says why and closes as soon as it is', async () => {
    const { sink, frames, state } = fakeSink();
    const stream = createEventStream(HEARTBEAT_MS);
    stream.end('replaced');
    await stream.attach(
      sink,
      () => {},
      () => Promise.resolve([]),
    );
    expect(frames.at(-1)).toBe('event: replaced\ndata: {}\n\n');
    expect(state.closed).toBe(true);
  });

  it('a server shutdown closes without a last word, so the dashboard reconnects', async () => {
    const { sink, frames, state } = fakeSink();
    const stream = createEventStream(HEARTBEAT_MS);
    await stream.attach(
      sink,
      () => {},
      () => Promise.resolve([]),
    );
    stream.end('shutdown');
    expect(frames).toEqual(['retry: 3000\nevent: ready\ndata: {}\n\n']);
    expect(state.closed).toBe(true);
  });
});
