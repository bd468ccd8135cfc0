// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { CallDetail, CallSummary } from '@shared/contracts/calls';
import { fakeApi, renderAt, reply, signedInOwner, type FakeRoutes } from '../../../../tests/render-web';
import { isOtherZone } from '@web/lib/relative-time';
import { CallsPage } from './calls-page';

/** Stands in for the browser's EventSource: the test sends the stream's messages itself. */
class FakeEventSource extends EventTarget {
  static readonly CLOSED = 2;
  static latest: FakeEventSource | null = null;
  readyState = 1;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  constructor(readonly url: string) {
    super();
    FakeEventSource.latest = this;
  }
  send(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

function useViewport(width: 'phone' | 'desktop') {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: width === 'desktop' && query.includes('min-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

const ORDER_ID = '7a4b1c52-9d3e-4f6a-8b2c-1d0e9f8a7b6c';
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function call(id: string, overrides: Partial<CallSummary> = {}): CallSummary {
  return {
    id,
    kind: 'phone',
    callerNumber: '+15551230001',
    status: 'ended',
    startedAt: minutesAgo(5),
    endedAt: minutesAgo(2),
    durationSeconds: 186,
    endedReason: 'customer-ended-call',
    outcome: 'ordered',
    summary: 'Two margheritas for pickup.',
    recordingUrl: 'https://recordings.example.com/call.wav',
    orderId: ORDER_ID,
    orderLabel: '#12 · 2× Margherita',
    ...overrides,
  };
}

const ordered = call('11111111-1111-4111-8111-111111111111');
const anonymous = call('22222222-2222-4222-8222-222222222222', {
  callerNumber: null,
  startedAt: minutesAgo(60),
  endedAt: minutesAgo(59),
  durationSeconds: 42,
  outcome: 'closed',
  summary: 'Called after hours.',
  recordingUrl: null,
  orderId: null,
  orderLabel: null,
});

/** What each call said, as only the call's own answer (GET /api/calls/:id) carries it. */
const transcripts = new Map<string, string | null>([
  [ordered.id, 'AI: Hello!\nUser: Two margheritas, please.'],
  [anonymous.id, null],
]);
const detailOf = (summary: CallSummary): CallDetail => ({
  ...summary,
  transcript: transcripts.get(summary.id) ?? null,
});

function callsApi(routes: FakeRoutes = {}, calls: CallSummary[] = [ordered, anonymous]) {
  return fakeApi({
    'GET /api/me': reply(200, signedInOwner({ hasCompletedOnboarding: true })),
    'GET /api/calls': reply(200, { calls, nextCursor: null }),
    'GET /api/calls/:id': (request) => {
      const found = calls.find((c) => request.path.endsWith(c.id));
      return found ? reply(200, { call: detailOf(found) }) : reply(404, { error: 'Call not found' });
    },
    ...routes,
  });
}

const openAt = (path = '/calls') => renderAt(path, [{ path: '/calls', element: <CallsPage /> }]);

describe('call log', () => {
  beforeEach(() => {
    // jsdom lays nothing out, so it has no scrolling.
    Element.prototype.scrollIntoView = () => {};
    vi.stubGlobal('EventSource', FakeEventSource);
    useViewport('desktop');
  });

  it('says so when there are no calls yet', async () => {
    callsApi({ 'GET /api/calls': reply(200, { calls: [], nextCursor: null }) });
    openAt();
    expect(
      await screen.findByText('No calls yet. When customers call your PickupLine number, their calls appear here.'),
    ).toBeVisible();
  });

  it('shows a failed load with Retry, which loads the calls', async () => {
    let fail = true;
    callsApi({
      'GET /api/calls': () =>
        fail ? reply(500, { error: 'Boom' }) : reply(200, { calls: [ordered], nextCursor: null }),
    });
    const { user } = openAt();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load calls.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Calls, newest first' })).toBeVisible();
  });

  it('lists each call with its caller, duration and outcome; Details opens the transcript, recording and order', async () => {
    const api = callsApi();
    const { user } = openAt();
    const table = await screen.findByRole('table', { name: 'Calls, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('+1 (555) 123-0001');
    expect(rows[0]).toHaveTextContent('3:06');
    expect(rows[0]).toHaveTextContent('Ordered');
    expect(rows[0]).toHaveTextContent('5 minutes ago');
    expect(rows[1]).toHaveTextContent('Unknown caller');
    expect(rows[1]).toHaveTextContent('0:42');
    expect(rows[1]).toHaveTextContent('Closed');
    expect(within(rows[0]!).getByText('5 minutes ago').closest('time')).toHaveAttribute('title');

    const details = within(rows[0]!).getByRole('button', { name: /^Details of the call from \+1 \(555\) 123-0001/ });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    // The list carries no transcripts; a call's own is read when its details open.
    expect(api.requests.filter((r) => r.path.startsWith('/api/calls/'))).toEqual([]);
    await user.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(details.getAttribute('aria-controls')!)!;
    const transcript = await within(panel).findByRole('region', { name: 'Transcript' });
    expect(transcript.textContent).toBe('AI: Hello!\nUser: Two margheritas, please.');
    expect(api.requests.filter((r) => r.path.startsWith('/api/calls/')).map((r) => r.path)).toEqual([
      `/api/calls/${ordered.id}`,
    ]);
    const recording = within(panel).getByRole('link', { name: /Listen to the recording/ });
    expect(recording).toHaveAttribute('href', 'https://recordings.example.com/call.wav');
    expect(recording).toHaveAttribute('target', '_blank');
    expect(recording).toHaveAttribute('rel', 'noreferrer');
    // The order's number for the day, as on its card and in the customer's texts.
    expect(within(panel).getByText('#12 · 2× Margherita')).toBeVisible();
    expect(within(panel).getByRole('link', { name: 'View order' })).toHaveAttribute(
      'href',
      `/dashboard?order=${ORDER_ID}`,
    );

    await user.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'Transcript' })).toBeNull();
  });

  it('gives each call’s time on the restaurant’s clock, and says whose clock when the browser’s reads otherwise', async () => {
    const startedAt = '2026-11-27T01:30:00.000Z';
    callsApi(
      { 'GET /api/me': reply(200, signedInOwner({ hasCompletedOnboarding: true, timeZone: 'America/Los_Angeles' })) },
      [call('33333333-3333-4333-8333-333333333333', { startedAt })],
    );
    openAt();
    const table = await screen.findByRole('table', { name: 'Calls, newest first' });
    const isOther = isOtherZone('America/Los_Angeles', startedAt);
    const exact = `Nov 26, 2026, 5:30 PM${isOther ? ' PST' : ''}`;
    await waitFor(() => expect(table.querySelector('time')).toHaveAttribute('title', exact));
    expect(
      within(table).getByRole('button', { name: `Details of the call from +1 (555) 123-0001, ${exact}` }),
    ).toBeVisible();
    if (isOther) {
      expect(screen.getByText(/^Times are in the restaurant’s time zone/)).toHaveTextContent(
        'Times are in the restaurant’s time zone: Los Angeles (PST).',
      );
    } else {
      expect(screen.queryByText(/^Times are in the restaurant’s time zone/)).toBeNull();
    }
  });

  it('on a phone, each call is a card with the same details', async () => {
    useViewport('phone');
    callsApi();
    const { user } = openAt();
    const list = await screen.findByRole('list', { name: 'Calls' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[1]).toHaveTextContent('Unknown caller');
    await user.click(within(cards[1]!).getByRole('button', { name: /^Details/ }));
    expect(await within(cards[1]!).findByText('No transcript for this call.')).toBeVisible();
    expect(cards[1]).toHaveTextContent('No order from this call.');
  });

  it('a call that starts while the page is open appears at the top, and its updates apply in place', async () => {
    callsApi();
    openAt();
    await screen.findByRole('table', { name: 'Calls, newest first' });
    const live = call('33333333-3333-4333-8333-333333333333', {
      callerNumber: '+15559990000',
      status: 'in-progress',
      startedAt: new Date().toISOString(),
      endedAt: null,
      durationSeconds: null,
      outcome: null,
      summary: null,
    });

    act(() => FakeEventSource.latest!.send({ type: 'call.updated', call: live }));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(4));
    let rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('+1 (555) 999-0000');
    expect(rows[0]).toHaveTextContent('In progress');
    expect(screen.getByText('New call from +1 (555) 999-0000')).toBeInTheDocument();

    act(() =>
      FakeEventSource.latest!.send({
        type: 'call.updated',
        call: { ...live, status: 'ended', outcome: 'no_order', durationSeconds: 75, summary: 'Asked for directions.' },
      }),
    );
    await waitFor(() => expect(screen.getAllByRole('row')[1]).toHaveTextContent('No order'));
    rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('1:15');
    expect(rows[0]).toHaveTextContent('Asked for directions.');
  });

  it('a link to a call opens it; one beyond the loaded pages is fetched on its own', async () => {
    const older: CallDetail = {
      ...call('44444444-4444-4444-8444-444444444444', { summary: 'An old call.' }),
      transcript: 'AI: Hello again!',
    };
    callsApi({ 'GET /api/calls/:id': reply(200, { call: older }) });
    openAt(`/calls?call=${older.id}`);

    const section = await screen.findByRole('region', { name: 'The call you opened' });
    expect(section).toHaveTextContent('An old call.');
    expect(within(section).getByRole('button', { name: /^Details/ })).toHaveAttribute('aria-expanded', 'true');
    expect(within(section).getByRole('region', { name: 'Transcript' })).toHaveTextContent('AI: Hello again!');
    await waitFor(() => expect(document.activeElement?.id).toBe(`call-${older.id}`));
  });

  it('an open call reads its transcript again when the call changes, and a failed read can be retried', async () => {
    const live = call('55555555-5555-4555-8555-555555555555', {
      kind: 'test',
      status: 'in-progress',
      endedAt: null,
      durationSeconds: null,
      outcome: null,
      summary: null,
    });
    let transcript = 'Assistant: Welcome to Luigi!';
    let isDown = false;
    callsApi(
      {
        'GET /api/calls/:id': () =>
          isDown ? reply(500, { error: 'Boom' }) : reply(200, { call: { ...live, transcript } }),
      },
      [live],
    );
    const { user } = openAt();
    await user.click(await screen.findByRole('button', { name: /^Details/ }));
    const region = () => screen.getByRole('region', { name: 'Transcript' });
    await waitFor(() => expect(region()).toHaveTextContent('Assistant: Welcome to Luigi!'));

    // A turn of the test call: the event carries the call without its transcript.
    transcript += '\nCaller: Two margheritas, please.';
    const ended = { ...live, status: 'ended', outcome: 'ordered', durationSeconds: 75 } satisfies CallSummary;
    act(() => FakeEventSource.latest!.send({ type: 'call.updated', call: ended }));
    await waitFor(() => expect(region()).toHaveTextContent('Caller: Two margheritas, please.'));
    expect(screen.getAllByRole('row')[1]).toHaveTextContent('Ordered');

    isDown = true;
    act(() =>
      FakeEventSource.latest!.send({ type: 'call.updated', call: { ...ended, endedReason: 'test-call-ended' } }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load the transcript.');
    isDown = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(region()).toHaveTextContent('Caller: Two margheritas, please.'));
  });

  it('a link to a loaded call opens that row', async () => {
    callsApi();
    openAt(`/calls?call=${anonymous.id}`);
    const row = await waitFor(() => {
      const element = document.getElementById(`call-${anonymous.id}`);
      if (!element) throw new Error('the linked call is not on screen yet');
      return element;
    });
    expect(within(row).getByRole('button', { name: /^Details/ })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByRole('region', { name: 'The call you opened' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(row));
  });
});
