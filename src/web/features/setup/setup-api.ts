import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type {
  BotPreferencesInput,
  CompleteOnboardingInput,
  MenuItemInput,
  PreferencesInput,
  RestaurantInfo,
} from '@shared/contracts/restaurant';
import type { MenuQuickAddInput } from '@shared/contracts/menu';
import type { ConnectOwnNumberInput, RequestPhoneCodeInput } from '@shared/contracts/phone-verification';
import type { DayHours } from '@shared/domain/hours';
import { apiClient, call } from '@web/lib/api-client';
import { botPreferencesQuery } from '@web/lib/queries/restaurant';
import { phoneSystemQuery } from '@web/lib/queries/phone-system';
import { meQueryKey } from '@web/lib/session';
import { errorMessage } from './form-errors';
import { markAwaitingPhoneSetup } from './phone-system-watcher';

/** The setup screens' own queries; bot preferences and the phone system are shared with the dashboard (lib/queries). */
export const setupKeys = {
  restaurant: ['restaurant'] as const,
  hours: ['restaurant', 'hours'] as const,
  menu: ['menu-items'] as const,
  categories: ['menu-categories'] as const,
};

export const useRestaurant = () =>
  useQuery({ queryKey: setupKeys.restaurant, queryFn: () => call(apiClient.restaurant.$get()) });

export const useBusinessHours = () =>
  useQuery({
    queryKey: setupKeys.hours,
    queryFn: async () => (await call(apiClient.restaurant.hours.$get())).hours,
  });

export { useBotPreferences } from '@web/lib/queries/restaurant';

export const useMenuItems = () =>
  useQuery({
    queryKey: setupKeys.menu,
    queryFn: async () => (await call(apiClient['menu-items'].$get())).items,
  });

export const useMenuCategories = () =>
  useQuery({
    queryKey: setupKeys.categories,
    queryFn: async () => (await call(apiClient['menu-categories'].$get())).categories,
  });

export function useMenuCategoryMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: setupKeys.categories });
  return {
    create: useMutation({
      mutationFn: (name: string) => call(apiClient['menu-categories'].$post({ json: { name } })),
      onSuccess: refresh,
    }),
    rename: useMutation({
      mutationFn: ({ id, name }: { id: string; name: string }) =>
        call(apiClient['menu-categories'][':id'].$put({ param: { id }, json: { name } })),
      onSuccess: refresh,
    }),
    reorder: useMutation({
      mutationFn: async (ids: string[]) =>
        (await call(apiClient['menu-categories'].order.$put({ json: { ids } }))).categories,
      onSuccess: (categories) => queryClient.setQueryData(setupKeys.categories, categories),
    }),
    remove: useMutation({
      mutationFn: (id: string) => call(apiClient['menu-categories'][':id'].$delete({ param: { id } })),
      // Its dishes move to "Other": both lists change.
      onSuccess: () =>
        Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: setupKeys.menu })]).then(() => undefined),
    }),
  };
}

export function useSaveRestaurant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RestaurantInfo) => call(apiClient.restaurant.$put({ json: input })),
    onSuccess: (data) => {
      queryClient.setQueryData(setupKeys.restaurant, data);
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      void queryClient.invalidateQueries({ queryKey: botPreferencesQuery.queryKey });
    },
  });
}

export function useSaveHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (hours: DayHours[]) => (await call(apiClient.restaurant.hours.$put({ json: { hours } }))).hours,
    onSuccess: (hours) => queryClient.setQueryData(setupKeys.hours, hours),
  });
}

export function useSaveBot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BotPreferencesInput) => call(apiClient.restaurant.bot.$put({ json: input })),
    onSuccess: (data) => queryClient.setQueryData(botPreferencesQuery.queryKey, data),
  });
}

export function useSaveMessagingPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PreferencesInput) => call(apiClient.restaurant.preferences.$put({ json: input })),
    onSuccess: (data) => queryClient.setQueryData(botPreferencesQuery.queryKey, data),
  });
}

export function useMenuMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: setupKeys.menu });
  return {
    save: useMutation({
      mutationFn: ({ id, input }: { id?: string; input: MenuItemInput }) =>
        call(
          id
            ? apiClient['menu-items'][':id'].$put({ param: { id }, json: input })
            : apiClient['menu-items'].$post({ json: input }),
        ),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => call(apiClient['menu-items'][':id'].$delete({ param: { id } })),
      onSuccess: refresh,
    }),
    quickAdd: useMutation({
      mutationFn: (input: MenuQuickAddInput) => call(apiClient['menu-items']['quick-add'].$post({ json: input })),
      onSuccess: () =>
        Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: setupKeys.categories })]).then(
          () => undefined,
        ),
    }),
    setAvailability: useMutation({
      mutationFn: ({ id, isAvailable }: { id: string; isAvailable: boolean }) =>
        call(apiClient['menu-items'][':id'].availability.$patch({ param: { id }, json: { isAvailable } })),
      onSuccess: refresh,
    }),
  };
}

export function useSaveOnboardingStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: number) => call(apiClient.onboarding.step.$post({ json: { step } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}

/** The wizard's last step: completes onboarding, which queues the phone system set-up. */
export function useCompleteOnboarding() {
  return useMutation({
    mutationFn: (input: CompleteOnboardingInput) => call(apiClient.onboarding.complete.$post({ json: input })),
  });
}

/** (Re)starts the phone system set-up from settings; the app shell then tells the owner how it went. */
export function useProvisionPhoneSystem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(apiClient['phone-system'].provision.$post()),
    onSuccess: (data) => {
      markAwaitingPhoneSetup();
      queryClient.setQueryData(phoneSystemQuery.queryKey, data);
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to start the phone system setup')),
  });
}

/** Texts a code to a number the owner says is theirs (onboarding's last step and Settings → Phone). */
export function useSendPhoneCode() {
  return useMutation({
    mutationFn: (input: RequestPhoneCodeInput) => call(apiClient['phone-verifications'].$post({ json: input })),
  });
}

/**
 * In test mode no text leaves the building: the one carrying this code is read from the outbox, as the recipient's
 * phone would show it. Polled until it is there.
 */
export function usePhoneCodeText(verificationId: string | null) {
  return useQuery({
    queryKey: ['notifications', 'phone-code', verificationId] as const,
    enabled: verificationId !== null,
    queryFn: async () => {
      const { messages } = await call(apiClient.notifications.$get({ query: { limit: '20' } }));
      return messages.find((m) => m.kind === 'phone_code' && m.id === verificationId) ?? null;
    },
    refetchInterval: (query) => (query.state.data ? false : 1000),
  });
}

/** Settings → Phone: connects a number of the owner's own with the code texted to it, and sets it up. */
export function useConnectOwnNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConnectOwnNumberInput) => call(apiClient['phone-system'].number.$post({ json: input })),
    onSuccess: (data) => {
      if (data.status === 'pending') markAwaitingPhoneSetup();
      queryClient.setQueryData(phoneSystemQuery.queryKey, data);
    },
  });
}
