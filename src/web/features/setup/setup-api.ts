import { useMutation, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import type {
  BotPreferencesInput,
  BotPreferencesResponse,
  MenuItem,
  MenuItemInput,
  PhoneSystemResponse,
  RestaurantInfo,
  RestaurantResponse,
} from '@shared/contracts/restaurant';
import type { DayHours } from '@shared/domain/hours';
import { api } from '@web/lib/api';
import { meQueryKey } from '@web/lib/session';

export const setupKeys = {
  restaurant: ['restaurant'] as const,
  hours: ['restaurant', 'hours'] as const,
  bot: ['restaurant', 'bot'] as const,
  menu: ['menu-items'] as const,
  phone: ['phone-system'] as const,
};

export const useRestaurant = () =>
  useQuery({ queryKey: setupKeys.restaurant, queryFn: () => api.get<RestaurantResponse>('/api/restaurant') });

export const useBusinessHours = () =>
  useQuery({
    queryKey: setupKeys.hours,
    queryFn: async () => (await api.get<{ hours: DayHours[] }>('/api/restaurant/hours')).hours,
  });

export const useBotPreferences = () =>
  useQuery({ queryKey: setupKeys.bot, queryFn: () => api.get<BotPreferencesResponse>('/api/restaurant/bot') });

export const useMenuItems = () =>
  useQuery({
    queryKey: setupKeys.menu,
    queryFn: async () => (await api.get<{ items: MenuItem[] }>('/api/menu-items')).items,
  });

export const usePhoneSystem = (options: Pick<UseQueryOptions<PhoneSystemResponse>, 'refetchInterval'> = {}) =>
  useQuery({
    queryKey: setupKeys.phone,
    queryFn: () => api.get<PhoneSystemResponse>('/api/phone-system'),
    refetchInterval: options.refetchInterval,
  });

export function useSaveRestaurant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RestaurantInfo) => api.put<RestaurantResponse>('/api/restaurant', input),
    onSuccess: (data) => {
      queryClient.setQueryData(setupKeys.restaurant, data);
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      void queryClient.invalidateQueries({ queryKey: setupKeys.bot });
    },
  });
}

export function useSaveHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (hours: DayHours[]) =>
      (await api.put<{ hours: DayHours[] }>('/api/restaurant/hours', { hours })).hours,
    onSuccess: (hours) => queryClient.setQueryData(setupKeys.hours, hours),
  });
}

export function useSaveBot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BotPreferencesInput) => api.put<BotPreferencesResponse>('/api/restaurant/bot', input),
    onSuccess: (data) => queryClient.setQueryData(setupKeys.bot, data),
  });
}

export function useSaveMessagingPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { autoSmsEnabled: boolean }) =>
      api.put<BotPreferencesResponse>('/api/restaurant/preferences', input),
    onSuccess: (data) => queryClient.setQueryData(setupKeys.bot, data),
  });
}

export function useMenuMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: setupKeys.menu });
  return {
    save: useMutation({
      mutationFn: ({ id, input }: { id?: string; input: MenuItemInput }) =>
        id ? api.put<MenuItem>(`/api/menu-items/${id}`, input) : api.post<MenuItem>('/api/menu-items', input),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete<void>(`/api/menu-items/${id}`),
      onSuccess: refresh,
    }),
    setAvailability: useMutation({
      mutationFn: ({ id, isAvailable }: { id: string; isAvailable: boolean }) =>
        api.patch<MenuItem>(`/api/menu-items/${id}/availability`, { isAvailable }),
      onSuccess: refresh,
    }),
  };
}

export function useSaveOnboardingStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: number) => api.post<RestaurantResponse>('/api/onboarding/step', { step }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
