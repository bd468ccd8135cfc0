import { useState, type ReactNode } from 'react';
import { NavLink, Outlet, useMatch, useNavigate } from 'react-router';
import { Popover } from 'radix-ui';
import clsx from 'clsx';
import {
  CalendarClock,
  CreditCard,
  LayoutDashboard,
  LogOut,
  Menu,
  MessageSquareText,
  PhoneCall,
  Settings,
  SlidersHorizontal,
  Sparkles,
  X,
  type LucideIcon,
} from 'lucide-react';
import type { MeResponse } from '@shared/contracts/me';
import { MSG } from '@shared/messages';
import { PRO_PLAN, SUPPORT_EMAIL } from '@shared/product';
import { useSession, useSignOut } from '@web/lib/session';
import { planAccessOf } from '@web/lib/plan-access';
import { formatPlanDate, useReactivateSubscription } from '@web/lib/queries/billing';
import { Logo } from '@web/components/logo';
import { Button, ButtonLink } from '@web/components/button';
import type { AppOutletContext } from '@web/lib/app-outlet';
import { useMediaQuery } from '@web/lib/use-media-query';
import { usePhoneSystemWatcher } from '@web/features/setup/phone-system-watcher';
import { BusyBanner } from '@web/features/dashboard/busy-banner';
import { EmailVerificationBanner } from '@web/features/account-verification/email-verification-banner';

/** The signed-in shell: header, subscription banner, the page, footer. */
export function AppLayout() {
  const { me } = useSession();
  usePhoneSystemWatcher();
  // On a phone the dashboard folds the banner into its one-line status summary, so the orders start higher.
  const isPhone = useMediaQuery('(max-width: 639.98px)');
  const onDashboard = useMatch('/dashboard') !== null;
  const bannerInPage = isPhone && onDashboard;
  if (!me) return null;
  const banner = <SubscriptionBanner me={me} />;
  const outlet: AppOutletContext = { subscriptionBanner: bannerInPage ? banner : null };
  return (
    <div className="flex min-h-dvh flex-col">
      <AppHeader me={me} />
      <BusyBanner />
      <EmailVerificationBanner me={me} />
      {!bannerInPage && banner}
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-4 sm:px-6 sm:py-6 lg:px-8">
        <Outlet context={outlet} />
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

interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

const NAV_ITEMS: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/calls', label: 'Calls', icon: PhoneCall },
  { to: '/outbox', label: 'Outbox', icon: MessageSquareText },
  { to: '/settings', label: 'Settings', icon: SlidersHorizontal },
  { to: '/account/billing', label: 'Billing', icon: CreditCard },
];
const ADMIN_NAV_ITEM: NavItem = { to: '/admin', label: 'Admin', icon: Settings };

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'inline-flex items-center gap-1.5 rounded-md px-2.5 py-1.5 text-sm font-medium',
    isActive ? 'bg-brand-50 text-brand-800' : 'text-stone-600 hover:bg-stone-100 hover:text-stone-900',
  );

function AppHeader({ me }: { me: MeResponse }) {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const trialExpired = planAccessOf(me) === 'expired';
  const navItems = me.isAdmin ? [...NAV_ITEMS, ADMIN_NAV_ITEM] : NAV_ITEMS;
  const leave = async () => {
    await signOut();
    void navigate('/login', { replace: true });
  };
  return (
    <header className="border-b border-stone-200 bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-2.5 sm:px-6 sm:py-3 lg:px-8">
        <div className="flex min-w-0 items-center gap-2 sm:gap-3">
          <Logo to="/dashboard" labelClassName="max-sm:sr-only" />
          {me.testMode && (
            <span
              className="rounded-full border border-amber-300 bg-amber-50 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-800"
              title="Calls, texts and payments are simulated: nothing real is dialled, sent or charged."
            >
              Test mode
            </span>
          )}
          {trialExpired && (
            <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-red-800">
              Trial expired
            </span>
          )}
        </div>
        {/* Labels from lg up, icons with their names for screen readers below; on a phone, a menu. */}
        <nav aria-label="Main" className="flex items-center gap-1 max-sm:hidden">
          {navItems.map(({ to, label, icon: Icon }) => (
            <NavLink key={to} to={to} className={navLinkClass} title={label}>
              <Icon className="size-4" aria-hidden="true" />
              <span className="max-lg:sr-only">{label}</span>
            </NavLink>
          ))}
          <span className="mx-1 h-5 w-px bg-stone-200" aria-hidden="true" />
          <span className="hidden text-sm text-stone-500 xl:inline" title={me.user.email}>
            {me.user.name}
          </span>
          <Button variant="ghost" size="sm" onClick={() => void leave()} title="Sign out">
            <LogOut className="size-4" aria-hidden="true" />
            <span className="max-lg:sr-only">Sign out</span>
          </Button>
        </nav>
        <PhoneMenu me={me} items={navItems} onSignOut={leave} />
      </div>
    </header>
  );
}

/** The navigation on a phone: one button in the header row, opening the links and Sign out. */
function PhoneMenu({ me, items, onSignOut }: { me: MeResponse; items: NavItem[]; onSignOut: () => Promise<void> }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <Popover.Root open={isOpen} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <Button variant="secondary" className="shrink-0 sm:hidden max-sm:size-10 max-sm:px-0" aria-label="Menu">
          {isOpen ? <X className="size-5" aria-hidden="true" /> : <Menu className="size-5" aria-hidden="true" />}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          className="z-40 w-64 rounded-xl border border-stone-200 bg-white p-2 shadow-lg"
        >
          <nav aria-label="Main" className="flex flex-col gap-0.5">
            {items.map(({ to, label, icon: Icon }) => (
              <NavLink
                key={to}
                to={to}
                onClick={() => setOpen(false)}
                className={(state) => clsx(navLinkClass(state), 'py-2.5')}
              >
                <Icon className="size-4" aria-hidden="true" />
                {label}
              </NavLink>
            ))}
          </nav>
          <div className="mt-2 border-t border-stone-200 px-2.5 pt-2">
            <p className="truncate text-sm font-medium text-stone-800">{me.user.name}</p>
            <p className="truncate text-xs text-stone-500">{me.user.email}</p>
            <Button variant="ghost" size="sm" className="-mx-2.5 mt-1" onClick={() => void onSignOut()}>
              <LogOut className="size-4" aria-hidden="true" />
              Sign out
            </Button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
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
            : !plan.currentPeriodEnd
              ? `Your ${PRO_PLAN.name} subscription is active.`
              : plan.providerStatus === 'trialing'
                ? // Subscribed during the trial: nothing is charged until it ends.
                  `You are subscribed to ${PRO_PLAN.name}. Your free trial continues; the first charge is on ${formatPlanDate(plan.currentPeriodEnd)}.`
                : `Your next billing date is ${formatPlanDate(plan.currentPeriodEnd)}.`
        }
        action={
          <ButtonLink to="/account/billing" size="sm" variant="secondary">
            Manage Subscription
          </ButtonLink>
        }
      />
    );
  }

  const access = planAccessOf(me);
  return (
    <BannerRow
      tone="brand"
      icon={Sparkles}
      message={
        access === 'trial'
          ? MSG.upgradeBanner
          : plan.status === 'canceled'
            ? MSG.upgradeBannerEnded
            : MSG.upgradeBannerExpired
      }
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
    <section aria-label="Subscription status" className={clsx('border-b', bannerTones[tone])}>
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
