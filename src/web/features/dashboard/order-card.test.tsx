// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import toast, { Toaster } from 'react-hot-toast';
import type { Order } from '@shared/contracts/orders';
import type { BotPreferencesResponse } from '@shared/contracts/restaurant';
import { isOtherZone } from '@web/lib/relative-time';
import { fakeApi, renderAt, reply, signedInOwner, type SentRequest } from '../../../../tests/render-web';
import { OrderCard } from './order-card';

const ORDER_ID = '5f0c2d1e-8a7b-4c6d-9e0f-1a2b3c4d5e6f';
const NOW = Date.parse('2026-11-21T18:30:00Z');
const minutesBefore = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

function order(overrides: Partial<Order> = {}): Order {
  return {
    id: ORDER_ID,
    dailyNumber: 12,
    item: '2× Pad Thai',
    quantity: 2,
    items: [{ name: 'Pad Thai', quantity: 2, unitPriceCents: 1300, notes: null, options: [] }],
    phoneNumber: '+15555550100',
    customerName: 'Noah Kim',
    status: 'new',
    isCustomOrder: false,
    customOrderText: null,
    readyInMinutes: null,
    prepMinutes: null,
    quotedReadyAt: null,
    scheduledFor: null,
    totalCents: 2600,
    source: 'test',
    callId: null,
    needsReview: false,
    reviewReason: null,
    cancelReason: null,
    cancelledAt: null,
    notifiedAt: null,
    notifications: [],
    createdAt: minutesBefore(4),
    updatedAt: minutesBefore(4),
    ...overrides,
  };
}

const bot = (autoSmsEnabled: boolean): BotPreferencesResponse => ({
  language: 'en',
  greetingMessage: 'Welcome!',
  busyMessage: 'We are busy.',
  autoSmsEnabled,
  allowCustomOrders: true,
  isBusyMode: false,
  busyUntil: null,
  isSaved: true,
});

function renderCard(card: Order) {
  return renderAt('/dashboard', [
    {
      element: (
        <>
          <Outlet />
          <Toaster />
        </>
      ),
      children: [{ path: '/dashboard', element: <OrderCard order={card} /> }],
    },
  ]);
}

const statusLine = () => document.querySelector('[data-timing]')!;

