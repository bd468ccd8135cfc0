import { ArrowLeft } from 'lucide-react';
import { MSG } from '@shared/messages';
import { ButtonLink } from '@web/components/button';
import { useDocumentTitle } from '@web/components/document-title';
import { Logo } from '@web/components/logo';

export function NotFoundPage() {
  useDocumentTitle(MSG.pageNotFound);

  return (
    <div className="flex min-h-dvh flex-col items-center bg-stone-50 px-4 py-10 sm:py-16">
      <header>
        <Logo />
      </header>
      <main className="flex w-full flex-1 items-center justify-center py-10">
        <div className="w-full max-w-md text-center">
          <p className="text-6xl font-bold tracking-tight text-brand-700 sm:text-7xl">404</p>
          <h1 className="mt-4 text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{MSG.pageNotFound}</h1>
          <p className="mt-3 leading-7 text-stone-600">
            The page you&rsquo;re looking for doesn&rsquo;t exist or may have moved.
          </p>
          <ButtonLink to="/" size="lg" className="mt-8">
            <ArrowLeft className="size-4" aria-hidden="true" />
            Go back home
          </ButtonLink>
        </div>
      </main>
    </div>
  );
}
