import clsx from 'clsx';
import { Globe } from 'lucide-react';
import { useRestaurantClock, zonePlace } from '@web/lib/relative-time';

/**
 * Says whose clock the page's times follow, only when it could confuse: this browser's clock reads otherwise than the
 * restaurant's (a tablet set to the wrong zone, an owner away from home).
 */
export function ZoneNote({ className }: { className?: string }) {
  const { timeZone, otherZoneName } = useRestaurantClock();
  if (!timeZone || !otherZoneName) return null;
  return (
    <p className={clsx('flex items-center gap-1.5 text-xs text-stone-600', className)}>
      <Globe className="size-3.5 shrink-0" aria-hidden="true" />
      <span>
        Times are in the restaurant’s time zone: {zonePlace(timeZone)} ({otherZoneName}).
      </span>
    </p>
  );
}
