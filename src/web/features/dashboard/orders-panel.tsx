import { useEffect, useId, useState } from 'react';
import clsx from 'clsx';
import { ChevronDown, History, Inbox, Plus } from 'lucide-react';
import type { Order, OrderFilter, OrderStats } from '@shared/contracts/orders';
import { isActiveOrderStatus } from '@shared/domain/orders';
import { isWaitingForStart } from '@shared/domain/pickup-quote';
import { useNow } from '@web/lib/relative-time';
import { MSG } from '@shared/messages';
import { Button, Spinner } from '@web/components/button';
import { emptyStateText } from './order-status';
import { OrderCard, orderElementId } from './order-card';
import { AllDayStrip, OrderRail, useRailView } from './order-rail';
import { useHasAnyOrder, type OrderListQuery } from './use-orders';
import { useCreateTestOrderWithToast } from './test-order-dialog';

interface OrdersPanelProps {
  filter: OrderFilter;
  list: OrderListQuery;
  includeEarlier: boolean;
  onIncludeEarlierChange: (includeEarlier: boolean) => void;
  /** An order to bring into view and focus once it is on screen (after Go to Dashboard). */
  focusOrderId: string | null;
  onFocused: () => void;
  /** The order a link pointed at (`?order=<id>`), shown highlighted. */
  highlightedOrderId?: string | null;
  onShowOrder: (order: Order) => void;
}

export function OrdersPanel({
  filter,
  list,
  includeEarlier,
  onIncludeEarlierChange,
  focusOrderId,
  onFocused,
  highlightedOrderId,
  onShowOrder,
}: OrdersPanelProps) {
  const orders = list.data?.pages.flatMap((page) => page.orders);
  const stats = list.data?.pages[0]?.stats;
  const finishedId = useId();
  const laterId = useId();
  const [isFinishedShown, setFinishedShown] = useState(false);
  const [isRail] = useRailView();
  // On All Orders the day's completed and cancelled orders wait, collapsed, after the queue.
  const collapsesFinished = filter === 'all';
  const now = useNow();
  const open = collapsesFinished ? orders?.filter((o) => isActiveOrderStatus(o.status)) : orders;
  // Orders for a later pickup wait beside the queue until the kitchen should start them (pickup less preparation).
  const active = open?.filter((o) => !isWaitingForStart(o, now));
  const later = open?.filter((o) => isWaitingForStart(o, now)) ?? [];
  const finished = collapsesFinished ? (orders?.filter((o) => !isActiveOrderStatus(o.status)) ?? []) : [];
  // An order a link points at is shown even when it is a finished one.
  const showsFinished = isFinishedShown || finished.some((o) => o.id === focusOrderId || o.id === highlightedOrderId);

  useEffect(() => {
    if (!focusOrderId) return;
    const element = document.getElementById(orderElementId(focusOrderId));
    if (!element) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.scrollIntoView({ block: 'center', behavior: reduceMotion ? 'auto' : 'smooth' });
    element.focus({ preventScroll: true });
    onFocused();
  }, [focusOrderId, orders, showsFinished, onFocused]);

  // A tab's first visit shows the previous tab's cards, dimmed, while it loads; an empty placeholder would read as
  // this tab's empty state, so it waits instead.
  if (!orders || (list.isPlaceholderData && orders.length === 0)) {
    if (list.isError) {
      return (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <p>{MSG.failedToLoadOrders}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      );
    }
    return (
      <p className="flex items-center gap-2 py-10 text-sm text-stone-600" role="status">
        <Spinner className="size-4 text-brand-700" /> Loading orders…
      </p>
    );
  }

  const earlierToggle = (filter === 'completed' || filter === 'cancelled') && (
    <Button
      variant="secondary"
      size="sm"
      aria-pressed={includeEarlier}
      className={clsx('self-start', includeEarlier && 'border-brand-600 bg-brand-50 text-brand-800 hover:bg-brand-100')}
      onClick={() => onIncludeEarlierChange(!includeEarlier)}
    >
      <History className="size-4" aria-hidden="true" />
      Show earlier {filter} orders
    </Button>
  );

  if (orders.length === 0) {
    return (
      <div className="flex flex-col gap-4">
        {earlierToggle}
        {filter === 'all' ? (
          <EmptyDashboard onShowOrder={onShowOrder} />
        ) : (
          <EmptyState>
            {(filter === 'completed' || filter === 'cancelled') && includeEarlier
              ? `No ${filter} orders yet.`
              : emptyStateText(filter)}
          </EmptyState>
        )}
      </div>
    );
  }

  const grid = (cards: Order[], label: string, id?: string) =>
    isRail ? (
      <OrderRail
        orders={cards}
        label={label}
        id={id}
        isPlaceholder={list.isPlaceholderData}
        highlightedOrderId={highlightedOrderId}
      />
    ) : (
      <ul
        id={id}
        aria-label={label}
        aria-busy={list.isPlaceholderData || undefined}
        className={clsx(
          'grid gap-4 transition-opacity sm:grid-cols-2 xl:grid-cols-3',
          list.isPlaceholderData && 'opacity-60',
        )}
      >
        {cards.map((order) => (
          <li key={order.id} className="min-w-0">
            <OrderCard order={order} isHighlighted={order.id === highlightedOrderId} />
          </li>
        ))}
      </ul>
    );
  const loadMore = list.hasNextPage && (
    <Button
      variant="secondary"
      className="self-center"
      isLoading={list.isFetchingNextPage}
      onClick={() => void list.fetchNextPage()}
    >
      Load more
    </Button>
  );
  // Pages come in queue order: until a finished order has arrived, the next page may hold more open ones.
  const mayHaveMoreOpen = finished.length === 0;
  // A live change shows up in the list before the refetch brings the counts along.
  const finishedCount = Math.max(stats ? stats.completed + stats.cancelled : 0, finished.length);

  return (
    <div className="flex flex-col gap-4">
      {earlierToggle}
      {isRail && <AllDayStrip orders={orders.filter((o) => !isWaitingForStart(o, now))} />}
      {active && active.length > 0
        ? grid(active, 'Orders')
        : collapsesFinished && <p className="text-sm text-stone-600">No open orders right now.</p>}
      {later.length > 0 && (
        <section aria-labelledby={laterId} className="flex flex-col gap-2">
          <h2 id={laterId} className="text-sm font-semibold text-stone-700">
            Scheduled for later{' '}
            <span className="font-normal text-stone-500">· moves to the queue when it is time to start</span>
          </h2>
          {grid(later, 'Scheduled for later')}
        </section>
      )}
      {collapsesFinished && mayHaveMoreOpen && !showsFinished && loadMore}
      {collapsesFinished && finishedCount > 0 && (
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          aria-expanded={showsFinished}
          aria-controls={finishedId}
          onClick={() => setFinishedShown(!showsFinished)}
        >
          <ChevronDown
            className={clsx('size-4 transition-transform motion-reduce:transition-none', showsFinished && 'rotate-180')}
            aria-hidden="true"
          />
          {finishedToggleLabel(showsFinished, finishedCount, stats)}
        </Button>
      )}
      {showsFinished && finished.length > 0 && grid(finished, 'Completed and cancelled orders', finishedId)}
      {(showsFinished || !collapsesFinished) && loadMore}
    </div>
  );
}

