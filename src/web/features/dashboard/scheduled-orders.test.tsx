// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { AppLayout } from '@web/app/layouts/app-layout';
import { fakeApi, renderAt, reply, signedInOwner } from '../../../../tests/render-web';
import { stubBrowser, withToaster } from '../billing/billing-test-kit';
import { DashboardPage } from './dashboard-page';
import { activePhone, botPreferences, orderList, testOrder } from './dashboard-test-kit';

const routes = withToaster([
  { element: <AppLayout />, children: [{ path: '/dashboard', element: <DashboardPage /> }] },
]);

const NOW = Date.parse('2026-11-27T17:00:00Z');
const MIN = 60_000;
const FIRST_LOAD = { timeout: 5_000 };

afterEach(() => vi.useRealTimers());

describe('an order for a later pickup on the board', () => {
  it('waits beside the queue with its time, and joins the new orders when the kitchen should start it', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: NOW });
    stubBrowser();
    const scheduled = testOrder({
      customerName: 'Aiko',
      createdAt: new Date(NOW - 5 * MIN).toISOString(),
      prepMinutes: 15,
      scheduledFor: new Date(NOW + 30 * MIN).toISOString(),
      quotedReadyAt: new Date(NOW + 30 * MIN).toISOString(),
    });
    const now = testOrder({
      customerName: 'Ren',
      prepMinutes: 15,
      quotedReadyAt: new Date(NOW + 15 * MIN).toISOString(),
    });
    fakeApi({
      'GET /api/me': reply(200, signedInOwner({ hasCompletedOnboarding: true })),
      'GET /api/orders': reply(200, orderList([scheduled, now])),
      'GET /api/restaurant/bot': reply(200, botPreferences()),
      'GET /api/phone-system': reply(200, activePhone),
    });
    renderAt('/dashboard', routes);

    const later = await screen.findByRole('list', { name: 'Scheduled for later' }, FIRST_LOAD);
    const queue = screen.getByRole('list', { name: 'Orders' });
    expect(within(later).getByRole('article')).toHaveTextContent('Aiko');
    expect(within(later).getByRole('article')).toHaveTextContent(/Scheduled for \d{1,2}:\d{2} [AP]M/);
    expect(within(later).getByRole('article')).toHaveTextContent(/kitchen starts/);
    expect(within(queue).getAllByRole('article')).toHaveLength(1);
    expect(within(queue).getByRole('article')).toHaveTextContent(/Ren.*Quoted around/);

    // Fifteen minutes later (its pickup less its preparation) it is the kitchen's to start.
    act(() => {
      vi.advanceTimersByTime(15 * MIN);
    });
    expect(screen.queryByRole('list', { name: 'Scheduled for later' })).not.toBeInTheDocument();
    const articles = within(screen.getByRole('list', { name: 'Orders' })).getAllByRole('article');
    expect(articles.map((a) => a.textContent)).toEqual([
      expect.stringContaining('Aiko'),
      expect.stringContaining('Ren'),
    ]);
    expect(articles[0]).not.toHaveTextContent('kitchen starts');
  });
});
