import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import { Tabs } from 'radix-ui';
import { Bell, BellOff, PhoneCall, PhoneOff } from 'lucide-react';
import type { MeResponse } from '@shared/contracts/me';
import { ORDER_FILTERS, type Order, type OrderFilter } from '@shared/contracts/orders';
import { MSG } from '@shared/messages';
import { PRO_PLAN } from '@shared/product';
import { useStartCheckout } from '@web/lib/queries/billing';
import { useSession } from '@web/lib/session';
import { planAccessOf } from '@web/lib/plan-access';
import { useDocumentTitle } from '@web/components/document-title';
import { Button, ButtonLink } from '@web/components/button';
import { ZoneNote } from '@web/components/zone-note';
import { BoardStatus } from './board-status';
import { playNewOrderChime, previewChime, unlockAudioOnFirstGesture, useChimeMuted } from './chime';
import { DeviceSettingsButton, SoundState } from './device-settings';
import { NewOrderAlert, announceNewOrder, useNewOrderAlert } from './new-order-alert';
import { FILTER_LABELS, STATUS_STYLES } from './order-status';
import { useAutoPrintNewOrders } from './order-ticket';
import { BoardViewSwitch } from './order-rail';
import { OrdersPanel } from './orders-panel';
import { StatTiles } from './stat-tiles';
import { TestOrderDialog } from './test-order-dialog';
import { matchesFilter, useOrderList } from './use-orders';
import { useRealtimeOrders } from './use-realtime';

const parseFilter = (value: string | null): OrderFilter => ORDER_FILTERS.find((f) => f === value) ?? 'all';

