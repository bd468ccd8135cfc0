import type { ReactNode } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import clsx from 'clsx';
import {
  CalendarClock,
  CreditCard,
  LayoutDashboard,
  LogOut,
  MessageSquareText,
  PhoneCall,
  Settings,
  SlidersHorizontal,
  Sparkles,
  type LucideIcon,
} from 'lucide-react';
import type { MeResponse } from '@shared/contracts/me';
import { isTrialExpired } from '@shared/domain/trial';
import { MSG } from '@shared/messages';
import { PRO_PLAN, SUPPORT_EMAIL } from '@shared/product';
import { useSession, useSignOut } from '@web/lib/session';
import { formatPlanDate, useReactivateSubscription } from '@web/lib/queries/billing';
import { Logo } from '@web/components/logo';
import { Button, ButtonLink } from '@web/components/button';
import { usePhoneSystemWatcher } from '@web/features/setup/phone-system-watcher';

/** The signed-in shell: header, subscription banner, the page, footer. */
export function AppLayout() {
  const { me } = useSession();
  usePhoneSystemWatcher();
  if (!me) return null;
  return (
    <div className="flex min-h-dvh flex-col">
      <AppHeader me={me} />
      <SubscriptionBanner me={me} />
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 lg:px-8">
        <Outlet />
      </main>
      <footer className="border-t border-stone-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-4 text-xs text-stone-500 sm:flex-row sm:justify-between sm:px-6 lg:px-8">
          <span>© {new Date().getFullYear()} PickupLine</span>
          <span>
            Questions?{' '}
            <a href={`mailto:${SUPPORT_EMAIL}`} className="underline-offset-2 hover:underline">
              {SUPPORT_EMAIL}
            </a>
          </span>
        </div>
      </footer>
    </div>
  );
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'inline-flex items-center gap-1.5 rounded-md px-2.5 py-1.5 text-sm font-medium',
    isActive ? 'bg-brand-50 text-brand-800' : 'text-stone-600 hover:bg-stone-100 hover:text-stone-900',
  );

function AppHeader({ me }: { me: MeResponse }) {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const trialExpired = isTrialExpired(me.restaurant);
  return (
    <header className="border-b border-stone-200 bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6 lg:px-8">
        <div className="flex items-center gap-3">
          <Logo to="/dashboard" />
          {me.testMode && (
            <span
              className="rounded-full border border-amber-300 bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-800"
              title="Calls, texts and payments are simulated: nothing real is dialled, sent or charged."
            >
              Test mode
            </span>
          )}
          {trialExpired && (
            <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-800">
              Trial expired
            </span>
          )}
        </div>
        <nav aria-label="Main" className="flex flex-wrap items-center gap-1">
          <NavLink to="/dashboard" className={navLinkClass}>
            <LayoutDashboard className="size-4" aria-hidden="true" />
            Dashboard
          </NavLink>
          <NavLink to="/calls" className={navLinkClass}>
            <PhoneCall className="size-4" aria-hidden="true" />
            Calls
          </NavLink>
          <NavLink to="/outbox" className={navLinkClass}>
            <MessageSquareText className="size-4" aria-hidden="true" />
            Outbox
          </NavLink>
          <NavLink to="/settings" className={navLinkClass}>
            <SlidersHorizontal className="size-4" aria-hidden="true" />
            Settings
          </NavLink>
          <NavLink to="/account/billing" className={navLinkClass}>
            <CreditCard className="size-4" aria-hidden="true" />
            Billing
          </NavLink>
          {me.isAdmin && (
            <NavLink to="/admin" className={navLinkClass}>
              <Settings className="size-4" aria-hidden="true" />
              Admin
            </NavLink>
          )}
          <span className="mx-1 hidden h-5 w-px bg-stone-200 sm:block" aria-hidden="true" />
          <span className="hidden text-sm text-stone-500 md:inline" title={me.user.email}>
            {me.user.name}
          </span>
          <Button
            variant="ghost"
            size="sm"
            onClick={async () => {
              await signOut();
              void navigate('/login', { replace: true });
            }}
          >
            <LogOut className="size-4" aria-hidden="true" />
            Sign out
          </Button>
        </nav>
      </div>
    </header>
  );
}

/** The plan under the header, in one of three states (SPEC §2): not subscribed, ending, or renewing. */
export function SubscriptionBanner({ me }: { me: MeResponse }) {
  const { plan } = me;
  const reactivate = useReactivateSubscription();

  if (plan.status === 'canceling') {
    const endDate = plan.currentPeriodEnd ? formatPlanDate(plan.currentPeriodEnd) : 'the end of this period';
    return (
      <BannerRow
        tone="amber"
        icon={CalendarClock}
        message={MSG.subscriptionEnding(endDate)}
        action={
          <Button size="sm" isLoading={reactivate.isPending} onClick={() => reactivate.mutate(plan.subscriptionId)}>
            Renew Subscription
          </Button>
        }
      />
    );
  }

  if (plan.status === 'active' || plan.status === 'past_due') {
    return (
      <BannerRow
        tone={plan.status === 'past_due' ? 'red' : 'stone'}
        icon={CreditCard}
        message={
          plan.status === 'past_due'
            ? 'Your last payment did not go through. Update your payment method to keep access.'
            : plan.currentPeriodEnd
              ? `Your next billing date is ${formatPlanDate(plan.currentPeriodEnd)}.`
              : `Your ${PRO_PLAN.name} subscription is active.`
        }
        action={
          <ButtonLink to="/account/billing" size="sm" variant="secondary">
            Manage Subscription
          </ButtonLink>
        }
      />
    );
  }

  return (
    <BannerRow
      tone="brand"
      icon={Sparkles}
      message={MSG.upgradeBanner}
      action={
        <ButtonLink to="/pricing" size="sm">
          Upgrade Now
        </ButtonLink>
      }
    />
  );
}

const bannerTones = {
  brand: 'border-brand-200 bg-brand-50 text-brand-900',
  amber: 'border-amber-200 bg-amber-50 text-amber-950',
  red: 'border-red-200 bg-red-50 text-red-900',
  stone: 'border-stone-200 bg-stone-50 text-stone-800',
} as const;

function BannerRow({
  tone,
  icon: Icon,
  message,
  action,
}: {
  tone: keyof typeof bannerTones;
  icon: LucideIcon;
  message: string;
  action: ReactNode;
}) {
  return (
    <section aria-label="Subscription" className={clsx('border-b', bannerTones[tone])}>
      <div className="mx-auto flex max-w-7xl flex-col items-start gap-2 px-4 py-2.5 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <p className="flex items-center gap-2">
          <Icon className="size-4 shrink-0" aria-hidden="true" />
          {message}
        </p>
        {action}
      </div>
    </section>
  );
}
