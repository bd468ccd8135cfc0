import { useCallback, useSyncExternalStore } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BusyModeInput } from '@shared/contracts/restaurant';
import { busyMinutesLeft, busyUntilFrom } from '@shared/domain/busy-mode';
import { apiClient, call } from '../api-client';

const MINUTE_MS = 60_000;

/**
 * The restaurant's bot preferences (language, greeting, busy message, automatic texts) and its busy mode, which the
 * dashboard and the setup screens share: one key, so both read and write the same cache entry.
 */
export const botPreferencesQuery = queryOptions({
  queryKey: ['restaurant', 'bot'] as const,
  queryFn: () => call(apiClient.restaurant.bot.$get()),
});

export const useBotPreferences = () => useQuery(botPreferencesQuery);

/**
 * Busy mode as it is right now: on, and its end time (if it has one) not yet reached. It flips to off by itself at
 * that moment, without waiting for the server to say so; `minutesLeft` counts down a minute at a time.
 * `data` is undefined until the setting has loaded.
 */
export function useBusyMode() {
  const query = useQuery(botPreferencesQuery);
  const bot = query.data;
  const endsAt = bot?.isBusyMode ? (bot.busyUntil ?? null) : null;
  const minutesLeft = useMinutesLeft(endsAt);
  const isBusy = bot ? bot.isBusyMode && (endsAt === null || (minutesLeft ?? 0) > 0) : undefined;
  return {
    data: isBusy,
    /** When it ends by itself (ISO 8601); null while it is on until switched off, and while it is off. */
    busyUntil: isBusy ? endsAt : null,
    minutesLeft: isBusy && endsAt ? minutesLeft : null,
    /** What callers hear while it is on: the owner's own busy message. */
    busyMessage: bot?.busyMessage ?? null,
    isPending: query.isPending,
    isError: query.isError,
  };
}

/** Whole minutes left until `endsAt` (rounded up), re-read each time that number changes; null without an end. */
export function useMinutesLeft(endsAt: string | null): number | null {
  const subscribe = useCallback(
    (notify: () => void) => {
      if (!endsAt) return () => {};
      let timer: ReturnType<typeof setTimeout> | undefined;
      const schedule = () => {
        const left = Date.parse(endsAt) - Date.now();
        if (left <= 0) return;
        // The count changes each time a whole minute before the end passes, and at the end itself.
        timer = setTimeout(
          () => {
            notify();
            schedule();
          },
          left % MINUTE_MS || MINUTE_MS,
        );
      };
      schedule();
      return () => clearTimeout(timer);
    },
    [endsAt],
  );
  const read = () => (endsAt ? busyMinutesLeft(endsAt) : null);
  return useSyncExternalStore(subscribe, read, read);
}

/** Sets the cached busy mode (an answer, a live event or an optimistic toggle); no-op before the first load. */
export function setCachedBusyMode(queryClient: QueryClient, isBusyMode: boolean, busyUntil: string | null = null) {
  queryClient.setQueryData(botPreferencesQuery.queryKey, (bot) =>
    bot ? { ...bot, isBusyMode, busyUntil: isBusyMode ? busyUntil : null } : bot,
  );
}

/**
 * Busy mode on (for 15, 30 or 60 minutes, or until switched off) or off, shown at once and rolled back if the
 * server refuses. The end time shown is the server's once it answers.
 */
export function useSetBusyMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BusyModeInput) => call(apiClient.restaurant['busy-mode'].$put({ json: input })),
    onMutate: async ({ isBusyMode, durationMinutes }) => {
      await queryClient.cancelQueries({ queryKey: botPreferencesQuery.queryKey });
      const previous = queryClient.getQueryData(botPreferencesQuery.queryKey);
      const estimate = isBusyMode && durationMinutes ? busyUntilFrom(durationMinutes).toISOString() : null;
      setCachedBusyMode(queryClient, isBusyMode, estimate);
      return { previous };
    },
    onSuccess: (data) => setCachedBusyMode(queryClient, data.isBusyMode, data.busyUntil ?? null),
    onError: (_error, _input, context) => {
      if (context?.previous) setCachedBusyMode(queryClient, context.previous.isBusyMode, context.previous.busyUntil);
    },
  });
}
