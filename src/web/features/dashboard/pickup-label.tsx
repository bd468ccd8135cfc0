import clsx from 'clsx';
import { CalendarClock, Clock } from 'lucide-react';
import type { Order } from '@shared/contracts/orders';
import { isWaitingForStart, kitchenStartOf } from '@shared/domain/pickup-quote';
import { isSameDay, type RestaurantClock } from '@web/lib/relative-time';

/**
 * What the customer was told about a new order's pickup, on the restaurant's clock: "Scheduled for 7:00 PM" for a
 * time they asked for (with its day when it is not today), "Quoted around 5:40 PM" for as soon as possible; null
 * when nothing was quoted or the kitchen has set its own prep time.
 */
export function pickupLabel(
  order: Pick<Order, 'status' | 'scheduledFor' | 'quotedReadyAt'>,
  clock: RestaurantClock,
  now: number,
): string | null {
  if (order.status !== 'new') return null;
  if (order.scheduledFor) {
    const sameDay = isSameDay(order.scheduledFor, now, clock.timeZone);
    return `Scheduled for ${sameDay ? clock.time(order.scheduledFor) : clock.dayTime(order.scheduledFor)}`;
  }
  return order.quotedReadyAt ? `Quoted around ${clock.time(order.quotedReadyAt)}` : null;
}

/** The pickup line of a new order's card or ticket, saying when the kitchen starts a scheduled one. */
export function PickupLine({
  order,
  clock,
  now,
  compact = false,
}: {
  order: Order;
  clock: RestaurantClock;
  now: number;
  compact?: boolean;
}) {
  const label = pickupLabel(order, clock, now);
  if (!label) return null;
  const Icon = order.scheduledFor ? CalendarClock : Clock;
  const waiting = isWaitingForStart(order, now);
  const startsAt = order.scheduledFor ? kitchenStartOf(Date.parse(order.scheduledFor), order.prepMinutes ?? 0) : null;
  const startLine = waiting && startsAt !== null ? `kitchen starts ${clock.time(startsAt)}` : null;
  if (compact) {
    return (
      <p data-pickup={order.scheduledFor ? 'scheduled' : 'quoted'} className="flex gap-1 text-xs text-indigo-950">
        <Icon className="mt-px size-3.5 shrink-0" aria-hidden="true" />
        <span className="min-w-0">
          <span className="font-semibold">{label}</span>
          {startLine && <span className="block text-stone-700">{startLine}</span>}
        </span>
      </p>
    );
  }
  return (
    <p
      data-pickup={order.scheduledFor ? 'scheduled' : 'quoted'}
      className={clsx(
        'flex flex-wrap items-center gap-x-1.5 gap-y-0.5 rounded-lg px-3 py-1.5 text-sm ring-1 ring-inset',
        order.scheduledFor
          ? 'bg-indigo-50 text-indigo-950 ring-indigo-200'
          : 'bg-stone-50 text-stone-800 ring-stone-200',
      )}
    >
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      <span className="font-semibold">{label}</span>
      {startLine && <span className="text-stone-700">· {startLine}</span>}
    </p>
  );
}
