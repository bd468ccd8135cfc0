import { describe, expect, it } from 'vitest';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import type { CallDetail, CallSummary, ListCallsResponse } from '@shared/contracts/calls';
import { applyCallToList, callKeys } from './call-queries';

function call(id: string, startedAt: string, overrides: Partial<CallSummary> = {}): CallSummary {
  return {
    id,
    kind: 'phone',
    callerNumber: '+15551230001',
    status: 'ended',
    startedAt,
    endedAt: null,
    durationSeconds: 60,
    endedReason: null,
    outcome: 'no_order',
    summary: null,
    recordingUrl: null,
    orderId: null,
    orderLabel: null,
    ...overrides,
  };
}

function cacheWith(pages: ListCallsResponse[]) {
  const queryClient = new QueryClient();
  queryClient.setQueryData<InfiniteData<ListCallsResponse, string | null>>(callKeys.list, {
    pages,
    pageParams: pages.map((_, i) => (i === 0 ? null : `cursor-${i}`)),
  });
  const ids = () =>
    queryClient
      .getQueryData<InfiniteData<ListCallsResponse, string | null>>(callKeys.list)!
      .pages.map((page) => page.calls.map((c) => c.id));
  return { queryClient, ids };
}

const b = call('b', '2026-05-01T12:00:00.000Z');
const c = call('c', '2026-05-01T11:00:00.000Z');
const d = call('d', '2026-05-01T10:00:00.000Z');

describe('applyCallToList', () => {
  it('puts a new call at the top, and a late-arriving older one in its place', () => {
    const { queryClient, ids } = cacheWith([
      { calls: [b, c], nextCursor: 'x' },
      { calls: [d], nextCursor: null },
    ]);

    applyCallToList(queryClient, call('a', '2026-05-01T12:30:00.000Z', { status: 'ringing', outcome: null }));
    expect(ids()).toEqual([['a', 'b', 'c'], ['d']]);

    applyCallToList(queryClient, call('bc', '2026-05-01T11:30:00.000Z'));
    expect(ids()).toEqual([['a', 'b', 'bc', 'c'], ['d']]);

    // Older than everything on the first page while more pages exist: it comes with its own page.
    applyCallToList(queryClient, call('old', '2026-04-01T00:00:00.000Z'));
    expect(ids()).toEqual([['a', 'b', 'bc', 'c'], ['d']]);
  });

  it('updates a call where it is, on whichever page, but never moves an ended call back to in progress', () => {
    const { queryClient, ids } = cacheWith([
      { calls: [b, c], nextCursor: 'x' },
      { calls: [d], nextCursor: null },
    ]);
    const live = call('d', d.startedAt, { status: 'in-progress', outcome: null, summary: null });
    const ended = call('d', d.startedAt, { status: 'ended', outcome: 'ordered', summary: 'Two pizzas.' });

    applyCallToList(queryClient, ended);
    applyCallToList(queryClient, live);

    expect(ids()).toEqual([['b', 'c'], ['d']]);
    const pages = queryClient.getQueryData<InfiniteData<ListCallsResponse, string | null>>(callKeys.list)!.pages;
    expect(pages[1]!.calls[0]).toEqual(ended);
  });

  it('a call read on its own takes the change but keeps its transcript, and is marked to be read again', () => {
    const { queryClient } = cacheWith([{ calls: [b], nextCursor: null }]);
    const live = call('d', d.startedAt, { status: 'in-progress', outcome: null });
    queryClient.setQueryData<CallDetail>(callKeys.detail('d'), { ...live, transcript: 'Assistant: Hello!' });
    const ended = call('d', d.startedAt, { status: 'ended', outcome: 'ordered' });

    applyCallToList(queryClient, ended);
    expect(queryClient.getQueryData(callKeys.detail('d'))).toEqual({ ...ended, transcript: 'Assistant: Hello!' });
    expect(queryClient.getQueryState(callKeys.detail('d'))!.isInvalidated).toBe(true);

    // A late event of an earlier status changes nothing.
    queryClient.setQueryData<CallDetail>(callKeys.detail('d'), { ...ended, transcript: 'Assistant: Hello!' });
    applyCallToList(queryClient, live);
    expect(queryClient.getQueryData(callKeys.detail('d'))).toEqual({ ...ended, transcript: 'Assistant: Hello!' });
    expect(queryClient.getQueryState(callKeys.detail('d'))!.isInvalidated).toBe(false);
    // A call never read on its own is not read because of an event.
    applyCallToList(queryClient, call('e', d.startedAt));
    expect(queryClient.getQueryData(callKeys.detail('e'))).toBeUndefined();
  });

  it('an empty log gets its first call', () => {
    const { queryClient, ids } = cacheWith([{ calls: [], nextCursor: null }]);
    applyCallToList(queryClient, b);
    expect(ids()).toEqual([['b']]);
  });
});
