import { useCallback, useEffect, useId, useState } from 'react';
import { ArrowDownWideNarrow, ArrowUpNarrowWide, Download, Search, X } from 'lucide-react';
import {
  ADMIN_SEARCH_MAX_LENGTH,
  ADMIN_USER_FILTER_LABELS,
  ADMIN_USER_FILTERS,
  ADMIN_USER_SORT_LABELS,
  ADMIN_USER_SORTS,
  type AdminUser,
  type AdminUserFilter,
  type AdminUserSort,
  type AdminUsersView,
  type SortDirection,
} from '@shared/contracts/admin';
import { Button, buttonClasses } from '@web/components/button';
import { useDocumentTitle } from '@web/components/document-title';
import { SelectField } from '@web/components/form-field';
import { apiUrl } from '@web/lib/api-client';
import { ErrorPanel, LoadingPanel } from './admin-panels';
import { useExtendTrialFlow } from './extend-trial';
import { useAdminUsersList } from './use-admin-users';
import { isFiltered, searchParamsFromView, useUsersView } from './use-users-view';
import { UserDetailsDialog } from './user-details-dialog';
import { UsersTable } from './users-table';

/** Typing waits this long after the last key before the list (and the URL) follow. */
export const SEARCH_DEBOUNCE_MS = 300;

const FILTER_OPTIONS = [
  { value: '', label: 'All accounts' },
  ...ADMIN_USER_FILTERS.map((filter) => ({ value: filter, label: ADMIN_USER_FILTER_LABELS[filter] })),
];
const SORT_OPTIONS = ADMIN_USER_SORTS.map((sort) => ({ value: sort, label: ADMIN_USER_SORT_LABELS[sort] }));

/** Each sort's two directions in words. */
const DIRECTION_LABELS: Record<AdminUserSort, Record<SortDirection, string>> = {
  created: { desc: 'Newest first', asc: 'Oldest first' },
  trial_end: { desc: 'Latest first', asc: 'Soonest first' },
  last_order: { desc: 'Most recent first', asc: 'Least recent first' },
};

export function UsersPage() {
  useDocumentTitle('Users');
  const { view, update, clearFilters } = useUsersView();
  const list = useAdminUsersList(view);
  const extend = useExtendTrialFlow();
  const [selected, setSelected] = useState<AdminUser | null>(null);
  const users = list.data?.pages.flatMap((page) => page.users) ?? [];
  const search = useCallback((q: string | undefined) => update({ q }, { replace: true }), [update]);
  const exportHref = `${apiUrl('/admin/users/export')}?${searchParamsFromView(view).toString()}`;

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Users</h1>
          <p className="text-sm text-stone-600">Search, filter and sort every account; export the view as CSV.</p>
        </div>
        <a href={exportHref} download className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
          <Download className="size-4" aria-hidden="true" />
          Export CSV
        </a>
      </div>

      <div
        role="search"
        aria-label="Accounts"
        className="grid gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1.1fr)_minmax(0,1fr)_auto]"
      >
        <SearchBox value={view.q} onSearch={search} />
        <SelectField
          label="Filter"
          options={FILTER_OPTIONS}
          value={view.filter ?? ''}
          onChange={(event) => update({ filter: (event.target.value || undefined) as AdminUserFilter | undefined })}
        />
        <SelectField
          label="Sort by"
          options={SORT_OPTIONS}
          value={view.sort}
          onChange={(event) => update({ sort: event.target.value as AdminUserSort })}
        />
        <DirectionToggle view={view} onToggle={() => update({ dir: view.dir === 'desc' ? 'asc' : 'desc' })} />
      </div>

      <section
        aria-labelledby="users-list-heading"
        className="min-w-0 rounded-xl border border-stone-200 bg-white shadow-sm"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-stone-200 px-4 py-3">
          <h2 id="users-list-heading" className="font-semibold text-stone-900">
            Accounts
          </h2>
          <p role="status" className="text-xs text-stone-500">
            {list.isPending || list.isPlaceholderData
              ? 'Loading accounts…'
              : list.isError
                ? ''
                : resultCount(users.length, list.hasNextPage)}
          </p>
        </div>

        {list.isPending ? (
          <LoadingPanel label="Loading accounts…" className="p-4" />
        ) : list.isError && users.length === 0 ? (
          <div className="p-4">
            <ErrorPanel
              title="Failed to load accounts"
              message={list.error.message}
              onRetry={() => void list.refetch()}
              isRetrying={list.isFetching}
            />
          </div>
        ) : users.length === 0 ? (
          <EmptyState view={view} onClear={clearFilters} />
        ) : (
          <div className={list.isPlaceholderData ? 'opacity-60' : undefined} aria-busy={list.isPlaceholderData}>
            <UsersTable label="Accounts" users={users} showLastOrder onView={setSelected} onExtendTrial={extend.ask} />
            {list.isFetchNextPageError && (
              <p role="alert" className="border-t border-stone-100 px-4 py-3 text-sm text-red-700">
                {list.error.message}
              </p>
            )}
            {list.hasNextPage && (
              <div className="flex justify-center border-t border-stone-100 p-3">
                <Button
                  variant="secondary"
                  size="sm"
                  isLoading={list.isFetchingNextPage}
                  onClick={() => void list.fetchNextPage()}
                >
                  {list.isFetchNextPageError ? 'Try again' : 'Load more'}
                </Button>
              </div>
            )}
          </div>
        )}
      </section>

      <UserDetailsDialog user={selected} onClose={() => setSelected(null)} />
      {extend.confirmDialog}
    </div>
  );
}