describe('the order card', () => {
  beforeEach(() => {
    // The toaster asks whether motion is reduced.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
  });
  afterEach(() => {
    toast.remove();
    vi.useRealTimers();
  });

  it('shows the day’s number and how long the order has waited', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: NOW });
    fakeApi({});
    renderCard(order({ createdAt: minutesBefore(4) }));
    const card = screen.getByRole('article', { name: 'Order #12 Noah Kim' });
    const age = within(card).getByText('4 min').closest('time')!;
    expect(age).toHaveTextContent('Waiting 4 min');
    expect(age).toHaveAttribute('dateTime', minutesBefore(4));

    // The shared clock ticks every 30 seconds; four ticks later it has waited six minutes.
    await act(() => vi.advanceTimersByTime(120_000));
    expect(age).toHaveTextContent('Waiting 6 min');
  });

  it('counts down to “ready around”, amber under 2 minutes, red and in words once late', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: NOW });
    fakeApi({});
    // Prep time of 10 minutes set 7 minutes ago: ready around 18:33 UTC.
    renderCard(
      order({ status: 'preparing', readyInMinutes: 10, createdAt: minutesBefore(9), updatedAt: minutesBefore(7) }),
    );
    // The card reads the session (for the restaurant's name and zone): let that answer land before the clock moves,
    // so no update arrives between two steps of the test.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));

    expect(statusLine()).toHaveTextContent(/Ready around .* \(10 min prep\)3 min left/);
    expect(statusLine()).toHaveAttribute('data-timing', 'on_time');
    expect(statusLine().className).not.toMatch(/amber|red/);

    await act(() => vi.advanceTimersByTime(90_000));
    expect(statusLine()).toHaveTextContent('1 min left');
    expect(statusLine()).toHaveAttribute('data-timing', 'due_soon');
    expect(statusLine().className).toMatch(/bg-amber-100/);

    await act(() => vi.advanceTimersByTime(120_000));
    expect(statusLine()).toHaveTextContent('Late by 1 min');
    expect(statusLine()).toHaveAttribute('data-timing', 'late');
    expect(statusLine().className).toMatch(/bg-red-50/);

    await act(() => vi.advanceTimersByTime(5 * 60_000));
    expect(statusLine()).toHaveTextContent('Late by 6 min');
  });

  it('reads “ready around” and the placing time on the restaurant’s clock, naming its zone when the browser’s differs', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    fakeApi({ 'GET /api/me': reply(200, signedInOwner({ timeZone: 'Asia/Tokyo' })) });
    renderCard(
      order({ status: 'preparing', readyInMinutes: 10, createdAt: minutesBefore(9), updatedAt: minutesBefore(7) }),
    );
    // Ready around 18:33 UTC: 3:33 AM the next day in Tokyo.
    const zone = isOtherZone('Asia/Tokyo', NOW) ? ' GMT+9' : '';
    await waitFor(() => expect(statusLine()).toHaveTextContent(`Ready around 3:33 AM${zone} (10 min prep)`));
    expect(screen.getByRole('article').querySelector('time')).toHaveAttribute(
      'title',
      `Placed Nov 22, 2026, 3:21 AM${zone}`,
    );
  });

  it('cancels in an in-app dialog with a reason; Keep order sends nothing; the browser’s confirm is never used', async () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const sent: SentRequest[] = [];
    const api = fakeApi({
      'GET /api/restaurant/bot': reply(200, bot(true)),
      'POST /api/orders/:id/cancel': (request) => {
        sent.push(request);
        return reply(200, {
          order: order({
            status: 'cancelled',
            cancelReason: 'duplicate',
            cancelledAt: new Date().toISOString(),
            updatedAt: new Date().toISOString(),
            notifications: [
              { kind: 'cancelled', status: 'queued', lastError: null, updatedAt: new Date().toISOString() },
            ],
          }),
        });
      },
    });
    const { user } = renderCard(
      order({ status: 'preparing', readyInMinutes: 15, updatedAt: new Date().toISOString() }),
    );
    // No no-show before the order is ready.
    expect(screen.queryByRole('button', { name: 'No-show' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Cancel order #12?' });
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['customer_cancelled', 'duplicate', 'kitchen_unable']);
    expect(within(dialog).getByRole('radio', { name: 'Customer cancelled' })).toBeChecked();
    expect(
      await within(dialog).findByText('The customer gets a text saying the order was cancelled.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.writes()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Cancel order #12?' });
    await user.click(within(dialog).getByRole('radio', { name: 'Duplicate order' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));

    expect(await screen.findByText('Order cancelled and customer notified')).toBeInTheDocument();
    expect(sent.map((r) => [r.path, r.body])).toEqual([[`/api/orders/${ORDER_ID}/cancel`, { reason: 'duplicate' }]]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(confirm).not.toHaveBeenCalled();
  });

  it('offers No-show on a ready order, with that reason chosen; with texts off it says no text goes out', async () => {
    fakeApi({
      'GET /api/restaurant/bot': reply(200, bot(false)),
      'POST /api/orders/:id/cancel': reply(200, {
        order: order({ status: 'cancelled', cancelReason: 'no_show', cancelledAt: new Date().toISOString() }),
      }),
    });
    const { user } = renderCard(order({ status: 'ready', readyInMinutes: 10 }));
    await user.click(screen.getByRole('button', { name: 'No-show' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Mark order #12 as a no-show?' });
    expect(within(dialog).getByRole('radio', { name: 'No-show' })).toBeChecked();
    expect(
      await within(dialog).findByText('Automatic texts are off, so the customer is not texted.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Mark as no-show' }));
    expect(await screen.findByText('Order marked as a no-show')).toBeInTheDocument();
  });

  it('a 409 (someone else moved the order first) closes the dialog and says why', async () => {
    fakeApi({
      'GET /api/restaurant/bot': reply(200, bot(true)),
      'POST /api/orders/:id/cancel': reply(409, {
        error: 'Only new, preparing or ready orders can be cancelled; this one is completed.',
      }),
    });
    const { user } = renderCard(order({ status: 'ready', readyInMinutes: 10 }));
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Failed to update order')).toBeInTheDocument();
    expect(
      screen.getByText('Only new, preparing or ready orders can be cancelled; this one is completed.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('a prep time with automatic texts off says only that the order was updated', async () => {
    fakeApi({
      'POST /api/orders/:id/prep-time': reply(200, {
        order: order({ status: 'preparing', readyInMinutes: 15, notifications: [] }),
      }),
    });
    const { user } = renderCard(order());
    await user.click(screen.getByRole('button', { name: '15 min' }));
    expect(await screen.findByText('Order updated')).toBeInTheDocument();
    expect(screen.queryByText(/customer notified/)).toBeNull();
  });

  it('a prep time that texted the customer says so', async () => {
    fakeApi({
      'POST /api/orders/:id/prep-time': reply(200, {
        order: order({
          status: 'preparing',
          readyInMinutes: 15,
          notifications: [{ kind: 'preparing', status: 'queued', lastError: null, updatedAt: minutesBefore(0) }],
        }),
      }),
    });
    const { user } = renderCard(order());
    await user.click(screen.getByRole('button', { name: '15 min' }));
    expect(await screen.findByText('Order updated and customer notified')).toBeInTheDocument();
  });

  it('a cancelled order shows why and when, and offers no next step', () => {
    fakeApi({});
    renderCard(order({ status: 'cancelled', cancelReason: 'kitchen_unable', cancelledAt: '2026-11-21T18:20:00Z' }));
    const card = screen.getByRole('article', { name: 'Order #12 Noah Kim' });
    expect(within(card).getByText('Cancelled')).toBeVisible();
    expect(within(card).getByText(/Kitchen can't make it/)).toBeVisible();
    for (const name of [/Cancel order/, /No-show/, /Complete Order/, /Mark as Ready/, /min$/]) {
      expect(within(card).queryByRole('button', { name })).toBeNull();
    }
  });
});
