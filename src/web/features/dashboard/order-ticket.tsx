import { useCallback, useEffect, useRef } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import clsx from 'clsx';
import { Printer } from 'lucide-react';
import type { Order, OrderItemLine } from '@shared/contracts/orders';
import { formatCents, multiplyCents } from '@shared/domain/money';
import { CANCEL_REASON_LABELS, formatOrderNumber } from '@shared/domain/orders';
import { formatPhoneDisplay } from '@shared/domain/phone';
import { restaurantClock, useRestaurantClock } from '@web/lib/relative-time';
import { autoPrintNewOrders, useDeviceSetting } from '@web/lib/local-settings';
import { useSession } from '@web/lib/session';
import { readyByOf } from './order-status';

const SOURCE_LABELS: Record<Order['source'], string> = {
  phone: 'Phone order',
  test: 'Test order',
  simulator: 'Test call',
};

function ticketLines(order: Order): OrderItemLine[] {
  if (order.items.length > 0) return order.items;
  if (order.isCustomOrder) return [];
  return [{ name: order.item, quantity: order.quantity, unitPriceCents: 0, notes: null, options: [] }];
}

/** Who the ticket is for: the restaurant's name on top, and its zone for every time on it. */
export interface TicketHeader {
  restaurantName?: string;
  timeZone?: string;
}

/**
 * The kitchen ticket: what a cook needs at the pass, in the order they read it, with every time in the restaurant's
 * zone (a kitchen tablet set to another zone names it). Options without their prices: the cook makes the dish, the
 * total is for the counter. Plain markup styled by TICKET_CSS, so it prints the same in the ticket frame whatever the
 * app's own styles are.
 */
export function OrderTicket({ order, restaurantName, timeZone }: { order: Order } & TicketHeader) {
  const number = formatOrderNumber(order.dailyNumber);
  const lines = ticketLines(order);
  const readyBy = readyByOf(order);
  const clock = restaurantClock(timeZone);
  return (
    <article className="ticket" aria-label={`Kitchen ticket${number ? ` for order ${number}` : ''}`}>
      {restaurantName && <p className="restaurant">{restaurantName}</p>}
      <h1 className="number">{number || 'Order'}</h1>
      <p className="meta">
        {SOURCE_LABELS[order.source]} · {/* 'Nov 23, 1:54 PM': the year would only wrap the line on 72 mm of paper. */}
        <time dateTime={order.createdAt}>{clock.dayTime(order.createdAt)}</time>
      </p>
      {order.scheduledFor && (
        <p className="ready">
          Scheduled for <time dateTime={order.scheduledFor}>{clock.dayTime(order.scheduledFor)}</time>
        </p>
      )}
      {readyBy !== null && (
        <p className="ready">
          Ready by <time dateTime={new Date(readyBy).toISOString()}>{clock.time(readyBy)}</time>
        </p>
      )}
      {order.status === 'cancelled' && (
        <p className="flag">CANCELLED{order.cancelReason ? `: ${CANCEL_REASON_LABELS[order.cancelReason]}` : ''}</p>
      )}

      <section className="customer" aria-label="Customer">
        <p className="name">{order.customerName || 'Phone customer'}</p>
        <p>{formatPhoneDisplay(order.phoneNumber)}</p>
      </section>

      {order.needsReview && (
        <p className="flag">CHECK: {order.reviewReason ?? 'the assistant was not sure about this order.'}</p>
      )}

      {lines.length > 0 && (
        <ul className="items" aria-label="Items">
          {lines.map((line, index) => (
            <li key={index}>
              <p className="line">
                <span className="qty">{line.quantity} ×</span>
                <span className="item">{line.name}</span>
                {line.unitPriceCents > 0 && (
                  <span className="price">{formatCents(multiplyCents(line.unitPriceCents, line.quantity))}</span>
                )}
              </p>
              {/* Orders placed before options existed may come without the list. */}
              {(line.options ?? []).length > 0 && (
                <ul className="options" aria-label="Options">
                  {line.options.map((option, optionIndex) => (
                    <li key={optionIndex}>
                      {option.group}: {option.choice}
                    </li>
                  ))}
                </ul>
              )}
              {line.notes && <p className="notes">Note: {line.notes}</p>}
            </li>
          ))}
        </ul>
      )}

      {order.isCustomOrder && (
        <section className="custom" aria-label="Custom request">
          <h2>Custom request</h2>
          {order.customOrderText && <p>{order.customOrderText}</p>}
        </section>
      )}

      {order.totalCents !== null && (
        <p className="total">
          <span>Total</span>
          <span>{formatCents(order.totalCents)}</span>
        </p>
      )}
    </article>
  );
}

