// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { Order } from '@shared/contracts/orders';
import { repeatNewOrderAlert } from '@web/lib/local-settings';
import '../../../../tests/render-web';
import { playAlertReminder } from './chime';
import { testOrder } from './dashboard-test-kit';
import { ALERT_REPEAT_MS, NewOrderAlert, announceNewOrder, useNewOrderAlert } from './new-order-alert';
import { orderElementId } from './order-card';

vi.mock('./chime', () => ({ playAlertReminder: vi.fn() }));
const reminders = vi.mocked(playAlertReminder);

type Alert = ReturnType<typeof useNewOrderAlert>;

/** The dashboard's use of the alert: the board's orders in, the alert and the cards out. */
function renderBoard(initialBoard: Order[] = []) {
  const handle: { current: Alert | null } = { current: null };
  function Board({ orders }: { orders: Order[] }) {
    const alert = useNewOrderAlert(orders);
    handle.current = alert;
    return (
      <>
        <NewOrderAlert waiting={alert.waiting} repeats={alert.repeats} onAcknowledge={alert.acknowledge} />
        {orders.map((order) => (
          <article key={order.id} id={orderElementId(order.id)} tabIndex={-1} aria-label={order.customerName!} />
        ))}
      </>
    );
  }
  const view = render(<Board orders={initialBoard} />);
  return {
    alert: () => handle.current!,
    showBoard: (orders: Order[]) => view.rerender(<Board orders={orders} />),
  };
}

const alertRegion = () => screen.queryByRole('region', { name: 'New order alert' });
const waitRepeat = (times = 1) =>
  act(() => {
    vi.advanceTimersByTime(ALERT_REPEAT_MS * times);
  });

beforeEach(() => {
  vi.useFakeTimers();
  reminders.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('new-order alert', () => {
  it('repeats the chime every 10 seconds until Got it, then focuses the order', () => {
    repeatNewOrderAlert.set(true);
    const order = testOrder({ dailyNumber: 12, customerName: 'Noah Kim' });
    const board = renderBoard([order]);

    act(() => board.alert().orderArrived(order));
    expect(alertRegion()).toHaveTextContent('New order #12 from Noah Kim');
    expect(alertRegion()).toHaveTextContent('Repeats until acknowledged');
    expect(reminders).not.toHaveBeenCalled();
    waitRepeat();
    expect(reminders).toHaveBeenCalledTimes(1);
    waitRepeat(2);
    expect(reminders).toHaveBeenCalledTimes(3);

    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(alertRegion()).toBeNull();
    expect(screen.getByRole('article', { name: 'Noah Kim' })).toHaveFocus();
    waitRepeat(3);
    expect(reminders).toHaveBeenCalledTimes(3);
  });

  it('chimes once only when the device does not repeat, and still shows the alert', () => {
    const order = testOrder();
    const board = renderBoard();
    act(() => board.alert().orderArrived(order));
    expect(alertRegion()).toBeInTheDocument();
    expect(alertRegion()).not.toHaveTextContent('repeats');
    waitRepeat(3);
    expect(reminders).not.toHaveBeenCalled();
  });

  it('stops once the order is acted on, here or anywhere else', () => {
    repeatNewOrderAlert.set(true);
    const first = testOrder({ customerName: 'Noah Kim' });
    const second = testOrder({ dailyNumber: 31, customerName: 'Ava Chen' });
    const board = renderBoard();
    act(() => {
      board.alert().orderArrived(first);
      board.alert().orderArrived(second);
    });
    expect(alertRegion()).toHaveTextContent('2 new orders waiting');

    // A live update that leaves it new (a text sent) changes nothing; a prep time acknowledges it.
    act(() => board.alert().orderChanged({ ...first, notifiedAt: new Date().toISOString() }));
    expect(alertRegion()).toHaveTextContent('2 new orders waiting');
    act(() => board.alert().orderChanged({ ...first, status: 'preparing', readyInMinutes: 10 }));
    expect(alertRegion()).toHaveTextContent('New order #31 from Ava Chen');
    waitRepeat();
    expect(reminders).toHaveBeenCalledTimes(1);

    // The board refetched (the live stream had a gap): it shows the second one cancelled.
    board.showBoard([{ ...second, status: 'cancelled', cancelReason: 'duplicate' }]);
    expect(alertRegion()).toBeNull();
    waitRepeat(2);
    expect(reminders).toHaveBeenCalledTimes(1);
  });

  it('ignores an order that arrives already past new, and the same order twice', () => {
    repeatNewOrderAlert.set(true);
    const order = testOrder();
    const board = renderBoard();
    act(() => board.alert().orderArrived({ ...order, status: 'preparing' }));
    expect(alertRegion()).toBeNull();
    act(() => {
      board.alert().orderArrived(order);
      board.alert().orderArrived(order);
    });
    expect(alertRegion()).toHaveTextContent(`New order #${order.dailyNumber} from Noah Kim`);
  });

  it('turning the repeat on while an order waits starts it, turning it off stops it', () => {
    const board = renderBoard();
    act(() => board.alert().orderArrived(testOrder()));
    waitRepeat();
    expect(reminders).not.toHaveBeenCalled();
    act(() => repeatNewOrderAlert.set(true));
    waitRepeat();
    expect(reminders).toHaveBeenCalledTimes(1);
    act(() => repeatNewOrderAlert.set(false));
    waitRepeat(2);
    expect(reminders).toHaveBeenCalledTimes(1);
  });

  it('announces the customer, what they ordered and the number', () => {
    expect(announceNewOrder(testOrder({ dailyNumber: 4, customerName: 'Noah Kim', item: '2× Carnitas Burrito' }))).toBe(
      'New order from Noah Kim: 2× Carnitas Burrito (order #4)',
    );
    expect(
      announceNewOrder(
        testOrder({ dailyNumber: null, customerName: null, isCustomOrder: true, phoneNumber: '+12405550109' }),
      ),
    ).toBe('New order from +1 (240) 555-0109: custom order');
  });
});
