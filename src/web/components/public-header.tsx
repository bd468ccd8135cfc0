import { NavLink } from 'react-router';
import clsx from 'clsx';
import { useSession } from '@web/lib/session';
import { ButtonLink } from './button';
import { Logo } from './logo';

export function PublicHeader() {
  const { me, isLoading } = useSession();

  return (
    <header className="sticky top-0 z-30 border-b border-stone-200/80 bg-white/85 backdrop-blur supports-[backdrop-filter]:bg-white/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6 lg:px-8">
        <Logo />
        <nav aria-label="Main" className="flex items-center gap-0.5 sm:gap-2">
          <NavLink
            to="/pricing"
            className={({ isActive }) =>
              clsx(
                'rounded-lg px-1.5 py-1.5 text-sm font-medium transition-colors hover:bg-stone-100 hover:text-stone-900 sm:px-3',
                isActive ? 'text-brand-700' : 'text-stone-600',
              )
            }
          >
            Pricing
          </NavLink>
          {me ? (
            <ButtonLink to="/dashboard" size="sm" className="whitespace-nowrap">
              Dashboard
            </ButtonLink>
          ) : (
            // Hidden rather than removed while the session loads, so a signed-in owner never sees them flash.
            // The prerendered pages' script reveals them (data-session-pending) once it knows nobody is signed in.
            <div
              className={clsx('flex items-center gap-0.5 sm:gap-2', isLoading && 'invisible')}
              data-session-pending={isLoading || undefined}
            >
              <ButtonLink to="/login" variant="ghost" size="sm" className="px-1.5 whitespace-nowrap sm:px-3">
                Login
              </ButtonLink>
              <ButtonLink to="/signup" size="sm" className="px-2.5 whitespace-nowrap sm:px-3">
                Sign Up
              </ButtonLink>
            </div>
          )}
        </nav>
      </div>
    </header>
  );
}
