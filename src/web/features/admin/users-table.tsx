import { onboardingLabel } from '@shared/domain/account-status';
import type { MouseEvent, ReactNode } from 'react';
import clsx from 'clsx';
import { CalendarPlus, CircleCheck, Eye } from 'lucide-react';
import type { AdminUser } from '@shared/contracts/admin';
import { Button } from '@web/components/button';
import { formatTimeAgo, useNow } from '@web/lib/relative-time';
import { useMediaQuery } from '@web/lib/use-media-query';
import { canExtendTrial, formatDate, formatDateTime, StatusBadge, trialRemainingLabel } from './admin-format';

interface UsersTableProps {
  users: AdminUser[];
  /** Adds the Last order column (/admin/users). */
  showLastOrder?: boolean;
  onView: (user: AdminUser) => void;
  onExtendTrial: (user: AdminUser) => void;
  /** The table's accessible name. */
  label: string;
}

const PHONE_QUERY = '(max-width: 639.98px)';

/**
 * The accounts as the spec's table shows them. On a phone each account is a card instead; on a screen between, the
 * table scrolls sideways inside its own box, so the page itself never does.
 */
export function UsersTable({ users, showLastOrder = false, label, ...rowProps }: UsersTableProps) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  if (isPhone) return <UserCards users={users} showLastOrder={showLastOrder} label={label} {...rowProps} />;
  const columns = [
    'User',
    'Restaurant',
    'Status',
    'Trial Ends',
    'Onboarding',
    ...(showLastOrder ? ['Last order'] : []),
  ];
  return (
    <div className="overflow-x-auto">
      <table
        aria-label={label}
        className={clsx('w-full text-left text-sm', showLastOrder ? 'min-w-[60rem]' : 'min-w-[52rem]')}
      >
        <thead className="bg-stone-50 text-stone-600">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2.5 font-medium whitespace-nowrap first:pl-4">
                {column}
              </th>
            ))}
            <th scope="col" className="py-2.5 pr-4 pl-3 text-right font-medium">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {users.map((user) => (
            <UserRow key={user.id} user={user} showLastOrder={showLastOrder} {...rowProps} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

type UserRowProps = Omit<UsersTableProps, 'users' | 'label'> & { user: AdminUser };

/** The whole row opens the details for a pointer; keyboard users reach the same dialog through View. */
function UserRow({ user, showLastOrder, onView, onExtendTrial }: UserRowProps) {
  const remaining = trialRemainingLabel(user);
  const withoutRowClick = (action: () => void) => (event: MouseEvent) => {
    event.stopPropagation();
    action();
  };

  return (
    <tr className="cursor-pointer align-top hover:bg-stone-50" onClick={() => onView(user)}>
      <Cell className="max-w-72 min-w-44 pl-4">
        <p className="font-medium break-words text-stone-900">{user.name}</p>
        <p className="break-all text-stone-500">{user.email}</p>
      </Cell>
      <Cell className="min-w-32 break-words">
        {user.restaurantName ?? <span className="text-stone-400">Not set</span>}
      </Cell>
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
      {showLastOrder && (
        <Cell>
          <LastOrder at={user.lastOrderAt} />
        </Cell>
      )}
      <Cell className="pr-4 text-right">
        <div className="inline-flex gap-1 whitespace-nowrap">
          {/* Not offered while a paid plan runs; the details dialog says why. */}
          {canExtendTrial(user) && (
            <Button
              variant="secondary"
              size="sm"
              onClick={withoutRowClick(() => onExtendTrial(user))}
              aria-label={`Extend Trial for ${user.name}`}
            >
              <CalendarPlus className="size-4" aria-hidden="true" />
              Extend Trial
            </Button>
          )}
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

function LastOrder({ at }: { at: string | null }) {
  const now = useNow();
  if (!at) return <span className="whitespace-nowrap text-stone-400">None</span>;
  return (
    <time dateTime={at} title={formatDateTime(at)} className="whitespace-nowrap text-stone-700">
      {formatTimeAgo(at, now)}
    </time>
  );
}

function Cell({ children, className }: { children: ReactNode; className?: string }) {
  return <td className={clsx('px-3 py-3', className)}>{children}</td>;
}

/** A phone's view of the accounts: one card per account, its actions at the bottom. */
function UserCards({ users, showLastOrder, label, onView, onExtendTrial }: UsersTableProps) {
  return (
    <ul aria-label={label} className="divide-y divide-stone-100">
      {users.map((user) => {
        const remaining = trialRemainingLabel(user);
        return (
          <li key={user.id} className="flex flex-col gap-2 px-4 py-3 text-sm" onClick={() => onView(user)}>
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-medium break-words text-stone-900">{user.name}</p>
                <p className="break-all text-stone-500">{user.email}</p>
              </div>
              <StatusBadge user={user} />
            </div>
            <dl className="grid grid-cols-2 gap-x-3 gap-y-1.5">
              <CardField label="Restaurant">
                {user.restaurantName ?? <span className="text-stone-400">Not set</span>}
              </CardField>
              <CardField label="Trial Ends">
                {formatDate(user.trialEndsAt)}
                {remaining && (
                  <span className={clsx('block', user.isTrialExpired ? 'text-red-700' : 'text-stone-500')}>
                    {remaining}
                  </span>
                )}
              </CardField>
              <CardField label="Onboarding">{onboardingLabel(user)}</CardField>
              {showLastOrder && (
                <CardField label="Last order">
                  <LastOrder at={user.lastOrderAt} />
                </CardField>
              )}
            </dl>
            <div className="flex gap-2">
              {canExtendTrial(user) && (
                <Button
                  variant="secondary"
                  size="sm"
                  className="flex-1"
                  onClick={(event) => {
                    event.stopPropagation();
                    onExtendTrial(user);
                  }}
                  aria-label={`Extend Trial for ${user.name}`}
                >
                  <CalendarPlus className="size-4" aria-hidden="true" />
                  Extend Trial
                </Button>
              )}
              <Button
                variant="secondary"
                size="sm"
                className="flex-1"
                onClick={(event) => {
                  event.stopPropagation();
                  onView(user);
                }}
                aria-label={`View ${user.name}`}
              >
                <Eye className="size-4" aria-hidden="true" />
                View
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function CardField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-stone-500">{label}</dt>
      <dd className="break-words text-stone-800">{children}</dd>
    </div>
  );
}
