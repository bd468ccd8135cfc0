import { useMatch } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Hourglass } from 'lucide-react';
import { Button } from '@web/components/button';
import { useRealtimeEvents } from '@web/lib/realtime';
import { useRestaurantClock } from '@web/lib/relative-time';
import { useMediaQuery } from '@web/lib/use-media-query';
import { botPreferencesQuery, setCachedBusyMode, useBusyMode } from '@web/lib/queries/restaurant';
import { formatMinutes, useSwitchBusyMode } from './busy-mode-toggle';

/**
 * While busy mode is on, a line under the header of every owner page: how long it has left (to the minute, counting
 * down) and a way to turn it off, so it is not forgotten on. It goes away by itself when busy mode ends.
 */
export function BusyBanner() {
  const busy = useBusyMode();
  const clock = useRestaurantClock();
  const { switchBusyMode, isPending } = useSwitchBusyMode();
  // The dashboard already follows live events (and applies busy mode changes); other pages need the banner to.
  const isOnDashboard = useMatch('/dashboard') !== null;
  // One short line on a phone, so the page below starts high.
  const isPhone = useMediaQuery('(max-width: 639.98px)');
  if (!busy.data) return null;

  return (
    <section aria-label="Busy mode status" className="border-b border-red-200 bg-red-50 text-red-950">
      {!isOnDashboard && <FollowBusyMode />}
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-2 text-sm sm:px-6 lg:px-8">
        <p className="flex min-w-0 items-center gap-2">
          <Hourglass className="size-4 shrink-0 text-red-600" aria-hidden="true" />
          <span>
            <strong className="font-semibold">{isPhone ? 'Busy mode on' : 'Busy mode is on'}</strong>
            {busy.busyUntil && busy.minutesLeft !== null ? (
              <>
                {' · '}
                {isPhone ? `${busy.minutesLeft} min left` : `${formatMinutes(busy.minutesLeft)} left`}
                <span className="max-sm:hidden">
                  , until <time dateTime={busy.busyUntil}>{clock.time(busy.busyUntil)}</time>
                </span>
              </>
            ) : (
              <span> until you turn it off</span>
            )}
            <span className="max-md:hidden">. Callers are told you are too busy to take phone orders.</span>
          </span>
        </p>
        <Button
          size="sm"
          variant="secondary"
          className="shrink-0"
          isLoading={isPending}
          onClick={() => void switchBusyMode({ isBusyMode: false })}
        >
          Turn off
        </Button>
      </div>
    </section>
  );
}

/** Applies busy mode changes from the owner's other tabs and devices, and the server ending it, as they happen. */
function FollowBusyMode() {
  const queryClient = useQueryClient();
  useRealtimeEvents({
    onEvent: (event) => {
      if (event.type === 'restaurant.updated') {
        setCachedBusyMode(queryClient, event.isBusyMode, event.busyUntil ?? null);
      }
      return event.type === 'resync';
    },
    refresh: () => void queryClient.invalidateQueries({ queryKey: botPreferencesQuery.queryKey }),
  });
  return null;
}
