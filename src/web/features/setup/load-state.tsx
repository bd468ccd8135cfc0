import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { MSG } from '@shared/messages';
import { Button, Spinner } from '@web/components/button';

/** Loading and load-failure states for a settings editor; renders children only with data. */
export function WithData<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.isPending) {
    return (
      <div className="flex items-center gap-2 py-8 text-sm text-stone-600" role="status">
        <Spinner className="size-4 text-brand-700" /> Loading…
      </div>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="my-4 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        <p>{MSG.failedToLoadProfile}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
