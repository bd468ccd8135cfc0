import { useId, useState, type ReactNode } from 'react';
import clsx from 'clsx';
import { ChevronDown } from 'lucide-react';
import { pluralDays } from '@shared/domain/trial';
import { useAppOutletContext } from '@web/lib/app-outlet';
import { formatPlanDate } from '@web/lib/queries/billing';
import { usePhoneSystem } from '@web/lib/queries/phone-system';
import { useBusyMode } from '@web/lib/queries/restaurant';
import { useSession } from '@web/lib/session';
import { planAccessOf } from '@web/lib/plan-access';
import { BusyModeToggle } from './busy-mode-toggle';
import { PhoneCard } from './phone-card';
import { TrialBanner, useTrialReminder } from './trial-banner';

type Tone = 'ok' | 'neutral' | 'warn' | 'alert';

const DOT: Record<Tone, string> = {
  ok: 'bg-emerald-500',
  neutral: 'bg-stone-400',
  warn: 'bg-amber-500',
  alert: 'bg-red-600',
};

interface Chip {
  key: string;
  tone: Tone;
  text: string;
}

/**
 * The restaurant's state above the orders: plan notices, the trial reminder, busy mode and the phone system. Once
 * there are orders it folds into one line of short phrases that opens to the full notices and cards, so the first
 * order is in view on a phone and on a laptop; on an empty board, or when the plan has ended, it starts open.
 */
export function BoardStatus({
  planNotice,
  isBoardEmpty,
  alert,
}: {
  planNotice: ReactNode;
  isBoardEmpty: boolean;
  /** The new-order alert, beside the line on a wide screen so it costs the orders no height there. */
  alert: ReactNode;
}) {
  const panelId = useId();
  const outlet = useAppOutletContext();
  const subscriptionBanner = outlet?.subscriptionBanner ?? null;
  const chips = useStatusChips();
  const [openChoice, setOpenChoice] = useState<boolean | null>(null);
  const isOpen = openChoice ?? (Boolean(planNotice) || isBoardEmpty);

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-3 lg:flex-row">
        <div className="relative flex min-h-10 flex-1 items-center gap-2 rounded-xl border border-stone-200 bg-white py-1.5 pr-1.5 pl-3 text-sm text-stone-700 shadow-sm">
          <p className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2.5 gap-y-1 sm:gap-x-4">
            <span className="sr-only">Restaurant status: </span>
            {chips.map((chip) => (
              <span key={chip.key} className="inline-flex items-center gap-1 whitespace-nowrap sm:gap-1.5">
                <span className={clsx('size-2 shrink-0 rounded-full', DOT[chip.tone])} aria-hidden="true" />
                <span className={clsx(chip.tone === 'alert' && 'font-semibold text-red-800')}>{chip.text}</span>
                <span className="sr-only">.</span>
              </span>
            ))}
          </p>
          {/* On a phone the whole line is the button's touch target. */}
          <button
            type="button"
            aria-expanded={isOpen}
            aria-controls={isOpen ? panelId : undefined}
            onClick={() => setOpenChoice(!isOpen)}
            className="inline-flex h-8 shrink-0 items-center gap-1 rounded-lg px-2 font-medium text-stone-600 hover:bg-stone-100 hover:text-stone-900 max-sm:after:absolute max-sm:after:inset-0 max-sm:after:content-['']"
          >
            <span className="sr-only">Status </span>
            <span className="max-sm:sr-only">Details</span>
            <ChevronDown className={clsx('size-4 transition-transform', isOpen && 'rotate-180')} aria-hidden="true" />
          </button>
        </div>
        {alert}
      </div>

      {isOpen && (
        <div id={panelId} className="flex flex-col gap-3">
          {subscriptionBanner && (
            <div className="overflow-hidden rounded-xl border border-stone-200">{subscriptionBanner}</div>
          )}
          {planNotice}
          <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
            <TrialBanner className="md:col-span-2 xl:col-span-1" />
            <BusyModeToggle />
            <PhoneCard />
          </div>
        </div>
      )}
    </div>
  );
}

/** One short phrase each for the folded line. */
function useStatusChips(): Chip[] {
  const { me } = useSession();
  const trial = useTrialReminder();
  const busy = useBusyMode();
  const phone = usePhoneSystem();
  const chips: Chip[] = [];

  if (me && planAccessOf(me) === 'expired') {
    chips.push({ key: 'plan', tone: 'alert', text: 'Not taking new orders' });
  } else if (me?.plan.status === 'past_due') {
    chips.push({ key: 'plan', tone: 'alert', text: 'Payment failed' });
  } else if (me?.plan.status === 'canceling' && me.plan.currentPeriodEnd) {
    chips.push({ key: 'plan', tone: 'warn', text: `Plan ends ${formatPlanDate(me.plan.currentPeriodEnd)}` });
  } else if (trial) {
    chips.push({
      key: 'plan',
      tone: trial.isUrgent ? 'warn' : 'neutral',
      text: `Trial: ${pluralDays(trial.daysLeft)}`,
    });
  }

  if (busy.data === true) {
    chips.push({
      key: 'busy',
      tone: 'alert',
      text: busy.minutesLeft !== null ? `Busy: ${busy.minutesLeft} min left` : 'Busy mode on',
    });
  } else if (busy.data === false) {
    chips.push({ key: 'busy', tone: 'neutral', text: 'Not busy' });
  }

  if (phone.data) {
    const isActive = Boolean(phone.data.agentId && phone.data.phoneNumber);
    chips.push(
      isActive
        ? { key: 'phone', tone: 'ok', text: 'Phone active' }
        : {
            key: 'phone',
            tone: 'warn',
            text: phone.data.status === 'failed' ? 'Phone setup failed' : 'Phone setup pending',
          },
    );
  } else if (phone.isError) {
    chips.push({ key: 'phone', tone: 'warn', text: 'Phone status unknown' });
  }
  return chips;
}
