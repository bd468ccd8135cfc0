import { useId } from 'react';
import clsx from 'clsx';
import toast from 'react-hot-toast';
import { LayoutGrid, Rows3, TriangleAlert } from 'lucide-react';
import type { Order } from '@shared/contracts/orders';
import { DEFAULT_MENU_PREP_MINUTES, PREP_TIME_OPTIONS, formatOrderNumber, type PrepTime } from '@shared/domain/orders';
import { describeChosenOptions } from '@shared/domain/menu-options';
import { ApiError } from '@web/lib/api';
import { deviceSetting, useDeviceSetting } from '@web/lib/local-settings';
import { useNow, useRestaurantClock } from '@web/lib/relative-time';
import { Spinner } from '@web/components/button';
import { orderElementId, successMessage } from './order-card';
import { STATUS_STYLES, ageLevelOf, formatAge, readyByOf, type AgeLevel } from './order-status';
import { useOrderAction, type OrderAction } from './use-orders';
import { PickupLine } from './pickup-label';

/** The board as a kitchen display (a rail of compact tickets) rather than cards: a choice of this device's. */
export const railView = deviceSetting('pickupline.boardRail', false);

export const useRailView = () => useDeviceSetting(railView);

/** Cards / Rail, side by side; the one in use is pressed. */
export function BoardViewSwitch() {
  const [isRail, setRail] = useRailView();
  const option = (rail: boolean, label: string, Icon: typeof LayoutGrid) => (
    <button
      type="button"
      aria-pressed={isRail === rail}
      onClick={() => setRail(rail)}
      className={clsx(
        'inline-flex h-7 items-center gap-1.5 rounded-full px-2.5 text-sm font-medium whitespace-nowrap',
        isRail === rail ? 'bg-stone-800 text-white' : 'text-stone-700 hover:bg-stone-100',
      )}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {label}
    </button>
  );
  return (
    <div
      role="group"
      aria-label="Board view"
      title="How this device shows the orders"
      className="inline-flex h-8 items-center gap-0.5 rounded-full border border-stone-200 bg-white p-0.5"
    >
      {option(false, 'Cards', LayoutGrid)}
      {option(true, 'Rail', Rows3)}
    </div>
  );
}

/** Still to be made: the kitchen's share of the queue. */
const isToMake = (order: Order) => order.status === 'new' || order.status === 'preparing';

/** 'Large Pizza', 'Large Carnitas Burrito + Cheese, Salsa': a dish as the kitchen counts it, with its options. */
export function allDayLabel(name: string, options: readonly { choice: string }[]): string {
  const [first, ...rest] = options;
  if (!first) return name;
  return rest.length > 0 ? `${first.choice} ${name} + ${describeChosenOptions(rest)}` : `${first.choice} ${name}`;
}

/**
 * The all-day count: for every dish and choice of options, how many the open orders (new and preparing) still need,
 * most first. Custom requests have no lines to count; their tickets say what they are.
 */
export function allDayTally(orders: readonly Order[]): { label: string; quantity: number }[] {
  const tally = new Map<string, { label: string; quantity: number }>();
  for (const order of orders) {
    if (!isToMake(order)) continue;
    for (const line of order.items) {
      const options = line.options ?? [];
      const key = [line.name, ...options.map((o) => `${o.group}\u0000${o.choice}`)].join('\u0001');
      const entry = tally.get(key) ?? { label: allDayLabel(line.name, options), quantity: 0 };
      entry.quantity += line.quantity;
      tally.set(key, entry);
    }
  }
  return [...tally.values()].sort((a, b) => b.quantity - a.quantity || a.label.localeCompare(b.label));
}

