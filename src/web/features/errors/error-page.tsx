import { RotateCw, TriangleAlert } from 'lucide-react';
import { MSG } from '@shared/messages';
import { Button, buttonClasses } from '@web/components/button';
import { useDocumentTitle } from '@web/components/document-title';

/**
 * Also the crash fallback, which may render outside the router and the query client, so it uses plain anchors and
 * no context of any kind. It fills the screen because every caller renders it in place of the whole page.
 */
export function ErrorContent({ onRetry }: { onRetry?: () => void }) {
  return (
    <main className="flex min-h-dvh w-full items-center justify-center bg-stone-50 px-4 py-16">
      <div className="w-full max-w-md text-center">
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-red-50 text-red-600 ring-8 ring-red-50/50">
          <TriangleAlert className="size-7" aria-hidden="true" />
        </span>
        <h1 className="mt-6 text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{MSG.somethingWentWrong}</h1>
        <p className="mt-3 leading-7 text-stone-600">
          An unexpected error stopped this page from loading. Please try again, or head back to the home page.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button size="lg" onClick={onRetry ?? (() => window.location.reload())}>
            <RotateCw className="size-4" aria-hidden="true" />
            Retry
          </Button>
          <a href="/" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
            Go to Home
          </a>
        </div>
      </div>
    </main>
  );
}

export function ErrorPage() {
  useDocumentTitle(MSG.somethingWentWrong);

  return <ErrorContent />;
}
