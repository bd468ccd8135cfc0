import { useId } from 'react';
import { Link } from 'react-router';
import clsx from 'clsx';
import toast from 'react-hot-toast';
import { Clock, PackageCheck, Phone, PhoneCall, TriangleAlert } from 'lucide-react';
import type { Order } from '@shared/contracts/orders';
import { PREP_TIME_OPTIONS, type OrderSource } from '@shared/domain/orders';
import { formatPhoneDisplay } from '@shared/domain/phone';
import { formatCents, multiplyCents } from '@shared/domain/money';
import { ApiError } from '@web/lib/api';
import { formatClockTime, formatDateTime, formatTimeAgo, useNow } from '@web/lib/relative-time';
import { Button, Spinner } from '@web/components/button';
import { TEXT_KIND_LABELS, TextStatus } from '@web/components/text-status';
import { CUSTOM_BADGE, STATUS_STYLES } from './order-status';
import { useOrderAction, type OrderAction } from './use-orders';

const SUCCESS_MESSAGES: Record<OrderAction['type'], string> = {
  'prep-time': 'Order updated and customer notified',
  ready: 'Order marked as ready',
  complete: 'Order marked as completed',
};

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
          <h3 id={titleId} className="truncate text-base font-semibold text-stone-900">
            {order.customerName || 'Phone customer'}
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
          </div>
        </div>
        <time
          dateTime={order.createdAt}
          title={formatDateTime(order.createdAt)}
          className="shrink-0 text-right text-xs text-stone-500"
        >
          {formatTimeAgo(order.createdAt, now)}
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

      <StatusLine order={order} />
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
        : [{ name: order.item, quantity: order.quantity, unitPriceCents: 0, notes: null }];
  if (lines.length === 0) return null;
  return (
    <ul aria-label="Items" className="flex flex-col gap-1.5 text-sm">
      {lines.map((line, index) => (
        <li key={index} className="flex items-start justify-between gap-3">
          <span className="min-w-0">
            <span className="font-semibold tabular-nums text-stone-900">{line.quantity} ×</span>{' '}
            <span className="text-stone-800">{line.name}</span>
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

function StatusLine({ order }: { order: Order }) {
  if (order.status === 'preparing' && order.readyInMinutes) {
    // The prep time was set by the step that made the order 'preparing', the latest change to it.
    const readyAt = Date.parse(order.updatedAt) + order.readyInMinutes * 60_000;
    return (
      <p className="flex items-center gap-1.5 rounded-lg bg-amber-50 px-3 py-1.5 text-sm text-amber-900">
        <Clock className="size-4 shrink-0" aria-hidden="true" />
        <span>
          Ready around <strong className="font-semibold">{formatClockTime(readyAt)}</strong> ({order.readyInMinutes} min
          prep)
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

  async function run(next: OrderAction) {
    try {
      await action.mutateAsync(next);
      toast.success(SUCCESS_MESSAGES[next.type]);
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
        <Button className="w-full" isLoading={action.isPending} onClick={() => void run({ type: 'ready' })}>
          Mark as Ready for Pickup
        </Button>
      );
    case 'ready':
      return (
        <Button
          variant="secondary"
          className="w-full"
          isLoading={action.isPending}
          onClick={() => void run({ type: 'complete' })}
        >
          Complete Order
        </Button>
      );
    case 'completed':
      return null;
  }
}
