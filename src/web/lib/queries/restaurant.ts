import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiClient, call } from '../api-client';

/**
 * The restaurant's bot preferences (language, greeting, busy message, automatic texts) and its busy mode, which the
 * dashboard and the setup screens share: one key, so both read and write the same cache entry.
 */
export const botPreferencesQuery = queryOptions({
  queryKey: ['restaurant', 'bot'] as const,
  queryFn: () => call(apiClient.restaurant.bot.$get()),
});

export const useBotPreferences = () => useQuery(botPreferencesQuery);

export const useBusyMode = () => useQuery({ ...botPreferencesQuery, select: (bot) => bot.isBusyMode });

/** Sets the cached busy mode (an answer, a live event or an optimistic toggle); no-op before the first load. */
export function setCachedBusyMode(queryClient: QueryClient, isBusyMode: boolean) {
  queryClient.setQueryData(botPreferencesQuery.queryKey, (bot) => (bot ? { ...bot, isBusyMode } : bot));
}

/** Busy mode on/off, shown at once and rolled back if the server refuses. */
export function useSetBusyMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isBusyMode: boolean) => call(apiClient.restaurant['busy-mode'].$put({ json: { isBusyMode } })),
    onMutate: async (isBusyMode) => {
      await queryClient.cancelQueries({ queryKey: botPreferencesQuery.queryKey });
      const previous = queryClient.getQueryData(botPreferencesQuery.queryKey)?.isBusyMode;
      setCachedBusyMode(queryClient, isBusyMode);
      return { previous };
    },
    onSuccess: (data) => setCachedBusyMode(queryClient, data.isBusyMode),
    onError: (_error, _input, context) => {
      if (context?.previous !== undefined) setCachedBusyMode(queryClient, context.previous);
    },
  });
}
