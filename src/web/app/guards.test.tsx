// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { PlanSummary } from '@shared/contracts/billing';
import type { MeResponse } from '@shared/contracts/me';
import { MSG } from '@shared/messages';
import { fakeApi, renderAt, reply, signedInOwner } from '../../../tests/render-web';
import { daysFromNow, stubBrowser, withToaster } from '../features/billing/billing-test-kit';
import { PLAN_ENDED_DESCRIPTION } from '../features/dashboard/busy-mode-toggle';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { activePhone, botPreferences, orderList } from '../features/dashboard/dashboard-test-kit';
import { ProtectedRoute } from './guards';
import { AppLayout } from './layouts/app-layout';

const routes = withToaster([
  {
    element: <ProtectedRoute />,
    children: [{ element: <AppLayout />, children: [{ path: '/dashboard', element: <DashboardPage /> }] }],
  },
]);

function openDashboard(me: MeResponse) {
  stubBrowser();
  fakeApi({
    'GET /api/me': reply(200, me),
    'GET /api/orders': reply(200, orderList([])),
    'GET /api/restaurant/bot': reply(200, botPreferences()),
    'GET /api/phone-system': reply(200, activePhone),
  });
  renderAt('/dashboard', routes);
}

const NOTICE = 'Your phone assistant is not taking new orders';
const TAKING_ORDERS = 'Off: your assistant is taking phone orders.';

/** The page once the session and the busy-mode setting have loaded: the switch says whether orders are taken. */
async function settledWith(description: string) {
  const toggle = await screen.findByRole('switch', { name: 'Busy Mode' }, { timeout: 5_000 });
  await waitFor(() => expect(toggle).toHaveAccessibleDescription(description), { timeout: 5_000 });
}

const owner = (restaurant: Partial<MeResponse['restaurant']>, plan: Partial<PlanSummary> = {}) =>
  signedInOwner({ hasCompletedOnboarding: true, ...restaurant }, plan);

/** Plans as /api/me gives them. */
const paying: Partial<PlanSummary> = {
  status: 'active',
  providerStatus: 'active',
  currentPeriodEnd: daysFromNow(20),
  subscriptionId: 'sub_1',
};
const endedAtPeriodEnd: Partial<PlanSummary> = {
  status: 'canceling',
  providerStatus: 'active',
  cancelAtPeriodEnd: true,
  currentPeriodEnd: daysFromNow(-1),
  subscriptionId: 'sub_1',
};

describe('the plan as the header, the toast, the board and the Busy Mode card show it', () => {
  it.each([
    ['paying, after the trial ended', owner({ subscriptionStatus: 'active', trialEndsAt: daysFromNow(-30) }, paying)],
    [
      'on a trial with days left, whatever the profile last recorded',
      owner({ subscriptionStatus: 'none', trialEndsAt: daysFromNow(3) }),
    ],
  ] as const)('takes orders and says nothing has ended when %s', async (_, me) => {
    openDashboard(me);
    await settledWith(TAKING_ORDERS);
    expect(screen.queryByText('Trial expired')).not.toBeInTheDocument();
    expect(screen.queryByText(MSG.trialExpired)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: NOTICE })).not.toBeInTheDocument();
  });

  it.each([
    ['the trial ended and nothing was paid', owner({ subscriptionStatus: 'none', trialEndsAt: daysFromNow(-1) })],
    ['the account was never given a trial end', owner({ subscriptionStatus: 'trial', trialEndsAt: null })],
    [
      'the plan was canceled and its period is over, though the profile still says paying',
      owner({ subscriptionStatus: 'active', trialEndsAt: daysFromNow(-40) }, endedAtPeriodEnd),
    ],
  ] as const)('says the plan has ended everywhere when %s', async (_, me) => {
    openDashboard(me);
    await settledWith(PLAN_ENDED_DESCRIPTION);
    expect(screen.getByText('Trial expired')).toBeInTheDocument();
    expect(await screen.findByText(MSG.trialExpired)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: NOTICE })).toBeInTheDocument();
  });

  it('says which plan ended: the trial, or the paid plan', async () => {
    openDashboard(owner({ subscriptionStatus: 'active', trialEndsAt: daysFromNow(-40) }, endedAtPeriodEnd));
    expect(await screen.findByRole('region', { name: NOTICE }, { timeout: 5_000 })).toHaveTextContent(
      'Your PickupLine Pro plan has ended',
    );
  });

  it('shows no trial reminder once a plan subscribed to during the trial has taken over', async () => {
    const trialing: Partial<PlanSummary> = { ...paying, providerStatus: 'trialing' };
    openDashboard(owner({ subscriptionStatus: 'trial', trialEndsAt: daysFromNow(3) }, trialing));
    await settledWith(TAKING_ORDERS);
    expect(screen.queryByRole('region', { name: 'Free trial' })).not.toBeInTheDocument();
  });

  it('shows the trial reminder while the trial is what runs', async () => {
    openDashboard(owner({ subscriptionStatus: 'trial', trialEndsAt: daysFromNow(3) }));
    await settledWith(TAKING_ORDERS);
    expect(screen.getByRole('region', { name: 'Free trial' })).toHaveTextContent('3 days left in your free trial.');
  });
});
