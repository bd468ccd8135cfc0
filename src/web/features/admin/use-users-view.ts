import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { adminUsersViewSchema, type AdminUsersView } from '@shared/contracts/admin';

const DEFAULT_VIEW = adminUsersViewSchema.parse({});

/**
 * One field of the URL, read with the contract's own rule; a value the contract refuses (a hand-edited or stale
 * link) falls back to the default rather than breaking the page.
 */
function readField<K extends keyof AdminUsersView>(params: URLSearchParams, key: K): AdminUsersView[K] {
  const raw = params.get(key);
  if (raw === null) return DEFAULT_VIEW[key];
  const parsed = adminUsersViewSchema.safeParse({ [key]: raw });
  return parsed.success ? parsed.data[key] : DEFAULT_VIEW[key];
}

export function viewFromSearchParams(params: URLSearchParams): AdminUsersView {
  return {
    q: readField(params, 'q'),
    filter: readField(params, 'filter'),
    sort: readField(params, 'sort'),
    dir: readField(params, 'dir'),
  };
}

export function searchParamsFromView(view: AdminUsersView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.q) params.set('q', view.q);
  if (view.filter) params.set('filter', view.filter);
  params.set('sort', view.sort);
  params.set('dir', view.dir);
  return params;
}

export const isFiltered = (view: AdminUsersView) => Boolean(view.q || view.filter);

/**
 * /admin/users keeps its view (search, filter, sort, direction) in the URL, so a reload or a shared link shows the
 * same accounts. Typing replaces the history entry; a changed filter or sort adds one, so Back undoes it.
 */
export function useUsersView() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => viewFromSearchParams(params), [params]);

  const update = useCallback(
    (change: Partial<AdminUsersView>, { replace = false }: { replace?: boolean } = {}) => {
      setParams((current) => searchParamsFromView({ ...viewFromSearchParams(current), ...change }), { replace });
    },
    [setParams],
  );
  const clearFilters = useCallback(() => update({ q: undefined, filter: undefined }), [update]);

  return { view, update, clearFilters };
}
