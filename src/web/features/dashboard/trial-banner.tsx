import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import clsx from 'clsx';
import { Clock, TriangleAlert, X } from 'lucide-react';
import { isTrialUrgent, pluralDays, trialDaysLeft } from '@shared/domain/trial';
import { useSession } from '@web/lib/session';
import { planAccessOf } from '@web/lib/plan-access';

/** The spec re-reads days left every 12 hours, so a dashboard left open overnight stays right. */
const REFRESH_MS = 12 * 60 * 60 * 1000;
const DISMISSED_KEY = 'pickupline.trialBannerDismissedAt';

const dismissListeners = new Set<() => void>();
const dismissedAt = {
  get: () => sessionStorage.getItem(DISMISSED_KEY),
  set: (daysLeft: number) => {
    sessionStorage.setItem(DISMISSED_KEY, String(daysLeft));
    for (const notify of dismissListeners) notify();
  },
  subscribe: (listener: () => void) => {
    dismissListeners.add(listener);
    return () => dismissListeners.delete(listener);
  },
};

export interface TrialReminder {
  daysLeft: number;
  isUrgent: boolean;
  dismiss: () => void;
}

/**
 * The trial reminder while there is one to show: on the trial, days left, and not dismissed. Dismissed for this
 * browser session and this day count: the next day's (possibly urgent) reminder shows again.
 */
export function useTrialReminder(): TrialReminder | null {
  const { me } = useSession();
  const [now, setNow] = useState(() => new Date());
  const dismissed = useSyncExternalStore(dismissedAt.subscribe, dismissedAt.get, () => null);

  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  const trialEndsAt = me?.restaurant.trialEndsAt;
  // Only while the trial is what runs: a plan subscribed to during the trial has taken over.
  if (!me || planAccessOf(me, now) !== 'trial' || !trialEndsAt) return null;
  const daysLeft = trialDaysLeft(trialEndsAt, now);
  if (daysLeft <= 0 || dismissed === String(daysLeft)) return null;
  return { daysLeft, isUrgent: isTrialUrgent(daysLeft), dismiss: () => dismissedAt.set(daysLeft) };
}

export function TrialBanner({ className }: { className?: string }) {
  const reminder = useTrialReminder();
  if (!reminder) return null;
  const { daysLeft, isUrgent, dismiss } = reminder;

  return (
    <section
      aria-label="Free trial"
      className={clsx(
        'flex items-start gap-3 rounded-xl border px-4 py-3 text-sm',
        isUrgent ? 'border-amber-300 bg-amber-50 text-amber-950' : 'border-sky-200 bg-sky-50 text-sky-950',
        className,
      )}
    >
      {isUrgent ? (
        <TriangleAlert className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden="true" />
      ) : (
        <Clock className="mt-0.5 size-5 shrink-0 text-sky-600" aria-hidden="true" />
      )}
      <p className="flex-1">
        {isUrgent ? (
          <>
            <strong className="font-semibold">Your free trial expires in {pluralDays(daysLeft)}.</strong> Upgrade to
            keep your phone assistant taking orders.{' '}
          </>
        ) : (
          <>
            <strong className="font-semibold">{pluralDays(daysLeft)} left</strong> in your free trial.{' '}
          </>
        )}
        <Link to="/pricing" className="font-semibold underline underline-offset-2 hover:no-underline">
          {isUrgent ? 'View plans' : 'See the Pro plan'}
        </Link>
      </p>
      <button
        type="button"
        onClick={dismiss}
        aria-label="Dismiss trial reminder"
        className={clsx(
          '-m-1 rounded-md p-1',
          isUrgent ? 'text-amber-800 hover:bg-amber-100' : 'text-sky-800 hover:bg-sky-100',
        )}
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </section>
  );
}
