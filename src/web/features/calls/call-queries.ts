import { useInfiniteQuery, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { CallDetail, CallSummary, ListCallsResponse } from '@shared/contracts/calls';
import { isLaterCallStatus } from '@shared/domain/calls';
import { apiClient, call } from '@web/lib/api-client';
import { useRealtimeEvents } from '@web/lib/realtime';

type CallPages = InfiniteData<ListCallsResponse, string | null>;

export const callKeys = {
  all: ['calls'] as const,
  list: ['calls', 'list'] as const,
  detail: (id: string) => ['calls', 'detail', id] as const,
};

/** The call log, newest first, a page at a time. */
export function useCallList() {
  return useInfiniteQuery({
    queryKey: callKeys.list,
    queryFn: ({ pageParam }) => call(apiClient.calls.$get({ query: { cursor: pageParam ?? undefined } })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/**
 * One call by id, with its transcript (the list carries none): for a call whose details are open, and for a link to a
 * call that is not on the loaded pages.
 */
export function useCall(id: string | null) {
  return useQuery<CallDetail>({
    queryKey: callKeys.detail(id ?? ''),
    queryFn: async () => (await call(apiClient.calls[':id'].$get({ param: { id: id! } }))).call,
    enabled: id !== null,
    retry: false,
  });
}

/** Newest first, as the server sorts: start time, then id. */
const isNewer = (a: CallSummary, b: CallSummary) =>
  a.startedAt === b.startedAt ? a.id > b.id : Date.parse(a.startedAt) > Date.parse(b.startedAt);

/** A call event may arrive after a later one for the same call; an ended call never goes back to ringing. */
const keepsCurrent = (current: CallSummary, next: CallSummary) => isLaterCallStatus(next.status, current.status);

/**
 * Applies a live call change: an existing call is updated where it is, a new one is slotted into the first page in
 * start-time order (it is almost always the newest, so the top). A call read on its own takes the change too, and,
 * since the event carries no transcript, its transcript is read again if it is on screen.
 */
export function applyCallToList(queryClient: QueryClient, next: CallSummary) {
  const detailKey = callKeys.detail(next.id);
  const detail = queryClient.getQueryData<CallDetail>(detailKey);
  if (detail && !keepsCurrent(detail, next)) {
    queryClient.setQueryData<CallDetail>(detailKey, { ...detail, ...next });
    void queryClient.invalidateQueries({ queryKey: detailKey, exact: true });
  }
  queryClient.setQueryData<CallPages>(callKeys.list, (data) => {
    if (!data) return data;
    let found = false;
    const pages = data.pages.map((page) => {
      const index = page.calls.findIndex((c) => c.id === next.id);
      if (index === -1) return page;
      found = true;
      if (keepsCurrent(page.calls[index]!, next)) return page;
      return { ...page, calls: page.calls.map((c, i) => (i === index ? next : c)) };
    });
    const first = pages[0];
    if (!found && first) {
      const at = first.calls.findIndex((c) => isNewer(next, c));
      // Older than the whole first page: it belongs to a later page and arrives with it.
      if (at !== -1 || !first.nextCursor) {
        const calls = [...first.calls];
        calls.splice(at === -1 ? calls.length : at, 0, next);
        pages[0] = { ...first, calls };
      }
    }
    return { ...data, pages };
  });
}

export const refreshCalls = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: callKeys.all }, { cancelRefetch: false });

/**
 * Keeps the call log live on the same event stream as the dashboard: each `call.updated` is applied at once (the
 * event carries the whole call); after a gap in the stream or a resync the log is re-read.
 */
export function useRealtimeCalls({ onCallStarted }: { onCallStarted?: (call: CallSummary) => void } = {}) {
  const queryClient = useQueryClient();
  useRealtimeEvents({
    onEvent: (event) => {
      if (event.type === 'resync') return true;
      if (event.type !== 'call.updated') return false;
      const isNew = !queryClient
        .getQueryData<CallPages>(callKeys.list)
        ?.pages.some((page) => page.calls.some((c) => c.id === event.call.id));
      applyCallToList(queryClient, event.call);
      if (isNew) onCallStarted?.(event.call);
      return false;
    },
    refresh: () => void refreshCalls(queryClient),
  });
}
