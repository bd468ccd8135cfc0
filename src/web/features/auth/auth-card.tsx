import type { ReactNode } from 'react';
import { ArrowLeft } from 'lucide-react';
import { ButtonLink } from '@web/components/button';
import { Logo } from '@web/components/logo';

/**
 * The frame of the signed-out pages (login, sign-up, password reset): a way back, the logo and one card. `status`
 * shows across from the way back, in a row whose height it never changes, so it comes and goes without moving the page.
 */
export function AuthCard({
  back,
  heading,
  intro,
  status,
  children,
}: {
  back: { to: string; label: string };
  heading: string;
  intro: ReactNode;
  status?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50 to-stone-50">
      <div className="mx-auto flex w-full max-w-md items-center justify-between px-4 pt-6">
        <ButtonLink to={back.to} variant="ghost" size="sm">
          <ArrowLeft className="size-4" aria-hidden="true" />
          {back.label}
        </ButtonLink>
        {status}
      </div>
      <main className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center px-4 pb-16 pt-6">
        <div className="mb-6 flex justify-center">
          <Logo />
        </div>
        <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-center text-2xl font-bold tracking-tight">{heading}</h1>
          <p className="mt-2 text-center text-sm text-stone-600">{intro}</p>
          {children}
        </div>
      </main>
    </div>
  );
}
