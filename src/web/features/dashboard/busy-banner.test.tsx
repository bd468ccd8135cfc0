// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import type { BotPreferencesResponse } from '@shared/contracts/restaurant';
import { formatClockTime } from '@web/lib/relative-time';
import { fakeApi, renderAt, reply, type FakeRoutes } from '../../../../tests/render-web';
import { BusyBanner } from './busy-banner';
import { BUSY_MODE_MESSAGES } from './busy-mode-toggle';

const MINUTE = 60_000;
const NOW = new Date('2026-11-23T18:30:00Z');
const inMinutes = (minutes: number) => new Date(NOW.getTime() + minutes * MINUTE).toISOString();

const bot = (busy: Pick<BotPreferencesResponse, 'isBusyMode' | 'busyUntil'>): BotPreferencesResponse => ({
  language: 'en',
  greetingMessage: 'Welcome to Casa Lupe!',
  busyMessage: 'We are slammed, call back in twenty minutes.',
  autoSmsEnabled: true,
  allowCustomOrders: true,
  isSaved: true,
  ...busy,
});

/** The browser's EventSource, as much of it as the banner uses: the test delivers the server's events. */
class FakeEventSource extends EventTarget {
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = 1;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  constructor(readonly url: string) {
    super();
    FakeEventSource.instances.push(this);
  }
  send(event: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(event) }));
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

const page = (path: string) => ({
  path,
  element: (
    <>
      <BusyBanner />
      <Toaster />
    </>
  ),
});

function renderBanner(routes: FakeRoutes, path = '/dashboard') {
  const api = fakeApi(routes);
  const view = renderAt(path, [page('/dashboard'), page('/settings')]);
  return { ...view, api };
}

const banner = () => screen.queryByRole('region', { name: 'Busy mode status' });
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('busy mode banner', () => {
  beforeEach(() => {
    // The clock is the test's; it also moves with real time, so the screen's own waiting still works.
    vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    // The toaster asks whether the user prefers reduced motion; jsdom has no media queries.
    vi.stubGlobal('matchMedia', (media: string) => ({
      media,
      matches: false,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
  });
  afterEach(() => {
    toast.remove();
    vi.useRealTimers();
  });

  it('counts the time left down to the minute and goes away by itself when it is up', async () => {
    const { api } = renderBanner({
      'GET /api/restaurant/bot': reply(200, bot({ isBusyMode: true, busyUntil: inMinutes(15) })),
    });
    const region = await screen.findByRole('region', { name: 'Busy mode status' });
    expect(region).toHaveTextContent(`Busy mode is on · 15 minutes left, until ${formatClockTime(inMinutes(15))}`);

    await advance(MINUTE);
    expect(region).toHaveTextContent('14 minutes left');
    await advance(13 * MINUTE);
    expect(region).toHaveTextContent('1 minute left');
    await advance(MINUTE);
    expect(banner()).toBeNull();
    expect(api.writes()).toEqual([]);
  });

  it('without an end time says it stays on until turned off', async () => {
    renderBanner({ 'GET /api/restaurant/bot': reply(200, bot({ isBusyMode: true, busyUntil: null })) });
    const region = await screen.findByRole('region', { name: 'Busy mode status' });
    expect(region).toHaveTextContent('Busy mode is on until you turn it off');
    await advance(24 * 60 * MINUTE);
    expect(banner()).toBeInTheDocument();
  });

  it('shows nothing while busy mode is off', async () => {
    const { api } = renderBanner({
      'GET /api/restaurant/bot': reply(200, bot({ isBusyMode: false, busyUntil: null })),
    });
    await waitFor(() => expect(api.requests).toHaveLength(1));
    await advance(1);
    expect(banner()).toBeNull();
  });

  it('"Turn off" switches it off with the usual toast, or brings it back and says so when that fails', async () => {
    let answer = reply(500, { error: 'Database unavailable' });
    const { user, api } = renderBanner({
      'GET /api/restaurant/bot': reply(200, bot({ isBusyMode: true, busyUntil: inMinutes(30) })),
      'PUT /api/restaurant/busy-mode': () => answer,
    });
    await screen.findByRole('region', { name: 'Busy mode status' });

    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText(BUSY_MODE_MESSAGES.failed)).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Busy mode status' })).toHaveTextContent('30 minutes left');

    answer = reply(200, { isBusyMode: false });
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText(BUSY_MODE_MESSAGES.disabled)).toBeInTheDocument();
    expect(banner()).toBeNull();
    expect(api.bodiesOf('PUT /api/restaurant/busy-mode')).toEqual([{ isBusyMode: false }, { isBusyMode: false }]);
  });

  it('away from the dashboard it follows the owner’s other tabs: a new end time, then switched off', async () => {
    renderBanner({ 'GET /api/restaurant/bot': reply(200, bot({ isBusyMode: true, busyUntil: null })) }, '/settings');
    await screen.findByRole('region', { name: 'Busy mode status' });
    expect(FakeEventSource.instances).toHaveLength(1);
    const stream = FakeEventSource.instances[0]!;

    act(() => stream.send({ type: 'restaurant.updated', isBusyMode: true, busyUntil: inMinutes(60) }));
    await waitFor(() => expect(banner()).toHaveTextContent('60 minutes left'));
    act(() => stream.send({ type: 'restaurant.updated', isBusyMode: false }));
    await waitFor(() => expect(banner()).toBeNull());
    // Once off there is nothing left to follow.
    expect(stream.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('on the dashboard it leaves following live events to the board', async () => {
    renderBanner({ 'GET /api/restaurant/bot': reply(200, bot({ isBusyMode: true, busyUntil: inMinutes(15) })) });
    await screen.findByRole('region', { name: 'Busy mode status' });
    expect(FakeEventSource.instances).toHaveLength(0);
  });
});