/** Styles of the ticket frame: black on white, monospace, 72 mm of print on 80 mm paper. */
export const TICKET_CSS = `
*, *::before, *::after { box-sizing: border-box; }
html, body { margin: 0; padding: 0; background: #fff; color: #000; }
body { font: 12pt/1.35 ui-monospace, 'DejaVu Sans Mono', 'Liberation Mono', Menlo, Consolas, monospace; }
.ticket { width: 72mm; margin: 0 auto; padding: 3mm 0 6mm; }
p, h1, h2, ul { margin: 0; padding: 0; }
ul { list-style: none; }
.restaurant { text-align: center; font-size: 10pt; }
.number { text-align: center; font-size: 28pt; line-height: 1.1; margin: 1mm 0; }
.meta, .ready { text-align: center; font-size: 10pt; }
.ready { font-weight: bold; }
.flag { margin-top: 2mm; padding: 1mm 2mm; border: 2px solid #000; font-weight: bold; }
.customer { margin-top: 2mm; padding: 2mm 0; border-top: 1px dashed #000; border-bottom: 1px dashed #000; }
.customer .name { font-size: 14pt; font-weight: bold; }
.items { margin-top: 2mm; }
.items > li { padding: 1mm 0; }
.line { display: flex; gap: 2mm; align-items: baseline; }
.qty { font-weight: bold; white-space: nowrap; }
.item { flex: 1; font-weight: bold; overflow-wrap: anywhere; }
.price { white-space: nowrap; }
.options, .notes { padding-left: 6mm; font-size: 11pt; }
.notes { font-style: italic; }
.custom { margin-top: 2mm; }
.items + .custom { padding-top: 2mm; border-top: 1px dashed #000; }
.custom h2 { font-size: 10pt; text-transform: uppercase; }
.custom p { white-space: pre-line; overflow-wrap: anywhere; }
.total { display: flex; justify-content: space-between; margin-top: 2mm; padding-top: 2mm; border-top: 1px dashed #000; font-weight: bold; font-size: 13pt; }
`;

const FRAME_ID = 'order-ticket-frame';
const MM_PER_PX = 25.4 / 96;
let ticketRoot: { frame: HTMLIFrameElement; root: Root } | null = null;

/**
 * The ticket is printed from a hidden frame of its own: no new window for a popup blocker to stop, and its page
 * size (80 mm wide, as long as the ticket) never touches how the dashboard itself prints.
 */
function ticketFrame() {
  if (ticketRoot?.frame.isConnected && ticketRoot.frame.contentDocument?.getElementById('ticket')) return ticketRoot;
  ticketRoot?.root.unmount();
  ticketRoot?.frame.remove();
  const frame = document.createElement('iframe');
  frame.id = FRAME_ID;
  frame.title = 'Kitchen ticket';
  frame.tabIndex = -1;
  frame.setAttribute('aria-hidden', 'true');
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden';
  document.body.append(frame);
  const doc = frame.contentDocument!;
  const style = doc.createElement('style');
  style.textContent = TICKET_CSS;
  const page = doc.createElement('style');
  page.id = 'ticket-page';
  const container = doc.createElement('div');
  container.id = 'ticket';
  doc.head.append(style, page);
  doc.body.append(container);
  ticketRoot = { frame, root: createRoot(container) };
  return ticketRoot;
}

