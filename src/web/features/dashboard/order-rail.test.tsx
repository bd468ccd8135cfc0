// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Order } from '@shared/contracts/orders';
import { isOtherZone } from '@web/lib/relative-time';
import { fakeApi, renderAt, reply, signedInOwner, type FakeRoutes } from '../../../../tests/render-web';
import { stubBrowser, withToaster } from '../billing/billing-test-kit';
import { DashboardPage } from './dashboard-page';
import { activePhone, botPreferences, orderList, testOrder } from './dashboard-test-kit';
import { allDayLabel, allDayTally, bumpPrepMinutes, railView } from './order-rail';
import { ageLevelOf } from './order-status';

const NOW = Date.parse('2026-11-27T01:30:00.000Z');
const minutesBefore = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

const line = (name: string, quantity: number, choices: string[] = []) => ({
  name,
  quantity,
  unitPriceCents: 1200,
  notes: null,
  options: choices.map((choice, i) => ({ group: i === 0 ? 'Size' : 'Extras', choice, priceDeltaCents: 300 })),
});

describe('the all-day count', () => {
  it('sums what the new and preparing orders still need, per dish and choice of options, most first', () => {
    const orders = [
      testOrder({ status: 'new', items: [line('Pizza', 3, ['Large']), line('Horchata', 1)] }),
      testOrder({ status: 'preparing', items: [line('Pizza', 4, ['Large']), line('Pizza', 2, ['Small'])] }),
      testOrder({ status: 'new', items: [line('Burrito', 1, ['Large', 'Cheese', 'Salsa'])] }),
      // Already made, or not to be made: not counted.
      testOrder({ status: 'ready', items: [line('Pizza', 5, ['Large'])] }),
      testOrder({ status: 'completed', items: [line('Pizza', 5, ['Large'])] }),
      testOrder({ status: 'cancelled', items: [line('Horchata', 9)] }),
      testOrder({ status: 'new', isCustomOrder: true, items: [], customOrderText: 'A cake' }),
    ];
    expect(allDayTally(orders)).toEqual([
      { label: 'Large Pizza', quantity: 7 },
      { label: 'Small Pizza', quantity: 2 },
      { label: 'Horchata', quantity: 1 },
      { label: 'Large Burrito + Cheese, Salsa', quantity: 1 },
    ]);
    expect(allDayTally([])).toEqual([]);
  });

  it('names a dish as the kitchen counts it', () => {
    expect(allDayLabel('Pizza', [])).toBe('Pizza');
    expect(allDayLabel('Pizza', [{ choice: 'Large' }])).toBe('Large Pizza');
    expect(allDayLabel('Pizza', [{ choice: 'Large' }, { choice: 'Olives' }])).toBe('Large Pizza + Olives');
  });
});

describe('one tap on a new ticket', () => {
  it('starts it with the time the kitchen gave it rounded up to a kitchen step, or the usual 15 minutes', () => {
    expect(bumpPrepMinutes({ readyInMinutes: null, prepMinutes: null })).toBe(15);
    expect(bumpPrepMinutes({ readyInMinutes: 8, prepMinutes: null })).toBe(10);
    expect(bumpPrepMinutes({ readyInMinutes: 16, prepMinutes: 25 })).toBe(20);
    expect(bumpPrepMinutes({ readyInMinutes: 45, prepMinutes: null })).toBe(30);
  });

  it('starts an order the kitchen has not timed with its own preparation time, its slowest dish', () => {
    expect(bumpPrepMinutes({ readyInMinutes: null, prepMinutes: 25 })).toBe(30);
    expect(bumpPrepMinutes({ readyInMinutes: null, prepMinutes: 10 })).toBe(10);
    expect(bumpPrepMinutes({ readyInMinutes: null, prepMinutes: 12 })).toBe(15);
  });
});

describe('a ticket’s colour by age', () => {
  it('turns amber at 10 minutes and red at 20, or as soon as it is past its ready-by time', () => {
    const at = (minutes: number, overrides: Partial<Order> = {}) =>
      ageLevelOf(
        testOrder({ createdAt: minutesBefore(minutes), updatedAt: minutesBefore(minutes), ...overrides }),
        NOW,
      );
    expect(at(9)).toBe('fresh');
    expect(at(10)).toBe('warn');
    expect(at(19)).toBe('warn');
    expect(at(20)).toBe('late');
    // Started 12 minutes ago with 10 minutes of prep: late, though young.
    expect(at(5, { status: 'preparing', readyInMinutes: 10, updatedAt: minutesBefore(12) })).toBe('late');
    expect(at(12, { status: 'preparing', readyInMinutes: 30, updatedAt: minutesBefore(2) })).toBe('warn');
    // A ready order waits for its customer, not for the kitchen.
    expect(at(40, { status: 'ready' })).toBe('fresh');
  });
});

