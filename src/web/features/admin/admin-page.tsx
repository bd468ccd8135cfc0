import { useState } from 'react';
import { Link } from 'react-router';
import clsx from 'clsx';
import type { LucideIcon } from 'lucide-react';
import { ArrowRight, CircleCheck, Clock, TimerOff, Users } from 'lucide-react';
import type { AdminStats, AdminUser } from '@shared/contracts/admin';
import { useDocumentTitle } from '@web/components/document-title';
import { ErrorPanel, LoadingPanel } from './admin-panels';
import { useExtendTrialFlow } from './extend-trial';
import { useAdminStats, useNewestAdminUsers } from './use-admin-users';
import { UserDetailsDialog } from './user-details-dialog';
import { UsersTable } from './users-table';

/** How many of the newest accounts the dashboard lists; /admin/users has them all. */
export const NEWEST_USERS_LIMIT = 10;

export function AdminPage() {
  useDocumentTitle('Admin');
  const stats = useAdminStats();
  const users = useNewestAdminUsers(NEWEST_USERS_LIMIT);
  const extend = useExtendTrialFlow();
  const [selected, setSelected] = useState<AdminUser | null>(null);

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Admin</h1>
        <p className="text-sm text-stone-600">Every restaurant account, its trial and its onboarding progress.</p>
      </div>

      {stats.isPending ? (
        <LoadingPanel label="Loading statistics…" />
      ) : stats.isError ? (
        <ErrorPanel
          title="Failed to load statistics"
          message={stats.error.message}
          onRetry={() => void stats.refetch()}
          isRetrying={stats.isFetching}
        />
      ) : (
        <StatCards stats={stats.data} />
      )}

      <section aria-labelledby="admin-users-heading" className="rounded-xl border border-stone-200 bg-white shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-stone-200 px-4 py-3">
          <div>
            <h2 id="admin-users-heading" className="font-semibold text-stone-900">
              Newest accounts
            </h2>
            {stats.data && users.data && users.data.users.length < stats.data.totalUsers && (
              <p className="text-xs text-stone-500">
                The newest {users.data.users.length} of {stats.data.totalUsers} users
              </p>
            )}
          </div>
          <Link
            to="/admin/users"
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline"
          >
            View all users
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </div>
        {users.isPending ? (
          <LoadingPanel label="Loading users…" className="p-4" />
        ) : users.isError ? (
          <div className="p-4">
            <ErrorPanel
              title="Failed to load users"
              message={users.error.message}
              onRetry={() => void users.refetch()}
              isRetrying={users.isFetching}
            />
          </div>
        ) : users.data.users.length === 0 ? (
          <p className="p-10 text-center text-stone-600">No users yet.</p>
        ) : (
          <UsersTable
            label="Newest accounts"
            users={users.data.users}
            onView={setSelected}
            onExtendTrial={extend.ask}
          />
        )}
      </section>

      <UserDetailsDialog user={selected} onClose={() => setSelected(null)} />
      {extend.confirmDialog}
    </div>
  );
}

const statCards: { key: keyof AdminStats; label: string; icon: LucideIcon; tone: string }[] = [
  { key: 'totalUsers', label: 'Total Users', icon: Users, tone: 'bg-stone-100 text-stone-700' },
  { key: 'activeTrials', label: 'Active Trials', icon: Clock, tone: 'bg-brand-100 text-brand-700' },
  { key: 'expiredTrials', label: 'Expired Trials', icon: TimerOff, tone: 'bg-red-100 text-red-700' },
  {
    key: 'completedOnboarding',
    label: 'Completed Onboarding',
    icon: CircleCheck,
    tone: 'bg-emerald-100 text-emerald-700',
  },
];

function StatCards({ stats }: { stats: AdminStats }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4" aria-label="Account statistics">
      {statCards.map(({ key, label, icon: Icon, tone }) => (
        <li
          key={key}
          className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:gap-4"
        >
          <span className={clsx('grid size-10 shrink-0 place-items-center rounded-lg', tone)}>
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <p className="text-sm text-stone-600">{label}</p>
            <p className="text-2xl font-bold tabular-nums text-stone-900" data-testid={`stat-${key}`}>
              {stats[key]}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