export function DashboardPage() {
  const { me } = useSession();
  const [params, setParams] = useSearchParams();
  const filter = parseFilter(params.get('filter'));
  const [includeEarlier, setIncludeEarlier] = useState(false);
  const list = useOrderList(filter, (filter === 'completed' || filter === 'cancelled') && includeEarlier);
  const stats = list.data?.pages[0]?.stats;
  const [focusOrderId, setFocusOrderId] = useState<string | null>(null);
  // A link to one order (`?order=<id>`, from the call log): bring it into view and keep it highlighted.
  const linkedOrderId = params.get('order');
  const [focusedLink, setFocusedLink] = useState<string | null>(null);
  if (linkedOrderId !== focusedLink) {
    setFocusedLink(linkedOrderId);
    if (linkedOrderId) setFocusOrderId(linkedOrderId);
  }
  const [announcement, setAnnouncement] = useState('');

  useDocumentTitle(stats?.new ? `(${stats.new}) Dashboard` : 'Dashboard');
  useEffect(() => unlockAudioOnFirstGesture(), []);

  const hadLoadError = useRef(false);
  useEffect(() => {
    if (list.isError && !hadLoadError.current) toast.error(MSG.failedToLoadOrders, { id: 'orders-load' });
    hadLoadError.current = list.isError;
  }, [list.isError]);

  const pages = list.data?.pages;
  const orders = useMemo(() => pages?.flatMap((page) => page.orders), [pages]);
  const alert = useNewOrderAlert(orders);
  const { orderArrived } = alert;
  const restaurantName = me?.restaurant.restaurantName ?? undefined;
  const autoPrint = useAutoPrintNewOrders({ restaurantName, timeZone: me?.restaurant.timeZone });
  const onOrderCreated = useCallback(
    (order: Order) => {
      if (order.status !== 'new') return;
      playNewOrderChime(order.id);
      orderArrived(order);
      setAnnouncement(announceNewOrder(order));
      autoPrint(order);
    },
    [orderArrived, autoPrint],
  );
  useRealtimeOrders({ onOrderCreated, onOrderUpdated: alert.orderChanged });

  const changeFilter = useCallback(
    (next: string) => {
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === 'all') updated.delete('filter');
          else updated.set('filter', next);
          return updated;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const showOrder = useCallback(
    (order: Order) => {
      if (!matchesFilter(order, filter)) changeFilter('all');
      setFocusOrderId(order.id);
    },
    [filter, changeFilter],
  );
  const clearFocusOrder = useCallback(() => setFocusOrderId(null), []);

  const planEnded = me && planAccessOf(me) === 'expired';

  return (
    <div className="flex flex-col gap-3 sm:gap-4">
      <div className="flex items-center justify-between gap-x-3 gap-y-2 max-sm:flex-nowrap sm:flex-wrap">
        <div className="flex min-w-0 items-baseline gap-x-3">
          <h1 className="text-xl font-bold tracking-tight sm:text-2xl">Orders</h1>
          <p className="truncate text-sm font-medium text-brand-700 max-sm:hidden">
            {restaurantName ?? 'Your restaurant'}
          </p>
        </div>
        <div className="flex items-center justify-end gap-1.5 max-sm:shrink-0 sm:flex-wrap sm:gap-2">
          <SoundState />
          <SoundToggle />
          <DeviceSettingsButton />
          {/* A set-up tool, also under Settings → Assistant: a phone's row keeps to what the kitchen uses. */}
          <ButtonLink
            to="/test-call"
            variant="secondary"
            className="max-lg:size-10 max-lg:px-0 max-sm:hidden"
            title="Talk to your assistant in the browser"
          >
            <PhoneCall className="size-4" aria-hidden="true" />
            <span className="max-lg:sr-only">Test call</span>
          </ButtonLink>
          <TestOrderDialog onShowOrder={showOrder} />
        </div>
      </div>

      <BoardStatus
        planNotice={planEnded && me ? <PlanExpiredNotice me={me} /> : null}
        isBoardEmpty={stats?.total === 0}
        alert={<NewOrderAlert waiting={alert.waiting} repeats={alert.repeats} onAcknowledge={alert.acknowledge} />}
      />

      <StatTiles stats={stats} isLoading={list.isPending} filter={filter} onSelectFilter={changeFilter} />

      <Tabs.Root value={filter} onValueChange={changeFilter} className="flex flex-col gap-3 sm:gap-4">
        {/* The tabs wrap onto a second row on a phone rather than scroll sideways out of sight. */}
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
          <Tabs.List aria-label="Filter orders" className="flex flex-wrap gap-1 sm:gap-1.5">
            {ORDER_FILTERS.map((f) => (
              <Tabs.Trigger
                key={f}
                value={f}
                className="inline-flex h-8 items-center gap-1.5 rounded-full border border-stone-200 bg-white px-2.5 text-sm font-medium whitespace-nowrap text-stone-700 hover:border-stone-300 hover:bg-stone-50 data-[state=active]:border-brand-700 data-[state=active]:bg-brand-700 data-[state=active]:text-white sm:px-3"
              >
                {f !== 'all' && (
                  <span
                    className={`size-2 rounded-full max-sm:hidden ${f === 'custom' ? 'bg-violet-500' : STATUS_STYLES[f].swatch}`}
                    aria-hidden="true"
                  />
                )}
                {FILTER_LABELS[f]}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <BoardViewSwitch />
        </div>
        <ZoneNote className="-mt-1 sm:-mt-2" />
        {ORDER_FILTERS.map((f) => (
          <Tabs.Content key={f} value={f} className="focus-visible:outline-offset-4">
            {f === filter && (
              <OrdersPanel
                filter={filter}
                list={list}
                includeEarlier={includeEarlier}
                onIncludeEarlierChange={setIncludeEarlier}
                focusOrderId={focusOrderId}
                onFocused={clearFocusOrder}
                highlightedOrderId={linkedOrderId}
                onShowOrder={showOrder}
              />
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>

      <div aria-live="polite" aria-atomic="true" className="sr-only">
        {announcement}
      </div>
    </div>
  );
}

function SoundToggle() {
  const [isMuted, setMuted] = useChimeMuted();
  return (
    <Button
      variant="secondary"
      className="max-lg:size-10 max-lg:px-0 max-sm:size-9"
      aria-pressed={!isMuted}
      title={isMuted ? 'New orders are silent. Turn the chime on.' : 'A chime plays for each new order. Mute it.'}
      onClick={() => {
        setMuted(!isMuted);
        if (isMuted) previewChime();
      }}
    >
      {isMuted ? <BellOff className="size-4" aria-hidden="true" /> : <Bell className="size-4" aria-hidden="true" />}
      <span className="max-lg:sr-only">New-order sound</span>
    </Button>
  );
}

/**
 * Neither the trial nor a paid plan is running: the assistant turns new callers away. Says so, and how to fix it;
 * it goes away by itself (a live plan update) once the owner subscribes.
 */
function PlanExpiredNotice({ me }: { me: MeResponse }) {
  const checkout = useStartCheckout();
  // Any plan the owner ever subscribed to has ended by now (canceled, past its period's end, or unpaid).
  const whatEnded = me.plan.status === 'trial' ? 'Your free trial has ended' : `Your ${PRO_PLAN.name} plan has ended`;
  return (
    <section
      aria-labelledby="plan-expired-heading"
      className="flex flex-col gap-4 rounded-xl border border-red-200 bg-red-50 p-4 text-red-950 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-3">
        <PhoneOff className="mt-0.5 size-5 shrink-0 text-red-600" aria-hidden="true" />
        <div>
          <h2 id="plan-expired-heading" className="font-semibold">
            Your phone assistant is not taking new orders
          </h2>
          <p className="mt-1 text-sm">
            {whatEnded}, so callers are told you cannot take phone orders right now. Orders already placed are still
            here to prepare and complete. Subscribe to {PRO_PLAN.name} to start taking orders again.
          </p>
        </div>
      </div>
      <Button className="shrink-0" onClick={checkout.start} isLoading={checkout.isRedirecting}>
        {checkout.isRedirecting ? 'Redirecting to checkout…' : 'Subscribe'}
      </Button>
    </section>
  );
}
