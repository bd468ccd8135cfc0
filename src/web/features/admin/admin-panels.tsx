import type { ReactNode } from 'react';
import clsx from 'clsx';
import { RotateCw, TriangleAlert } from 'lucide-react';
import { Button, Spinner } from '@web/components/button';

export function LoadingPanel({ label, className }: { label: string; className?: string }) {
  return (
    <div className={clsx('flex items-center gap-2 text-sm text-stone-600', className)} role="status">
      <Spinner className="size-4" /> {label}
    </div>
  );
}

export function ErrorPanel({
  title,
  message,
  onRetry,
  isRetrying,
}: {
  title: string;
  message: string;
  onRetry: () => void;
  isRetrying: boolean;
}) {
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
    >
      <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0">
        <p className="font-semibold">{title}</p>
        <p className="mt-1 break-words">{message}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry} isLoading={isRetrying}>
          {!isRetrying && <RotateCw className="size-4" aria-hidden="true" />}
          Retry
        </Button>
      </div>
    </div>
  );
}

/** A white card with a heading, as the admin pages group their content. */
export function Panel({
  title,
  id,
  action,
  className,
  children,
}: {
  title: string;
  id: string;
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={clsx('min-w-0 rounded-xl border border-stone-200 bg-white shadow-sm', className)}
    >
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-stone-200 px-4 py-3">
        <h2 id={id} className="font-semibold text-stone-900">
          {title}
        </h2>
        {action}
      </div>
      <div className="p-4">{children}</div>
    </section>
  );
}
