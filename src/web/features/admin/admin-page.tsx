import { useState, type MouseEvent, type ReactNode } from 'react';
import clsx from 'clsx';
import type { LucideIcon } from 'lucide-react';
import { CalendarPlus, CircleCheck, Clock, Eye, RotateCw, TimerOff, TriangleAlert, Users } from 'lucide-react';
import type { AdminStats, AdminUser } from '@shared/contracts/admin';
import { Button, Spinner } from '@web/components/button';
import { useDocumentTitle } from '@web/components/document-title';
import { formatDate, onboardingLabel, StatusBadge, trialRemainingLabel } from './admin-format';
import { useAdminUsers, useExtendTrial } from './use-admin-users';
import { UserDetailsDialog } from './user-details-dialog';

export function AdminPage() {
  useDocumentTitle('Admin');
  const users = useAdminUsers();
  const { extend, pendingUserId } = useExtendTrial();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // Looked up in the latest data, so the dialog shows the new trial end as soon as the list refreshes.
  const selected = users.data?.users.find((u) => u.id === selectedId) ?? null;

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Admin</h1>
        <p className="text-sm text-stone-600">Every restaurant account, its trial and its onboarding progress.</p>
      </div>
      {users.isPending ? (
        <LoadingPanel />
      ) : users.isError ? (
        <ErrorPanel message={users.error.message} onRetry={() => void users.refetch()} isRetrying={users.isFetching} />
      ) : (
        <>
          <StatCards stats={users.data.stats} />
          <UsersSection
            users={users.data.users}
            totalUsers={users.data.stats.totalUsers}
            onView={(user) => setSelectedId(user.id)}
            onExtendTrial={extend}
            pendingUserId={pendingUserId}
          />
        </>
      )}
      <UserDetailsDialog
        user={selected}
        onClose={() => setSelectedId(null)}
        onExtendTrial={extend}
        isExtending={selected !== null && pendingUserId === selected.id}
      />
    </div>
  );
}

function LoadingPanel() {
  return (
    <div className="flex items-center gap-2 text-stone-600" role="status">
      <Spinner className="size-4" /> Loading users…
    </div>
  );
}

function ErrorPanel({ message, onRetry, isRetrying }: { message: string; onRetry: () => void; isRetrying: boolean }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
    >
      <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">Failed to load users</p>
        <p className="mt-1">{message}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry} isLoading={isRetrying}>
          {!isRetrying && <RotateCw className="size-4" aria-hidden="true" />}
          Retry
        </Button>
      </div>
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
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-label="Account statistics">
      {statCards.map(({ key, label, icon: Icon, tone }) => (
        <li
          key={key}
          className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:gap-4"
        >
          <span className={clsx('grid size-10 shrink-0 place-items-center rounded-lg', tone)}>
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <div>
            <p className="text-sm text-stone-600">{label}</p>
            <p className="text-2xl font-bold tabular-nums text-stone-900">{stats[key]}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

interface UsersSectionProps {
  users: AdminUser[];
  totalUsers: number;
  onView: (user: AdminUser) => void;
  onExtendTrial: (user: AdminUser) => void;
  pendingUserId: string | undefined;
}

function UsersSection({ users, totalUsers, ...rowProps }: UsersSectionProps) {
  return (
    <section aria-labelledby="admin-users-heading" className="rounded-xl border border-stone-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-stone-200 px-4 py-3">
        <h2 id="admin-users-heading" className="font-semibold text-stone-900">
          Users
        </h2>
        {users.length < totalUsers && (
          <p className="text-xs text-stone-500">
            Showing the newest {users.length} of {totalUsers} users
          </p>
        )}
      </div>
      {users.length === 0 ? (
        <p className="p-10 text-center text-stone-600">No users yet.</p>
      ) : (
        <UsersTable users={users} {...rowProps} />
      )}
    </section>
  );
}

const columns = ['User', 'Restaurant', 'Status', 'Trial Ends', 'Onboarding', 'Actions'] as const;

function UsersTable({ users, ...rowProps }: Omit<UsersSectionProps, 'totalUsers'>) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[56rem] text-left text-sm">
        <thead className="bg-stone-50 text-stone-600">
          <tr>
            {columns.map((column) => (
              <th
                key={column}
                scope="col"
                className={clsx('px-4 py-2.5 font-medium', column === 'Actions' && 'text-right')}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {users.map((user) => (
            <UserRow key={user.id} user={user} {...rowProps} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

type UserRowProps = Omit<UsersSectionProps, 'users' | 'totalUsers'> & { user: AdminUser };

/** The whole row opens the details for a pointer; keyboard users reach the same dialog through View. */
function UserRow({ user, onView, onExtendTrial, pendingUserId }: UserRowProps) {
  const isExtending = pendingUserId === user.id;
  const remaining = trialRemainingLabel(user);
  const withoutRowClick = (action: () => void) => (event: MouseEvent) => {
    event.stopPropagation();
    action();
  };

  return (
    <tr className="cursor-pointer align-top hover:bg-stone-50" onClick={() => onView(user)}>
      <Cell className="min-w-52 max-w-72">
        <p className="font-medium break-words text-stone-900">{user.name}</p>
        <p className="break-all text-stone-500">{user.email}</p>
      </Cell>
      <Cell className="min-w-40">{user.restaurantName ?? <span className="text-stone-400">Not set</span>}</Cell>
      <Cell>
        <StatusBadge user={user} />
      </Cell>
      <Cell>
        <p className="whitespace-nowrap text-stone-900">{formatDate(user.trialEndsAt)}</p>
        {remaining && (
          <p className={clsx('whitespace-nowrap', user.isTrialExpired ? 'text-red-700' : 'text-stone-500')}>
            {remaining}
          </p>
        )}
      </Cell>
      <Cell>
        {user.hasCompletedOnboarding ? (
          <span className="inline-flex items-center gap-1 text-emerald-700">
            <CircleCheck className="size-4" aria-hidden="true" />
            {onboardingLabel(user)}
          </span>
        ) : (
          <span className="whitespace-nowrap text-stone-600">{onboardingLabel(user)}</span>
        )}
      </Cell>
      <Cell className="text-right">
        <div className="inline-flex gap-2 whitespace-nowrap">
          <Button
            variant="secondary"
            size="sm"
            isLoading={isExtending}
            onClick={withoutRowClick(() => onExtendTrial(user))}
            aria-label={`Extend Trial for ${user.name}`}
          >
            {!isExtending && <CalendarPlus className="size-4" aria-hidden="true" />}
            Extend Trial
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={withoutRowClick(() => onView(user))}
            aria-label={`View ${user.name}`}
          >
            <Eye className="size-4" aria-hidden="true" />
            View
          </Button>
        </div>
      </Cell>
    </tr>
  );
}

function Cell({ children, className }: { children: ReactNode; className?: string }) {
  return <td className={clsx('px-4 py-3', className)}>{children}</td>;
}
