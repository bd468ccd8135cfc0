import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import { Tabs } from 'radix-ui';
import { Bell, BellOff, PhoneCall, PhoneOff } from 'lucide-react';
import type { MeResponse } from '@shared/contracts/me';
import { ORDER_FILTERS, type Order, type OrderFilter } from '@shared/contracts/orders';
import { formatPhoneDisplay } from '@shared/domain/phone';
import { planAccess } from '@shared/domain/subscription';
import { MSG } from '@shared/messages';
import { PRO_PLAN } from '@shared/product';
import { useStartCheckout } from '@web/lib/queries/billing';
import { useSession } from '@web/lib/session';
import { useDocumentTitle } from '@web/components/document-title';
import { Button, ButtonLink } from '@web/components/button';
import { BusyModeToggle } from './busy-mode-toggle';
import { playNewOrderChime, previewChime, unlockAudioOnFirstGesture, useChimeMuted } from './chime';
import { FILTER_LABELS, STATUS_STYLES } from './order-status';
import { OrdersPanel } from './orders-panel';
import { PhoneCard } from './phone-card';
import { StatTiles } from './stat-tiles';
import { TestOrderDialog } from './test-order-dialog';
import { TrialBanner } from './trial-banner';
import { matchesFilter, useOrderList } from './use-orders';
import { useRealtimeOrders } from './use-realtime';

const parseFilter = (value: string | null): OrderFilter => ORDER_FILTERS.find((f) => f === value) ?? 'all';

export function DashboardPage() {
  const { me } = useSession();
  const [params, setParams] = useSearchParams();
  const filter = parseFilter(params.get('filter'));
  const [includeEarlier, setIncludeEarlier] = useState(false);
  const list = useOrderList(filter, filter === 'completed' && includeEarlier);
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

  const onOrderCreated = useCallback((order: Order) => {
    if (order.status !== 'new') return;
    playNewOrderChime(order.id);
    const who = order.customerName || formatPhoneDisplay(order.phoneNumber);
    setAnnouncement(`New order from ${who}: ${order.isCustomOrder ? 'custom order' : order.item}`);
  }, []);
  useRealtimeOrders({ onOrderCreated });

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

  return (
    <div className="flex flex-col gap-6">
      {me && planAccess(me.restaurant) === 'expired' && <PlanExpiredNotice me={me} />}
      <TrialBanner />

      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <p className="truncate text-sm font-medium text-brand-700">
            {me?.restaurant.restaurantName ?? 'Your restaurant'}
          </p>
          <h1 className="text-2xl font-bold tracking-tight">Orders</h1>
          <p className="text-sm text-stone-600">Orders your phone assistant takes appear here as they come in.</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <SoundToggle />
          <ButtonLink to="/test-call" variant="secondary" title="Talk to your assistant in the browser">
            <PhoneCall className="size-4" aria-hidden="true" />
            Test call
          </ButtonLink>
          <TestOrderDialog onShowOrder={showOrder} />
        </div>
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <BusyModeToggle />
        <PhoneCard />
      </div>

      <StatTiles stats={stats} isLoading={list.isPending} />

      <Tabs.Root value={filter} onValueChange={changeFilter} className="flex flex-col gap-4">
        <Tabs.List
          aria-label="Filter orders"
          className="-mx-4 flex gap-1 overflow-x-auto border-b border-stone-200 px-4 sm:mx-0 sm:px-0"
        >
          {ORDER_FILTERS.map((f) => (
            <Tabs.Trigger
              key={f}
              value={f}
              className="-mb-px inline-flex shrink-0 focus-visible:-outline-offset-2 items-center gap-2 border-b-2 border-transparent px-3 py-2.5 text-sm font-medium whitespace-nowrap text-stone-600 hover:text-stone-900 data-[state=active]:border-brand-600 data-[state=active]:text-brand-800"
            >
              {f !== 'all' && (
                <span
                  className={`size-2 rounded-full ${f === 'custom' ? 'bg-violet-500' : STATUS_STYLES[f].swatch}`}
                  aria-hidden="true"
                />
              )}
              {FILTER_LABELS[f]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
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
      aria-pressed={!isMuted}
      title={isMuted ? 'New orders are silent. Turn the chime on.' : 'A chime plays for each new order. Mute it.'}
      onClick={() => {
        setMuted(!isMuted);
        if (isMuted) previewChime();
      }}
    >
      {isMuted ? <BellOff className="size-4" aria-hidden="true" /> : <Bell className="size-4" aria-hidden="true" />}
      <span className="sr-only sm:not-sr-only">New-order sound</span>
    </Button>
  );
}

/**
 * Neither the trial nor a paid plan is running: the assistant turns new callers away. Says so, and how to fix it;
 * it goes away by itself (a live plan update) once the owner subscribes.
 */
function PlanExpiredNotice({ me }: { me: MeResponse }) {
  const checkout = useStartCheckout();
  const whatEnded =
    me.plan.status === 'canceled' ? `Your ${PRO_PLAN.name} plan has ended` : 'Your free trial has ended';
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
