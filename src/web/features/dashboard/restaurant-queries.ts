import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BotPreferencesResponse, PhoneSystemResponse } from '@shared/contracts/restaurant';
import { api } from '@web/lib/api';

// The same keys and endpoints the settings screens and the app shell use, so all of them share one cache entry.
export const botQueryKey = ['restaurant', 'bot'] as const;
export const phoneSystemQueryKey = ['phone-system'] as const;

export function useBusyMode() {
  return useQuery({
    queryKey: botQueryKey,
    queryFn: () => api.get<BotPreferencesResponse>('/api/restaurant/bot'),
    select: (bot) => bot.isBusyMode,
  });
}

export function setCachedBusyMode(queryClient: QueryClient, isBusyMode: boolean) {
  queryClient.setQueryData<BotPreferencesResponse>(botQueryKey, (bot) => (bot ? { ...bot, isBusyMode } : bot));
}

export function useSetBusyMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isBusyMode: boolean) => api.put<{ isBusyMode: boolean }>('/api/restaurant/busy-mode', { isBusyMode }),
    onMutate: async (isBusyMode) => {
      await queryClient.cancelQueries({ queryKey: botQueryKey });
      const previous = queryClient.getQueryData<BotPreferencesResponse>(botQueryKey)?.isBusyMode;
      setCachedBusyMode(queryClient, isBusyMode);
      return { previous };
    },
    onSuccess: (data) => setCachedBusyMode(queryClient, data.isBusyMode),
    onError: (_error, _input, context) => {
      if (context?.previous !== undefined) setCachedBusyMode(queryClient, context.previous);
    },
  });
}

export function usePhoneSystem() {
  return useQuery({
    queryKey: phoneSystemQueryKey,
    queryFn: () => api.get<PhoneSystemResponse>('/api/phone-system'),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 2000 : false),
  });
}
