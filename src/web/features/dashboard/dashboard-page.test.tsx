// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { Order } from '@shared/contracts/orders';
import { MSG } from '@shared/messages';
import { AppLayout } from '@web/app/layouts/app-layout';
import { autoPrintNewOrders } from '@web/lib/local-settings';
import { fakeApi, renderAt, reply, signedInOwner, type FakeRoutes } from '../../../../tests/render-web';
import { FakeEventSource, stubBrowser, withToaster } from '../billing/billing-test-kit';
import { DashboardPage } from './dashboard-page';
import { activePhone, botPreferences, orderList, testOrder } from './dashboard-test-kit';
import { renderTicketFrame } from './order-ticket';

const routes = withToaster([
  { element: <AppLayout />, children: [{ path: '/dashboard', element: <DashboardPage /> }] },
]);

/** The dashboard with these orders, as a laptop (or, with `onPhone`, a 390 px phone) shows it. */
function openBoard(
  orders: Order[],
  { onPhone = false, api: extraRoutes = {} }: { onPhone?: boolean; api?: FakeRoutes } = {},
) {
  stubBrowser();
  if (onPhone) {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
  }
  const api = fakeApi({
    'GET /api/me': reply(200, signedInOwner({ hasCompletedOnboarding: true })),
    'GET /api/orders': reply(200, orderList(orders)),
    'GET /api/restaurant/bot': reply(200, botPreferences()),
    'GET /api/phone-system': reply(200, activePhone),
    ...extraRoutes,
  });
  return { api, ...renderAt('/dashboard', routes) };
}

/** The first render waits for the session, the orders, busy mode and the phone system; a busy machine is slow. */
const FIRST_LOAD = { timeout: 5_000 };

const statusLine = () => screen.getByText('Restaurant status:').parentElement!;
const details = () => screen.getByRole('button', { name: 'Status Details' });

describe('order board', () => {
  it('folds the restaurant status into one line once there are orders, and opens it on request', async () => {
    const { user } = openBoard([testOrder()]);

    expect(await screen.findByRole('article', undefined, FIRST_LOAD)).toBeInTheDocument();
    await waitFor(
      () => expect(statusLine()).toHaveTextContent('Restaurant status: Trial: 5 days.Not busy.Phone active.'),
      FIRST_LOAD,
    );
    expect(details()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('switch', { name: 'Busy Mode' })).not.toBeInTheDocument();
    // On a laptop the subscription banner stays under the header.
    expect(screen.getByRole('region', { name: 'Subscription status' })).toBeInTheDocument();

    await user.click(details());
    expect(details()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('switch', { name: 'Busy Mode' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Free trial' })).toHaveTextContent('5 days left in your free trial.');
    expect(screen.getByRole('heading', { name: /Phone system/ })).toBeInTheDocument();
  });

  it('starts open on an empty board', async () => {
    openBoard([]);
    expect(await screen.findByText('No orders have been received yet.', undefined, FIRST_LOAD)).toBeInTheDocument();
    expect(details()).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('switch', { name: 'Busy Mode' }, FIRST_LOAD)).toBeInTheDocument();
  });

  it('on a phone, moves the subscription banner from under the header into the status details', async () => {
    const { user } = openBoard([testOrder()], { onPhone: true });

    expect(await screen.findByRole('article', undefined, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Subscription status' })).not.toBeInTheDocument();
    await user.click(details());
    const banner = screen.getByRole('region', { name: 'Subscription status' });
    expect(banner).toHaveTextContent(MSG.upgradeBanner);
    expect(within(banner).getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/pricing');
    // The navigation is behind one button.
    expect(screen.getByRole('button', { name: 'Menu' })).toBeInTheDocument();
  });

  it('says when to try again once test orders come too fast', async () => {
    const tooMany = 'You have created 30 test orders in the last minute. Try again in 42 seconds.';
    const { user } = openBoard([], { api: { 'POST /api/orders/test': reply(429, { error: tooMany }) } });
    await user.click(await screen.findByRole('button', { name: 'Create Test Order' }, FIRST_LOAD));
    expect(await screen.findByText(tooMany)).toBeInTheDocument();
    expect(screen.queryByText('Failed to create test order')).not.toBeInTheDocument();
  });

  it('says in words when the sound is off', async () => {
    const { user } = openBoard([testOrder()]);
    const sound = await screen.findByRole('button', { name: 'New-order sound' }, FIRST_LOAD);
    expect(screen.queryByText('Sound off')).not.toBeInTheDocument();

    await user.click(sound);
    expect(sound).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('Sound off').closest('[role="status"]')).toBeInTheDocument();
    await user.click(sound);
    expect(screen.queryByText('Sound off')).not.toBeInTheDocument();
  });

  it('alerts, announces and (when this device prints automatically) prints an order arriving live', async () => {
    const frame = renderTicketFrame(testOrder());
    const print = vi.spyOn(frame.contentWindow!, 'print').mockImplementation(() => undefined);
    vi.spyOn(frame.contentWindow!, 'focus').mockImplementation(() => undefined);
    autoPrintNewOrders.set(true);
    openBoard([testOrder({ status: 'preparing', readyInMinutes: 10 })]);
    expect(await screen.findByRole('article', undefined, FIRST_LOAD)).toBeInTheDocument();

    const order = testOrder({ dailyNumber: 4, customerName: 'Ava Chen', item: '1× Horchata' });
    act(() => FakeEventSource.latest!.send({ type: 'order.created', order }));

    const alert = await screen.findByRole('region', { name: 'New order alert' });
    expect(alert).toHaveTextContent('New order #4 from Ava Chen');
    expect(screen.getByText('New order from Ava Chen: 1× Horchata (order #4)')).toHaveClass('sr-only');
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(frame.contentDocument!.body).toHaveTextContent('#4');

    // The same order again (a replayed event) is neither alerted twice nor printed twice.
    act(() => FakeEventSource.latest!.send({ type: 'order.created', order }));
    expect(print).toHaveBeenCalledTimes(1);

    // Another device set its prep time: acknowledged.
    act(() =>
      FakeEventSource.latest!.send({
        type: 'order.updated',
        order: {
          ...order,
          status: 'preparing',
          readyInMinutes: 15,
          updatedAt: new Date(Date.now() + 1000).toISOString(),
        },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('region', { name: 'New order alert' })).not.toBeInTheDocument());
  });
});