function resultCount(count: number, hasMore: boolean): string {
  const accounts = `${count} ${count === 1 ? 'account' : 'accounts'}`;
  return hasMore ? `Showing the first ${accounts}; more to load` : `Showing ${accounts}`;
}

/**
 * The search box keeps what is typed itself and hands it on once typing pauses. When the URL's search changes
 * from elsewhere (Back, Clear filters), the box follows.
 */
function SearchBox({ value, onSearch }: { value: string | undefined; onSearch: (q: string | undefined) => void }) {
  const id = useId();
  const [text, setText] = useState(value ?? '');
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if ((text.trim() || undefined) !== value) setText(value ?? '');
  }

  const typed = text.trim() || undefined;
  useEffect(() => {
    if (typed === value) return;
    const timer = setTimeout(() => onSearch(typed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, value, onSearch]);

  return (
    <div className="flex flex-col gap-1.5 sm:col-span-2 lg:col-span-1">
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        Search by name, e-mail or restaurant
      </label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-400"
          aria-hidden="true"
        />
        <input
          id={id}
          type="search"
          value={text}
          maxLength={ADMIN_SEARCH_MAX_LENGTH}
          onChange={(event) => setText(event.target.value)}
          placeholder="Name, e-mail or restaurant"
          autoComplete="off"
          className="h-10 w-full rounded-lg border border-stone-300 bg-white pr-3 pl-9 text-sm text-stone-900 shadow-sm placeholder:text-stone-400 focus:border-brand-600"
        />
      </div>
    </div>
  );
}

function DirectionToggle({ view, onToggle }: { view: AdminUsersView; onToggle: () => void }) {
  const labelId = useId();
  const buttonId = useId();
  const Icon = view.dir === 'desc' ? ArrowDownWideNarrow : ArrowUpNarrowWide;
  return (
    <div className="flex flex-col gap-1.5">
      <span id={labelId} className="text-sm font-medium text-stone-800">
        Direction
      </span>
      <Button
        id={buttonId}
        variant="secondary"
        className="justify-start whitespace-nowrap"
        aria-labelledby={`${labelId} ${buttonId}`}
        title="Change the sort direction"
        onClick={onToggle}
      >
        <Icon className="size-4" aria-hidden="true" />
        {DIRECTION_LABELS[view.sort][view.dir]}
      </Button>
    </div>
  );
}

function EmptyState({ view, onClear }: { view: AdminUsersView; onClear: () => void }) {
  if (!isFiltered(view)) return <p className="p-10 text-center text-stone-600">No accounts yet.</p>;
  const filter = view.filter && `the filter “${ADMIN_USER_FILTER_LABELS[view.filter]}”`;
  const what = view.q ? (filter ? `“${view.q}” with ${filter}` : `“${view.q}”`) : filter;
  return (
    <div className="flex flex-col items-center gap-3 p-10 text-center">
      <p className="text-stone-700">No accounts match {what}.</p>
      <Button variant="secondary" size="sm" onClick={onClear}>
        <X className="size-4" aria-hidden="true" />
        Clear filters
      </Button>
    </div>
  );
}
