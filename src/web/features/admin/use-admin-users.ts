import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { AdminUser } from '@shared/contracts/admin';
import { EXTEND_TRIAL_DEFAULT_DAYS, extendTrial } from '@shared/domain/trial';
import { apiClient, call } from '@web/lib/api-client';
import { meQueryKey, useSession } from '@web/lib/session';
import { formatDate } from './admin-format';

export const adminUsersQueryKey = ['admin', 'users'] as const;

export function useAdminUsers() {
  return useQuery({
    queryKey: adminUsersQueryKey,
    queryFn: () => call(apiClient.admin.users.$get()),
  });
}

/** Preview with the shared rule, so the question shows the same date the server will set. */
function confirmExtension(user: AdminUser, days: number): boolean {
  const newEnd = extendTrial({ currentEnd: user.trialEndsAt, days }).trialEndsAt;
  const who = user.restaurantName ? `${user.name} (${user.restaurantName})` : user.name;
  return window.confirm(
    `Extend the trial for ${who} by ${days} days?\n\nThe trial will end on ${formatDate(newEnd)} and the account will be set to Trial.`,
  );
}

/** Extend Trial, after the admin confirms; toasts the outcome and refreshes the list. */
export function useExtendTrial() {
  const queryClient = useQueryClient();
  const { me } = useSession();
  const mutation = useMutation({
    mutationFn: ({ user, days }: { user: AdminUser; days: number }) =>
      call(
        apiClient.admin.users[':id']['extend-trial'].$post({
          param: { id: encodeURIComponent(user.id) },
          json: { days },
        }),
      ),
    onSuccess: async (updated) => {
      toast.success(`Trial extended to ${formatDate(updated.trialEndsAt)}`);
      // The admin's own header (trial badge) reads /api/me, so extending one's own trial refreshes that too.
      if (updated.id === me?.user.id) void queryClient.invalidateQueries({ queryKey: meQueryKey });
      await queryClient.invalidateQueries({ queryKey: adminUsersQueryKey });
    },
    onError: (error) => {
      toast.error(error.message);
    },
  });

  return {
    extend: (user: AdminUser, days = EXTEND_TRIAL_DEFAULT_DAYS) => {
      if (!confirmExtension(user, days)) return;
      mutation.mutate({ user, days });
    },
    /** The id of the account being extended right now, so only its buttons show progress. */
    pendingUserId: mutation.isPending ? mutation.variables.user.id : undefined,
  };
}
