import { useCallback, useEffect, useState } from 'react';
import { BellRing } from 'lucide-react';
import type { Order } from '@shared/contracts/orders';
import { formatOrderNumber } from '@shared/domain/orders';
import { formatPhoneDisplay } from '@shared/domain/phone';
import { repeatNewOrderAlert, useDeviceSetting } from '@web/lib/local-settings';
import { Button } from '@web/components/button';
import { playAlertReminder } from './chime';
import { orderElementId } from './order-card';

/** How often the chime repeats while a new order waits to be acknowledged. */
export const ALERT_REPEAT_MS = 10_000;

const customerOf = (order: Order) => order.customerName || formatPhoneDisplay(order.phoneNumber);

/**
 * New orders that arrived while the board was open and nobody has acknowledged yet: pressing "Got it", or acting on
 * the order (a prep time, a cancellation, here or on any other device) does. With the device's "Repeat the alert
 * until acknowledged" on, the chime repeats every ALERT_REPEAT_MS while any is waiting. Orders already on the board
 * when it opens are not alerted again.
 */
export function useNewOrderAlert(boardOrders: Order[] | undefined) {
  const [waiting, setWaiting] = useState<Order[]>([]);
  const [repeats] = useDeviceSetting(repeatNewOrderAlert);

  const orderArrived = useCallback((order: Order) => {
    if (order.status !== 'new') return;
    setWaiting((current) => (current.some((o) => o.id === order.id) ? current : [...current, order]));
  }, []);

  const orderChanged = useCallback((order: Order) => {
    setWaiting((current) => {
      if (!current.some((o) => o.id === order.id)) return current;
      return order.status === 'new'
        ? current.map((o) => (o.id === order.id ? order : o))
        : current.filter((o) => o.id !== order.id);
    });
  }, []);

  const acknowledge = useCallback(() => setWaiting([]), []);

  // A refetch (after a gap in the live stream, or a 409) may be the first to show that an order moved on.
  const [checkedBoard, setCheckedBoard] = useState(boardOrders);
  if (boardOrders !== checkedBoard) {
    setCheckedBoard(boardOrders);
    const movedOn = new Set(boardOrders?.filter((o) => o.status !== 'new').map((o) => o.id));
    const still = waiting.filter((o) => !movedOn.has(o.id));
    if (still.length !== waiting.length) setWaiting(still);
  }

  const isWaiting = waiting.length > 0;
  useEffect(() => {
    if (!repeats || !isWaiting) return;
    const timer = setInterval(() => playAlertReminder(), ALERT_REPEAT_MS);
    return () => clearInterval(timer);
  }, [repeats, isWaiting]);

  return { waiting, repeats, orderArrived, orderChanged, acknowledge };
}

/** The sentence a screen reader hears when an order arrives. */
export function announceNewOrder(order: Order): string {
  const number = formatOrderNumber(order.dailyNumber);
  const what = order.isCustomOrder ? 'custom order' : order.item;
  return `New order from ${customerOf(order)}: ${what}${number ? ` (order ${number})` : ''}`;
}

/** The visible alert: what is waiting, and "Got it". */
export function NewOrderAlert({
  waiting,
  repeats,
  onAcknowledge,
}: {
  waiting: Order[];
  repeats: boolean;
  onAcknowledge: () => void;
}) {
  const first = waiting[0];
  if (!first) return null;
  const number = formatOrderNumber(first.dailyNumber);
  const text =
    waiting.length === 1
      ? `New order${number ? ` ${number}` : ''} from ${customerOf(first)}`
      : `${waiting.length} new orders waiting`;

  const acknowledge = () => {
    onAcknowledge();
    // The button goes away with the alert: keyboard focus lands on the first order it was about.
    document.getElementById(orderElementId(first.id))?.focus({ preventScroll: false });
  };

  return (
    <section
      aria-label="New order alert"
      className="flex min-w-0 items-center gap-3 rounded-xl border border-blue-300 bg-blue-50 py-1.5 pr-1.5 pl-3 text-blue-950 shadow-sm lg:flex-1"
    >
      <BellRing className="size-5 shrink-0 text-blue-700 motion-safe:animate-pulse" aria-hidden="true" />
      <p className="min-w-0 flex-1 text-sm">
        <span className="block truncate font-semibold">{text}</span>
        {repeats && <span className="block truncate text-xs text-blue-800">Repeats until acknowledged</span>}
      </p>
      <Button size="sm" className="shrink-0" onClick={acknowledge}>
        Got it
      </Button>
    </section>
  );
}