const routes = withToaster([{ path: '/dashboard', element: <DashboardPage /> }]);

function openBoard(orders: Order[], extraRoutes: FakeRoutes = {}) {
  stubBrowser();
  const api = fakeApi({
    'GET /api/me': reply(200, signedInOwner({ hasCompletedOnboarding: true, timeZone: 'America/Los_Angeles' })),
    'GET /api/orders': reply(200, orderList(orders)),
    'GET /api/restaurant/bot': reply(200, botPreferences()),
    'GET /api/phone-system': reply(200, activePhone),
    ...extraRoutes,
  });
  return { api, ...renderAt('/dashboard', routes) };
}

const FIRST_LOAD = { timeout: 5_000 };
const viewSwitch = () => screen.getByRole('group', { name: 'Board view' });

describe('the kitchen rail', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    return () => vi.useRealTimers();
  });

  it('is chosen with Cards / Rail, kept on this device, and shows compact tickets and the all-day count', async () => {
    const orders = [
      testOrder({ dailyNumber: 1, createdAt: minutesBefore(22), items: [line('Pizza', 2, ['Large'])] }),
      testOrder({ dailyNumber: 2, createdAt: minutesBefore(12), items: [line('Pizza', 1, ['Large'])] }),
      testOrder({
        dailyNumber: 3,
        status: 'preparing',
        readyInMinutes: 15,
        createdAt: minutesBefore(4),
        updatedAt: minutesBefore(3),
        items: [line('Pizza', 4, ['Large'])],
      }),
    ];
    const { user } = openBoard(orders);
    expect(await screen.findAllByRole('article', undefined, FIRST_LOAD)).toHaveLength(3);
    expect(within(viewSwitch()).getByRole('button', { name: 'Cards' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('region', { name: 'All-day' })).toBeNull();

    await user.click(within(viewSwitch()).getByRole('button', { name: 'Rail' }));
    expect(within(viewSwitch()).getByRole('button', { name: 'Rail' })).toHaveAttribute('aria-pressed', 'true');
    expect(railView.get()).toBe(true);
    expect(localStorage.getItem('pickupline.boardRail')).toBe('true');

    const allDay = screen.getByRole('region', { name: 'All-day' });
    expect(
      within(allDay)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Large Pizza × 7']);

    const tickets = within(screen.getByRole('list', { name: 'Orders' })).getAllByRole('article');
    expect(tickets.map((t) => t.getAttribute('data-age'))).toEqual(['late', 'warn', 'fresh']);
    expect(tickets[0]).toHaveAccessibleName('Order #1 Noah Kim');
    expect(tickets[0]).toHaveTextContent('Waiting 22 min');
    // 01:27 UTC + 15 minutes, on the restaurant's clock in Los Angeles.
    const zone = isOtherZone('America/Los_Angeles', NOW) ? ' PST' : '';
    expect(tickets[2]).toHaveTextContent(`Ready by 5:42 PM${zone}`);
    // No price on a ticket: the kitchen makes dishes.
    expect(tickets[0]).not.toHaveTextContent('$');
  });

  it('bumps each ticket one step with one tap, as the card’s own button would', async () => {
    railView.set(true);
    const newOrder = testOrder({ id: 'o-new', dailyNumber: 1 });
    const preparing = testOrder({ id: 'o-prep', dailyNumber: 2, status: 'preparing', readyInMinutes: 10 });
    const ready = testOrder({ id: 'o-ready', dailyNumber: 3, status: 'ready', readyInMinutes: 10 });
    const answer = (order: Order) => () => reply(200, { order });
    const { api, user } = openBoard([newOrder, preparing, ready], {
      'POST /api/orders/o-new/prep-time': answer({ ...newOrder, status: 'preparing', readyInMinutes: 15 }),
      'POST /api/orders/o-prep/ready': answer({ ...preparing, status: 'ready' }),
      'POST /api/orders/o-ready/complete': answer({ ...ready, status: 'completed' }),
    });
    await screen.findAllByRole('article', undefined, FIRST_LOAD);

    await user.click(screen.getByRole('button', { name: 'Start · 15 min for order #1' }));
    await user.click(screen.getByRole('button', { name: 'Mark ready for order #2' }));
    screen.getByRole('button', { name: 'Picked up for order #3' }).focus();
    await user.keyboard('{Enter}');

    await waitFor(() =>
      expect(api.writes().map((r) => [r.path, r.body])).toEqual([
        ['/api/orders/o-new/prep-time', { minutes: 15 }],
        ['/api/orders/o-prep/ready', undefined],
        ['/api/orders/o-ready/complete', undefined],
      ]),
    );
    expect(await screen.findByText('Order marked as completed')).toBeInTheDocument();
  });
});
