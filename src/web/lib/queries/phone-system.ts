import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, call } from '../api-client';

/** The restaurant's phone system, shown on the dashboard and in settings, and watched by the app shell. */
export const phoneSystemQuery = queryOptions({
  queryKey: ['phone-system'] as const,
  queryFn: () => call(apiClient['phone-system'].$get()),
  // Setting up runs in the background: poll while it is pending.
  refetchInterval: (query) => (query.state.data?.status === 'pending' ? 2000 : false),
});

export const usePhoneSystem = () => useQuery(phoneSystemQuery);