/** 'Show 4 completed', or 'Show 5 completed and cancelled' once an order was cancelled today. */
function finishedToggleLabel(isShown: boolean, count: number, stats: OrderStats | undefined) {
  const what = stats?.cancelled ? 'completed and cancelled' : 'completed';
  return isShown ? `Hide ${what}` : `Show ${count} ${what}`;
}

function EmptyState({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center text-stone-600">
      <Inbox className="size-8 text-stone-400" aria-hidden="true" />
      {children}
    </div>
  );
}

/** The working set is empty: a brand-new restaurant gets the test-order buttons, a quiet morning does not. */
function EmptyDashboard({ onShowOrder }: { onShowOrder: (order: Order) => void }) {
  const hasAny = useHasAnyOrder(true);
  const { createWithToast, pendingInput } = useCreateTestOrderWithToast();

  if (hasAny.isPending) {
    return (
      <p className="flex items-center gap-2 py-10 text-sm text-stone-600" role="status">
        <Spinner className="size-4 text-brand-700" /> Loading orders…
      </p>
    );
  }
  if (hasAny.data) {
    return (
      <EmptyState>
        <p>No open orders right now.</p>
        <p className="text-sm">Orders completed on earlier days are on the Completed tab.</p>
      </EmptyState>
    );
  }

  const create = async (isCustomOrder: boolean) => {
    const order = await createWithToast({ isCustomOrder });
    if (order) onShowOrder(order);
  };

  return (
    <EmptyState>
      <p>No orders have been received yet.</p>
      <p className="max-w-md text-sm">
        Orders your phone assistant takes appear here as they come in. Try it now with a test order.
      </p>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <Button
          isLoading={pendingInput?.isCustomOrder === false}
          disabled={pendingInput !== undefined}
          onClick={() => void create(false)}
        >
          {pendingInput?.isCustomOrder !== false && <Plus className="size-4" aria-hidden="true" />}
          Create Test Order
        </Button>
        <Button
          variant="secondary"
          isLoading={pendingInput?.isCustomOrder === true}
          disabled={pendingInput !== undefined}
          onClick={() => void create(true)}
        >
          {pendingInput?.isCustomOrder !== true && <Plus className="size-4" aria-hidden="true" />}
          Create Custom Test Order
        </Button>
      </div>
    </EmptyState>
  );
}
