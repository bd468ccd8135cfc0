import { useId, useState } from 'react';
import { Link } from 'react-router';
import clsx from 'clsx';
import toast from 'react-hot-toast';
import { AlarmClock, Ban, Clock, PackageCheck, Phone, PhoneCall, TriangleAlert } from 'lucide-react';
import type { Order } from '@shared/contracts/orders';
import {
  CANCEL_REASON_LABELS,
  PREP_TIME_OPTIONS,
  canCancel,
  formatOrderNumber,
  isActiveOrderStatus,
  prepTiming,
  type CancelReason,
  type OrderSource,
} from '@shared/domain/orders';
import { formatPhoneDisplay } from '@shared/domain/phone';
import { formatCents, multiplyCents } from '@shared/domain/money';
import { describeChosenOptions } from '@shared/domain/menu-options';
import { ApiError } from '@web/lib/api';
import { formatTimeAgo, useNow, useRestaurantClock, type RestaurantClock } from '@web/lib/relative-time';
import { Button, Spinner } from '@web/components/button';
import { TEXT_KIND_LABELS, TextStatus } from '@web/components/text-status';
import { CancelOrderDialog } from './cancel-order-dialog';
import { CUSTOM_BADGE, STATUS_STYLES, formatAge } from './order-status';
import { PrintTicketButton } from './order-ticket';
import { PickupLine } from './pickup-label';
import { useOrderAction, type OrderAction } from './use-orders';

/** A text for this step is on its way (automatic texts on, and a number we can text). */
const isTexted = (order: Order, kind: 'preparing' | 'cancelled') =>
  order.notifications.some((n) => n.kind === kind && n.status !== 'failed');

/** The spec's toasts; "customer notified" only when a text actually went out with the change. */
export function successMessage(action: OrderAction, order: Order): string {
  switch (action.type) {
    case 'prep-time':
      return isTexted(order, 'preparing') ? 'Order updated and customer notified' : 'Order updated';
    case 'ready':
      return 'Order marked as ready';
    case 'complete':
      return 'Order marked as completed';
    case 'cancel': {
      const done = action.reason === 'no_show' ? 'Order marked as a no-show' : 'Order cancelled';
      return isTexted(order, 'cancelled') ? `${done} and customer notified` : done;
    }
  }
}

export const orderElementId = (orderId: string) => `order-${orderId}`;

/** Where the order came from, as a pill on the card. */
const SOURCE_PILLS: Record<OrderSource, { label: string; className: string }> = {
  phone: { label: 'Phone order', className: 'bg-white text-sky-800 ring-sky-200' },
  test: { label: 'Test', className: 'bg-white text-stone-600 ring-stone-300' },
  simulator: { label: 'Test call', className: 'bg-white text-stone-600 ring-stone-300' },
};

export function OrderCard({ order, isHighlighted = false }: { order: Order; isHighlighted?: boolean }) {
  const titleId = useId();
  const now = useNow();
  const clock = useRestaurantClock();
  const style = STATUS_STYLES[order.status];
  const source = SOURCE_PILLS[order.source];

  return (
    <article
      id={orderElementId(order.id)}
      tabIndex={-1}
      aria-labelledby={titleId}
      className={clsx(
        'flex h-full flex-col gap-3 rounded-xl border border-l-4 border-stone-200 bg-white p-4 shadow-sm',
        style.accent,
        order.isCustomOrder && 'bg-linear-to-br from-violet-50/60 to-white to-40%',
        isHighlighted && 'ring-2 ring-brand-500 ring-offset-2',
      )}
    >
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="mb-1.5 flex flex-wrap items-center gap-1.5">
            <Pill className={style.badge}>{style.label}</Pill>
            {order.needsReview && (
              <Pill className="inline-flex items-center gap-1 bg-amber-400 text-amber-950 ring-amber-500">
                <TriangleAlert className="size-3" aria-hidden="true" />
                Needs review
              </Pill>
            )}
            {order.isCustomOrder && <Pill className={CUSTOM_BADGE}>Custom</Pill>}
            <Pill className={source.className}>{source.label}</Pill>
          </div>
          <h3 id={titleId} className="flex min-w-0 items-baseline gap-2 text-base font-semibold text-stone-900">
            {order.dailyNumber !== null && (
              <span className="shrink-0 text-xl font-bold tabular-nums">
                <span className="sr-only">Order </span>
                {formatOrderNumber(order.dailyNumber)}
              </span>
            )}
            <span className="truncate">{order.customerName || 'Phone customer'}</span>
          </h3>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <a
              href={`tel:${order.phoneNumber}`}
              className="inline-flex items-center gap-1 text-sm text-stone-600 hover:text-stone-900 hover:underline"
            >
              <Phone className="size-3.5" aria-hidden="true" />
              {formatPhoneDisplay(order.phoneNumber)}
            </a>
            {order.callId && (
              <Link
                to={`/calls?call=${encodeURIComponent(order.callId)}`}
                title="Open the call that placed this order: transcript and recording"
                className="inline-flex items-center gap-1 text-sm font-medium text-brand-800 hover:underline"
              >
                <PhoneCall className="size-3.5" aria-hidden="true" />
                Call<span className="sr-only"> details</span>
              </Link>
            )}
            <PrintTicketButton order={order} />
          </div>
        </div>
        <time
          dateTime={order.createdAt}
          title={`Placed ${clock.dateTime(order.createdAt)}`}
          className={clsx(
            'shrink-0 text-right',
            isActiveOrderStatus(order.status)
              ? 'rounded-md bg-stone-100 px-1.5 py-0.5 text-sm font-semibold tabular-nums text-stone-800'
              : 'text-xs text-stone-500',
          )}
        >
          {isActiveOrderStatus(order.status) ? (
            <>
              <span className="sr-only">Waiting </span>
              {formatAge(order.createdAt, now)}
            </>
          ) : (
            formatTimeAgo(order.createdAt, now)
          )}
        </time>
      </header>

      <OrderItems order={order} />

      {order.needsReview && (
        <div className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
          <p className="min-w-0 break-words">
            <span className="font-semibold">Check before making: </span>
            {order.reviewReason ?? 'the assistant was not sure about this order.'}
          </p>
        </div>
      )}

      {order.isCustomOrder && order.customOrderText && (
        <div className="rounded-lg border border-violet-200 bg-violet-50 px-3 py-2 text-sm text-violet-950">
          <p className="text-xs font-semibold tracking-wide text-violet-700 uppercase">Custom request</p>
          <p className="mt-0.5 break-words whitespace-pre-line">{order.customOrderText}</p>
        </div>
      )}

      {order.totalCents !== null && (
        <p className="flex items-baseline justify-between border-t border-stone-100 pt-2 text-sm">
          <span className="text-stone-600">Total</span>
          <span className="font-semibold tabular-nums text-stone-900">{formatCents(order.totalCents)}</span>
        </p>
      )}

      <StatusLine order={order} now={now} clock={clock} />
      <PickupLine order={order} clock={clock} now={now} />
      <CustomerTexts order={order} />

      <div className="mt-auto pt-1">
        <OrderActions order={order} />
      </div>
    </article>
  );
}

