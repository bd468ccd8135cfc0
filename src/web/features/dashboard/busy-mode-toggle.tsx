import { useId } from 'react';
import clsx from 'clsx';
import toast from 'react-hot-toast';
import { Switch } from 'radix-ui';
import { useBusyMode, useSetBusyMode } from '@web/lib/queries/restaurant';

export const BUSY_MODE_MESSAGES = {
  enabled: 'Busy mode enabled. New phone orders will be notified that you are too busy.',
  disabled: 'Busy mode disabled. You are now accepting phone orders.',
  failed: 'Failed to update busy mode. Please try again.',
} as const;

/** While on, callers hear that the restaurant is too busy to take phone orders. */
export function BusyModeToggle() {
  const id = useId();
  const busyMode = useBusyMode();
  const setBusyMode = useSetBusyMode();
  const isBusy = busyMode.data ?? false;

  const onCheckedChange = (checked: boolean) =>
    setBusyMode.mutate(checked, {
      onSuccess: (data) => toast.success(data.isBusyMode ? BUSY_MODE_MESSAGES.enabled : BUSY_MODE_MESSAGES.disabled),
      onError: () => toast.error(BUSY_MODE_MESSAGES.failed),
    });

  return (
    <section
      aria-labelledby={`${id}-label`}
      className={clsx(
        'flex items-start justify-between gap-4 rounded-xl border bg-white p-4 shadow-sm',
        isBusy ? 'border-red-200' : 'border-stone-200',
      )}
    >
      <div className="min-w-0">
        <label id={`${id}-label`} htmlFor={id} className="font-semibold text-stone-900">
          Busy Mode
        </label>
        <p id={`${id}-description`} className="mt-0.5 text-sm text-stone-600">
          {busyMode.isError
            ? 'Could not load the busy mode setting.'
            : isBusy
              ? 'On: callers are told you are too busy to take phone orders.'
              : 'Off: your assistant is taking phone orders.'}
        </p>
      </div>
      <Switch.Root
        id={id}
        checked={isBusy}
        onCheckedChange={onCheckedChange}
        disabled={busyMode.isPending || busyMode.isError || setBusyMode.isPending}
        aria-describedby={`${id}-description`}
        className="relative mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-stone-300 transition-colors disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:bg-red-600"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5.5" />
      </Switch.Root>
    </section>
  );
}
