import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { AdminStats, AdminUser, AdminUserDetails, AdminUsersPage, AdminUsersView } from '@shared/contracts/admin';
import { apiClient, call } from '@web/lib/api-client';
import { meQueryKey, useSession } from '@web/lib/session';
import { formatDate } from './admin-format';

/** Everything under 'admin' is re-read after an admin action, so stats, lists and dialogs agree. */
export const adminKeys = {
  all: ['admin'] as const,
  stats: ['admin', 'stats'] as const,
  newest: (limit: number) => ['admin', 'users', 'newest', limit] as const,
  list: (view: AdminUsersView) => ['admin', 'users', 'list', view] as const,
  details: (id: string) => ['admin', 'user', id] as const,
  operations: ['admin', 'operations'] as const,
};

export function useAdminStats() {
  return useQuery({
    queryKey: adminKeys.stats,
    queryFn: (): Promise<AdminStats> => call(apiClient.admin.stats.$get()),
  });
}

/** The view's query string as the list and the export take it: defaults and empty values are left out. */
export function viewQuery(view: AdminUsersView): Record<string, string> {
  const query: Record<string, string> = { sort: view.sort, dir: view.dir };
  if (view.q) query.q = view.q;
  if (view.filter) query.filter = view.filter;
  return query;
}

/** The newest accounts, for the dashboard's short table. */
export function useNewestAdminUsers(limit: number) {
  return useQuery({
    queryKey: adminKeys.newest(limit),
    queryFn: (): Promise<AdminUsersPage> =>
      call(apiClient.admin.users.$get({ query: { sort: 'created', dir: 'desc', limit: String(limit) } })),
  });
}

/** /admin/users: one view of the accounts, a keyset page at a time. */
export function useAdminUsersList(view: AdminUsersView) {
  return useInfiniteQuery({
    queryKey: adminKeys.list(view),
    queryFn: ({ pageParam }): Promise<AdminUsersPage> =>
      call(apiClient.admin.users.$get({ query: { ...viewQuery(view), ...(pageParam ? { cursor: pageParam } : {}) } })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // A changed search or filter keeps the previous rows on screen (dimmed) until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useAdminUserDetails(id: string | null) {
  return useQuery({
    queryKey: adminKeys.details(id ?? ''),
    queryFn: (): Promise<AdminUserDetails> => call(apiClient.admin.users[':id'].$get({ param: { id: id! } })),
    enabled: id !== null,
    // Each read is recorded in the audit trail: read when the administrator opens the account, not on window focus.
    refetchOnWindowFocus: false,
  });
}

/** After an action on one account: its details are what the server answered, everything else is re-read. */
async function refreshAfterAccountChange(queryClient: QueryClient, updated: AdminUserDetails, ownId?: string) {
  queryClient.setQueryData(adminKeys.details(updated.id), updated);
  // The admin's own header (trial badge) reads /api/me, so acting on one's own account refreshes that too.
  if (updated.id === ownId) void queryClient.invalidateQueries({ queryKey: meQueryKey });
  await queryClient.invalidateQueries({
    queryKey: adminKeys.all,
    predicate: (query) => query.queryKey[1] !== 'user' || query.queryKey[2] !== updated.id,
  });
}

/** Extend Trial by the given days; toasts the outcome and refreshes the dialog, the lists and the stats. */
export function useExtendTrial() {
  const queryClient = useQueryClient();
  const { me } = useSession();
  return useMutation({
    mutationFn: ({ user, days }: { user: Pick<AdminUser, 'id'>; days: number }): Promise<AdminUserDetails> =>
      call(apiClient.admin.users[':id']['extend-trial'].$post({ param: { id: user.id }, json: { days } })),
    onSuccess: async (updated) => {
      toast.success(`Trial extended to ${formatDate(updated.trialEndsAt)}`);
      await refreshAfterAccountChange(queryClient, updated, me?.user.id);
    },
    onError: (error) => {
      toast.error(error.message);
    },
  });
}

/** Retry setup of an account's phone system; the server answers 409 when it does not apply. */
export function useRetryPhoneSetup() {
  const queryClient = useQueryClient();
  const { me } = useSession();
  return useMutation({
    mutationFn: (userId: string): Promise<AdminUserDetails> =>
      call(apiClient.admin.users[':id']['retry-phone-setup'].$post({ param: { id: userId } })),
    onSuccess: async (updated) => {
      toast.success('Phone setup started again');
      await refreshAfterAccountChange(queryClient, updated, me?.user.id);
    },
    onError: (error) => {
      toast.error(error.message);
    },
  });
}