function Pill({ className, children }: { className: string; children: React.ReactNode }) {
  return (
    <span className={clsx('rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset', className)}>
      {children}
    </span>
  );
}

function OrderItems({ order }: { order: Order }) {
  const lines =
    order.items.length > 0
      ? order.items
      : order.isCustomOrder
        ? []
        : [{ name: order.item, quantity: order.quantity, unitPriceCents: 0, notes: null, options: [] }];
  if (lines.length === 0) return null;
  return (
    <ul aria-label="Items" className="flex flex-col gap-1.5 text-sm">
      {lines.map((line, index) => (
        <li key={index} className="flex items-start justify-between gap-3">
          <span className="min-w-0">
            <span className="font-semibold tabular-nums text-stone-900">{line.quantity} ×</span>{' '}
            <span className="text-stone-800">{line.name}</span>
            {line.options.length > 0 && (
              <span className="block text-xs text-stone-600">{describeChosenOptions(line.options)}</span>
            )}
            {line.notes && <span className="block text-xs text-stone-500 italic">{line.notes}</span>}
          </span>
          {line.unitPriceCents > 0 && (
            <span className="shrink-0 tabular-nums text-stone-600">
              {formatCents(multiplyCents(line.unitPriceCents, line.quantity))}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

const TIMING_STYLES = {
  on_time: { className: 'bg-stone-50 text-stone-800 ring-stone-200', Icon: Clock },
  due_soon: { className: 'bg-amber-100 text-amber-950 ring-amber-300', Icon: AlarmClock },
  late: { className: 'bg-red-50 text-red-800 ring-red-300', Icon: TriangleAlert },
} as const;

function StatusLine({ order, now, clock }: { order: Order; now: number; clock: RestaurantClock }) {
  if (order.status === 'preparing' && order.readyInMinutes) {
    // The prep time was set by the step that made the order 'preparing', the latest change to it.
    const timing = prepTiming(Date.parse(order.updatedAt), order.readyInMinutes, now);
    const { className, Icon } = TIMING_STYLES[timing.state];
    return (
      <p
        data-timing={timing.state}
        className={clsx(
          'flex flex-wrap items-center gap-x-1.5 gap-y-0.5 rounded-lg px-3 py-1.5 text-sm ring-1 ring-inset',
          className,
        )}
      >
        <Icon className="size-4 shrink-0" aria-hidden="true" />
        <span>
          Ready around <strong className="font-semibold">{clock.time(timing.readyAt)}</strong> ({order.readyInMinutes}{' '}
          min prep)
        </span>
        <span className="ml-auto font-semibold tabular-nums">
          {timing.state === 'late'
            ? `Late by ${timing.minutesLate} min`
            : `${timing.minutesLeft < 1 ? '<1' : timing.minutesLeft} min left`}
        </span>
      </p>
    );
  }
  if (order.status === 'cancelled') {
    return (
      <p className="flex items-center gap-1.5 rounded-lg bg-rose-50 px-3 py-1.5 text-sm text-rose-900">
        <Ban className="size-4 shrink-0" aria-hidden="true" />
        <span>
          {order.cancelReason ? CANCEL_REASON_LABELS[order.cancelReason] : 'Cancelled'}
          {order.cancelledAt && <> · {clock.time(order.cancelledAt)}</>}
        </span>
      </p>
    );
  }
  if (order.status === 'ready') {
    return (
      <p className="flex items-center gap-1.5 rounded-lg bg-emerald-50 px-3 py-1.5 text-sm text-emerald-900">
        <PackageCheck className="size-4 shrink-0" aria-hidden="true" />
        Waiting for pickup
      </p>
    );
  }
  return null;
}

function CustomerTexts({ order }: { order: Order }) {
  if (order.notifications.length === 0) return null;
  return (
    <div className="rounded-lg bg-stone-50 px-3 py-2">
      <p className="text-xs font-semibold tracking-wide text-stone-500 uppercase">Customer texts</p>
      <ul aria-label="Customer texts" className="mt-1 flex flex-col gap-1 text-xs">
        {order.notifications.map((text) => (
          <li key={text.kind} className="flex flex-wrap items-start justify-between gap-x-3 gap-y-0.5">
            <span className="text-stone-700">{TEXT_KIND_LABELS[text.kind]}</span>
            <TextStatus status={text.status} lastError={text.lastError} className="text-right" />
          </li>
        ))}
      </ul>
    </div>
  );
}

function OrderActions({ order }: { order: Order }) {
  const groupLabelId = useId();
  const action = useOrderAction(order.id);
  const pending = action.isPending ? action.variables : undefined;
  /** The reason the cancel dialog opened with, while it is open. */
  const [cancelWith, setCancelWith] = useState<CancelReason | null>(null);

  /** Runs the step and toasts the outcome; true when there is nothing left to do (done, or someone else moved it). */
  async function run(next: OrderAction): Promise<boolean> {
    try {
      const updated = await action.mutateAsync(next);
      toast.success(successMessage(next, updated));
      return true;
    } catch (error) {
      const reason = error instanceof ApiError ? error.message : null;
      toast.error(
        <span>
          <span className="block font-medium">Failed to update order</span>
          {reason && <span className="block text-sm text-stone-600">{reason}</span>}
        </span>,
      );
      return error instanceof ApiError && error.status === 409;
    }
  }

  const nextStep = (() => {
    switch (order.status) {
      case 'new':
        return (
          <div role="group" aria-labelledby={groupLabelId}>
            <p id={groupLabelId} className="mb-1.5 text-xs font-semibold tracking-wide text-stone-500 uppercase">
              Set prep time
            </p>
            <div className="grid grid-cols-4 gap-1.5">
              {PREP_TIME_OPTIONS.map((minutes) => {
                const isThis = pending?.type === 'prep-time' && pending.minutes === minutes;
                return (
                  <Button
                    key={minutes}
                    variant="secondary"
                    size="sm"
                    className="px-1 tabular-nums"
                    disabled={action.isPending}
                    aria-busy={isThis || undefined}
                    onClick={() => void run({ type: 'prep-time', minutes })}
                  >
                    {isThis && <Spinner className="size-3.5" />}
                    {minutes} min
                  </Button>
                );
              })}
            </div>
          </div>
        );
      case 'preparing':
        return (
          <Button
            className="w-full"
            isLoading={pending?.type === 'ready'}
            disabled={action.isPending}
            onClick={() => void run({ type: 'ready' })}
          >
            Mark as Ready for Pickup
          </Button>
        );
      case 'ready':
        return (
          <Button
            variant="secondary"
            className="w-full"
            isLoading={pending?.type === 'complete'}
            disabled={action.isPending}
            onClick={() => void run({ type: 'complete' })}
          >
            Complete Order
          </Button>
        );
      case 'completed':
      case 'cancelled':
        return null;
    }
  })();

  if (!canCancel(order.status)) return nextStep;
  return (
    <div className="flex flex-col gap-1.5">
      {nextStep}
      <div className="flex flex-wrap justify-end gap-1">
        {order.status === 'ready' && (
          <Button variant="ghost" size="sm" disabled={action.isPending} onClick={() => setCancelWith('no_show')}>
            No-show
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          disabled={action.isPending}
          onClick={() => setCancelWith('customer_cancelled')}
        >
          Cancel order
        </Button>
      </div>
      {cancelWith && (
        <CancelOrderDialog
          order={order}
          initialReason={cancelWith}
          isCancelling={pending?.type === 'cancel'}
          onConfirm={(reason) => {
            void run({ type: 'cancel', reason }).then((isSettled) => isSettled && setCancelWith(null));
          }}
          onClose={() => setCancelWith(null)}
        />
      )}
    </div>
  );
}