/** Puts the order's ticket in the (hidden) ticket frame, sized for its page, and returns the frame. */
export function renderTicketFrame(order: Order, header: TicketHeader = {}): HTMLIFrameElement {
  const { frame, root } = ticketFrame();
  flushSync(() => root.render(<OrderTicket order={order} {...header} />));
  const doc = frame.contentDocument!;
  const number = formatOrderNumber(order.dailyNumber);
  doc.title = `Kitchen ticket${number ? ` ${number}` : ''}`;
  // A receipt printer's roll has no page length: the page is exactly as long as the ticket, so it cuts once.
  const heightMm = Math.max(60, Math.ceil((doc.getElementById('ticket')?.scrollHeight ?? 0) * MM_PER_PX) + 4);
  doc.getElementById('ticket-page')!.textContent = `@page { size: 80mm ${heightMm}mm; margin: 0; }`;
  return frame;
}

/** Opens the browser's print dialog for the order's ticket (printing at once in kiosk mode). */
export function printOrderTicket(order: Order, header: TicketHeader = {}) {
  const view = renderTicketFrame(order, header).contentWindow;
  if (!view) return;
  view.focus();
  view.print();
}

const AUTO_PRINTED_KEY = 'pickupline.autoPrintedOrders';
const PRINTER_LOCK = 'pickupline.ticket-printer';

/** Whether an order that just arrived still needs its automatic ticket: never twice for one order in this browser. */
export function claimAutoPrint(orderId: string): boolean {
  try {
    const printed = JSON.parse(localStorage.getItem(AUTO_PRINTED_KEY) ?? '[]') as unknown;
    const ids = Array.isArray(printed) ? printed.filter((id): id is string => typeof id === 'string') : [];
    if (ids.includes(orderId)) return false;
    localStorage.setItem(AUTO_PRINTED_KEY, JSON.stringify([...ids, orderId].slice(-100)));
    return true;
  } catch {
    return true;
  }
}

/**
 * "Print new orders automatically" for this device: returns what to call when an order arrives live. With the board
 * open in several tabs, one of them holds a lock and prints; when it closes, another takes over.
 */
export function useAutoPrintNewOrders({ restaurantName, timeZone }: TicketHeader) {
  const [isOn] = useDeviceSetting(autoPrintNewOrders);
  const isPrinterTab = useRef(false);

  useEffect(() => {
    if (!isOn) return;
    if (!('locks' in navigator)) {
      isPrinterTab.current = true;
      return () => {
        isPrinterTab.current = false;
      };
    }
    const controller = new AbortController();
    let release: (() => void) | undefined;
    navigator.locks
      .request(
        PRINTER_LOCK,
        { signal: controller.signal },
        () =>
          new Promise<void>((resolve) => {
            isPrinterTab.current = true;
            release = resolve;
          }),
      )
      .catch(() => undefined);
    return () => {
      isPrinterTab.current = false;
      controller.abort();
      release?.();
    };
  }, [isOn]);

  return useCallback(
    (order: Order) => {
      if (order.status !== 'new' || !isPrinterTab.current || !claimAutoPrint(order.id)) return;
      printOrderTicket(order, { restaurantName, timeZone });
    },
    [restaurantName, timeZone],
  );
}

/** "Print ticket" on an order card: a small text button beside the customer's number, so the card grows no taller. */
export function PrintTicketButton({ order, className }: { order: Order; className?: string }) {
  const { me } = useSession();
  const { timeZone } = useRestaurantClock();
  const number = formatOrderNumber(order.dailyNumber);
  return (
    <button
      type="button"
      className={clsx(
        'inline-flex items-center gap-1 rounded text-sm font-medium text-stone-700 hover:text-stone-950 hover:underline',
        className,
      )}
      onClick={() => printOrderTicket(order, { restaurantName: me?.restaurant.restaurantName ?? undefined, timeZone })}
    >
      <Printer className="size-3.5" aria-hidden="true" />
      Print ticket
      <span className="sr-only">
        {' '}
        for {number ? `order ${number}, ` : ''}
        {order.customerName || formatPhoneDisplay(order.phoneNumber)}
      </span>
    </button>
  );
}