export function AllDayStrip({ orders }: { orders: readonly Order[] }) {
  const headingId = useId();
  const tally = allDayTally(orders);
  if (tally.length === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-wrap items-center gap-x-2 gap-y-1.5 rounded-xl border border-stone-200 bg-white px-3 py-2"
    >
      <h2 id={headingId} className="text-xs font-bold tracking-wide text-stone-600 uppercase">
        All-day
      </h2>
      <ul aria-label="Still to make, all open orders" className="flex flex-wrap gap-1.5">
        {tally.map((dish) => (
          <li
            key={dish.label}
            className="rounded-md bg-stone-100 px-2 py-0.5 text-sm font-medium text-stone-900 ring-1 ring-stone-200 ring-inset"
          >
            {dish.label} <span className="font-bold tabular-nums">× {dish.quantity}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The prep time a new order starts with on one tap, rounded up to a kitchen step: the time the kitchen already gave
 * it, else its own preparation time (its slowest dish, stored when it was placed), else the kitchen's usual.
 */
export function bumpPrepMinutes(order: Pick<Order, 'readyInMinutes' | 'prepMinutes'>): PrepTime {
  const wanted = order.readyInMinutes ?? order.prepMinutes ?? DEFAULT_MENU_PREP_MINUTES;
  return PREP_TIME_OPTIONS.find((minutes) => minutes >= wanted) ?? PREP_TIME_OPTIONS[PREP_TIME_OPTIONS.length - 1]!;
}

/** One tap's step for each open status, as the card's own button takes it. */
function bumpOf(order: Order): { action: OrderAction; label: string } | null {
  switch (order.status) {
    case 'new': {
      const minutes = bumpPrepMinutes(order);
      return { action: { type: 'prep-time', minutes }, label: `Start · ${minutes} min` };
    }
    case 'preparing':
      return { action: { type: 'ready' }, label: 'Mark ready' };
    case 'ready':
      return { action: { type: 'complete' }, label: 'Picked up' };
    case 'completed':
    case 'cancelled':
      return null;
  }
}

const AGE_STYLES: Record<AgeLevel, string> = {
  fresh: 'bg-stone-100 text-stone-900',
  warn: 'bg-amber-300 text-amber-950',
  late: 'bg-red-600 text-white',
};

const BUMP_STYLES: Record<Order['status'], string> = {
  new: 'bg-brand-700 text-white hover:bg-brand-800',
  preparing: 'bg-emerald-700 text-white hover:bg-emerald-800',
  ready: 'bg-stone-800 text-white hover:bg-stone-900',
  completed: '',
  cancelled: '',
};

/** A compact kitchen ticket: number, wait, what to make, and one button that moves it on. */
export function RailTicket({ order, isHighlighted = false }: { order: Order; isHighlighted?: boolean }) {
  const titleId = useId();
  const now = useNow();
  const clock = useRestaurantClock();
  const action = useOrderAction(order.id);
  const number = formatOrderNumber(order.dailyNumber);
  const style = STATUS_STYLES[order.status];
  const age = ageLevelOf(order, now);
  const readyBy = readyByOf(order);
  const bump = bumpOf(order);

  async function run(next: OrderAction) {
    try {
      toast.success(successMessage(next, await action.mutateAsync(next)));
    } catch (error) {
      const reason = error instanceof ApiError ? error.message : null;
      toast.error(
        <span>
          <span className="block font-medium">Failed to update order</span>
          {reason && <span className="block text-sm text-stone-600">{reason}</span>}
        </span>,
      );
    }
  }

  return (
    <article
      id={orderElementId(order.id)}
      tabIndex={-1}
      aria-labelledby={titleId}
      data-age={age}
      className={clsx(
        'flex h-full flex-col overflow-hidden rounded-lg border border-l-4 border-stone-300 bg-white text-sm shadow-sm',
        style.accent,
        isHighlighted && 'ring-2 ring-brand-500 ring-offset-2',
      )}
    >
      <header className={clsx('flex items-baseline justify-between gap-2 px-2.5 py-1.5', AGE_STYLES[age])}>
        <h3 id={titleId} className="min-w-0">
          <span className="text-lg font-bold tabular-nums">
            <span className="sr-only">Order </span>
            {number || 'Order'}
          </span>
          <span className="sr-only"> {order.customerName || 'Phone customer'}</span>
        </h3>
        <time dateTime={order.createdAt} title={`Placed ${clock.dateTime(order.createdAt)}`} className="shrink-0">
          <span className="sr-only">Waiting </span>
          <span className="font-semibold tabular-nums">{formatAge(order.createdAt, now)}</span>
        </time>
      </header>

      <div className="flex flex-1 flex-col gap-1.5 px-2.5 py-2">
        <p aria-hidden="true" className="truncate font-medium text-stone-800">
          {order.customerName || 'Phone customer'}
        </p>
        <p className="flex flex-wrap items-center gap-1.5 text-xs">
          <span className={clsx('rounded-full px-1.5 py-px font-semibold ring-1 ring-inset', style.badge)}>
            {style.label}
          </span>
          {readyBy !== null && (
            <span className={clsx('font-medium', now > readyBy ? 'text-red-700' : 'text-stone-700')}>
              Ready by <time dateTime={new Date(readyBy).toISOString()}>{clock.time(readyBy)}</time>
            </span>
          )}
        </p>
        {order.scheduledFor && <PickupLine order={order} clock={clock} now={now} compact />}
        {order.needsReview && (
          <p className="flex gap-1 rounded bg-amber-100 px-1.5 py-1 text-xs font-medium text-amber-950">
            <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
            <span className="min-w-0 break-words">
              Check: {order.reviewReason ?? 'the assistant was not sure about this order.'}
            </span>
          </p>
        )}
        {order.items.length > 0 ? (
          <ul aria-label="Items" className="flex flex-col gap-1">
            {order.items.map((line, index) => (
              <li key={index} className="leading-snug">
                <span className="font-bold tabular-nums">{line.quantity} ×</span>{' '}
                <span className="font-medium break-words text-stone-900">{line.name}</span>
                {(line.options ?? []).length > 0 && (
                  <span className="block text-xs text-stone-700">{describeChosenOptions(line.options)}</span>
                )}
                {line.notes && <span className="block text-xs text-stone-600 italic">{line.notes}</span>}
              </li>
            ))}
          </ul>
        ) : order.isCustomOrder ? (
          <p className="rounded bg-violet-50 px-1.5 py-1 text-xs break-words whitespace-pre-line text-violet-950">
            <span className="font-semibold">Custom: </span>
            {order.customOrderText ?? 'see the call'}
          </p>
        ) : (
          <p className="font-medium">
            {order.quantity} × {order.item}
          </p>
        )}
      </div>

      {bump && (
        <button
          type="button"
          disabled={action.isPending}
          aria-busy={action.isPending || undefined}
          onClick={() => void run(bump.action)}
          className={clsx(
            // The ticket clips what overflows its rounded corners: the focus ring goes inside the button.
            'flex min-h-11 w-full items-center justify-center gap-2 px-2 text-sm font-semibold focus-visible:-outline-offset-4 focus-visible:outline-white disabled:cursor-not-allowed disabled:opacity-60',
            BUMP_STYLES[order.status],
          )}
        >
          {action.isPending && <Spinner className="size-4" />}
          {bump.label}
          <span className="sr-only"> for order {number || order.customerName || 'from a phone customer'}</span>
        </button>
      )}
    </article>
  );
}

/** The rail: compact tickets, several across, in queue order. */
export function OrderRail({
  orders,
  label,
  id,
  isPlaceholder,
  highlightedOrderId,
}: {
  orders: Order[];
  label: string;
  id?: string;
  isPlaceholder?: boolean;
  highlightedOrderId?: string | null;
}) {
  return (
    <ul
      id={id}
      aria-label={label}
      aria-busy={isPlaceholder || undefined}
      className={clsx(
        'grid grid-cols-2 items-stretch gap-2 transition-opacity sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6',
        isPlaceholder && 'opacity-60',
      )}
    >
      {orders.map((order) => (
        <li key={order.id} className="min-w-0">
          <RailTicket order={order} isHighlighted={order.id === highlightedOrderId} />
        </li>
      ))}
    </ul>
  );
}
