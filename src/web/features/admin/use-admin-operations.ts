import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type {
  AdminOperations,
  AppSettingsRequest,
  FailedJob,
  RetryJobResponse,
  SavedAppSettings,
} from '@shared/contracts/admin';
import { apiClient, call } from '@web/lib/api-client';
import { adminKeys } from './use-admin-users';

/** How often /admin/settings re-reads the service's health while it is open. */
export const OPERATIONS_REFRESH_MS = 30_000;

export function useAdminOperations() {
  return useQuery({
    queryKey: adminKeys.operations,
    queryFn: (): Promise<AdminOperations> => call(apiClient.admin.operations.$get()),
    refetchInterval: OPERATIONS_REFRESH_MS,
  });
}

/** Saves the runtime settings; the form shows a refused field's message itself (the error carries `field`). */
export function useSaveAppSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: AppSettingsRequest): Promise<SavedAppSettings> =>
      call(apiClient.admin.settings.$put({ json: settings })),
    onSuccess: async (saved) => {
      toast.success('Settings saved');
      queryClient.setQueryData<AdminOperations>(adminKeys.operations, (current) =>
        current ? { ...current, settings: saved } : current,
      );
      await queryClient.invalidateQueries({ queryKey: adminKeys.operations });
    },
  });
}

export function useRetryFailedJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (job: Pick<FailedJob, 'queue' | 'id'>): Promise<RetryJobResponse> =>
      call(apiClient.admin.jobs[':queue'][':id'].retry.$post({ param: { queue: job.queue, id: job.id } })),
    onSuccess: async () => {
      toast.success('Job queued again');
      await queryClient.invalidateQueries({ queryKey: adminKeys.operations });
    },
    onError: (error) => {
      toast.error(error.message);
    },
  });
}
