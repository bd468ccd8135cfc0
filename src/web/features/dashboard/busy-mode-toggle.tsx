import { useId, useState } from 'react';
import clsx from 'clsx';
import toast from 'react-hot-toast';
import { Switch } from 'radix-ui';
import type { BusyModeInput } from '@shared/contracts/restaurant';
import { BUSY_MODE_DURATIONS, type BusyModeDuration } from '@shared/domain/busy-mode';
import { useRestaurantClock } from '@web/lib/relative-time';
import { useBusyMode, useSetBusyMode } from '@web/lib/queries/restaurant';
import { useSession } from '@web/lib/session';
import { planAccessOf } from '@web/lib/plan-access';

export const BUSY_MODE_MESSAGES = {
  enabled: 'Busy mode enabled. New phone orders will be notified that you are too busy.',
  disabled: 'Busy mode disabled. You are now accepting phone orders.',
  failed: 'Failed to update busy mode. Please try again.',
} as const;

export const PLAN_ENDED_DESCRIPTION = 'Your plan has ended, so your assistant is not taking new orders.';

const UNTIL_SWITCHED_OFF = 'until-off';
type DurationChoice = `${BusyModeDuration}` | typeof UNTIL_SWITCHED_OFF;
const DURATION_CHOICES: { value: DurationChoice; label: string }[] = [
  ...BUSY_MODE_DURATIONS.map((minutes) => ({
    value: `${minutes}` as const,
    label: minutes === 60 ? '1 hour' : `${minutes} minutes`,
  })),
  { value: UNTIL_SWITCHED_OFF, label: 'Until I turn it off' },
];
/** A rush rarely lasts longer, and a timer cannot be forgotten on. */
const DEFAULT_DURATION: DurationChoice = '30';

export const formatMinutes = (minutes: number) => `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;

/** Busy mode on or off with the specification's toasts; the dashboard card and the banner both use it. */
export function useSwitchBusyMode() {
  const setBusyMode = useSetBusyMode();
  // The promise, not mutate's callbacks: the banner is gone the moment busy mode is off, and the toast still shows.
  const switchBusyMode = (input: BusyModeInput) =>
    setBusyMode.mutateAsync(input).then(
      (data) => void toast.success(data.isBusyMode ? BUSY_MODE_MESSAGES.enabled : BUSY_MODE_MESSAGES.disabled),
      () => void toast.error(BUSY_MODE_MESSAGES.failed),
    );
  return { switchBusyMode, isPending: setBusyMode.isPending };
}

/** While on, callers hear the owner's busy message instead of placing an order; it can end by itself. */
export function BusyModeToggle() {
  const id = useId();
  const busyMode = useBusyMode();
  const clock = useRestaurantClock();
  const { switchBusyMode, isPending } = useSwitchBusyMode();
  const [duration, setDuration] = useState<DurationChoice>(DEFAULT_DURATION);
  const isBusy = busyMode.data ?? false;
  const { me } = useSession();
  // Neither the trial nor a paid plan runs: callers are turned away whatever the switch says.
  const planEnded = me ? planAccessOf(me) === 'expired' : false;

  const onCheckedChange = (checked: boolean) =>
    void switchBusyMode(
      !checked
        ? { isBusyMode: false }
        : duration === UNTIL_SWITCHED_OFF
          ? { isBusyMode: true }
          : { isBusyMode: true, durationMinutes: Number(duration) as BusyModeDuration },
    );

  return (
    <section
      aria-labelledby={`${id}-label`}
      className={clsx(
        'flex flex-col gap-3 rounded-xl border bg-white p-4 shadow-sm',
        isBusy ? 'border-red-200' : 'border-stone-200',
      )}
    >
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <label id={`${id}-label`} htmlFor={id} className="font-semibold text-stone-900">
            Busy Mode
          </label>
          <p id={`${id}-description`} className="mt-0.5 text-sm text-stone-600">
            {planEnded
              ? PLAN_ENDED_DESCRIPTION
              : busyMode.isError
                ? 'Could not load the busy mode setting.'
                : isBusy
                  ? busyMode.busyUntil && busyMode.minutesLeft !== null
                    ? `On for another ${formatMinutes(busyMode.minutesLeft)}, until ${clock.time(busyMode.busyUntil)}.`
                    : 'On until you turn it off.'
                  : 'Off: your assistant is taking phone orders.'}
            {isBusy && !planEnded && busyMode.busyMessage && (
              <span className="mt-1 line-clamp-3 block text-stone-800">Callers hear: “{busyMode.busyMessage}”</span>
            )}
          </p>
        </div>
        <Switch.Root
          id={id}
          checked={isBusy}
          onCheckedChange={onCheckedChange}
          disabled={busyMode.isPending || busyMode.isError || isPending}
          aria-describedby={`${id}-description`}
          className="relative mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-stone-300 transition-colors disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:bg-red-600"
        >
          <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5.5" />
        </Switch.Root>
      </div>
      {!isBusy && !busyMode.isError && (
        <div className="flex items-center gap-2 text-sm">
          <label htmlFor={`${id}-duration`} className="text-stone-600">
            Turn on for
          </label>
          <select
            id={`${id}-duration`}
            value={duration}
            onChange={(e) => setDuration(e.target.value as DurationChoice)}
            disabled={busyMode.isPending || isPending}
            className="h-8 rounded-lg border border-stone-300 bg-white px-2 text-sm text-stone-900 disabled:opacity-60"
          >
            {DURATION_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
      )}
    </section>
  );
}
