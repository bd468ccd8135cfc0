// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import type { PlanSummary } from '@shared/contracts/billing';
import { MSG } from '@shared/messages';
import { leaveAppFor } from '@web/lib/leave-app';
import { DashboardPage } from '@web/features/dashboard/dashboard-page';
import { PaymentSuccessPage } from '@web/features/payment/payment-success-page';
import { PricingPage } from '@web/features/pricing/pricing-page';
import { fakeApi, renderAt, reply, signedInOwner, type FakeRoutes } from '../../../../tests/render-web';
import { FakeEventSource, daysFromNow, shown, stubBrowser, withToaster } from './billing-test-kit';

vi.mock('@web/lib/leave-app', () => ({ leaveAppFor: vi.fn() }));

beforeEach(() => {
  vi.mocked(leaveAppFor).mockClear();
  stubBrowser();
});

const routes = withToaster([
  { path: '/pricing', element: <PricingPage /> },
  { path: '/payment/success', element: <PaymentSuccessPage /> },
  { path: '/dashboard', element: <DashboardPage /> },
]);

const activePlan = (overrides: Partial<PlanSummary> = {}): PlanSummary => ({
  status: 'active',
  providerStatus: 'active',
  currentPeriodEnd: daysFromNow(30),
  cancelAtPeriodEnd: false,
  subscriptionId: 'sub_1',
  ...overrides,
});

const owner = (plan: Partial<PlanSummary> = {}) => signedInOwner({ hasCompletedOnboarding: true }, plan);
const visitor: FakeRoutes = { 'GET /api/me': reply(401, { error: 'Sign in first' }) };

describe('pricing page', () => {
  it("sends a visitor's Subscribe Now to sign-up, coming back to check out", async () => {
    fakeApi(visitor);
    renderAt('/pricing', routes);

    expect(await screen.findByRole('link', { name: 'Subscribe Now' })).toHaveAttribute(
      'href',
      '/signup?redirect=%2Fpricing%3Fsubscribe%3D1',
    );
    expect(screen.getByRole('link', { name: 'Contact Sales' })).toHaveAttribute('href', 'mailto:sales@pickupline.app');
  });

  it('checks a signed-in owner out', async () => {
    const api = fakeApi({
      'GET /api/me': reply(200, owner()),
      'POST /api/billing/checkout': reply(200, { url: 'https://checkout.example.com/c/cs_1' }),
    });
    const { user } = renderAt('/pricing', routes);

    await user.click(await screen.findByRole('button', { name: 'Subscribe Now' }));

    await waitFor(() => expect(leaveAppFor).toHaveBeenCalledWith('https://checkout.example.com/c/cs_1'));
    expect(screen.getByRole('button', { name: 'Redirecting to checkout…' })).toBeDisabled();
    expect(api.bodiesOf('POST /api/billing/checkout')).toEqual([{}]);
  });

  it('says so when the checkout cannot be created, and lets the owner try again', async () => {
    fakeApi({ 'GET /api/me': reply(200, owner()), 'POST /api/billing/checkout': reply(500) });
    const { user } = renderAt('/pricing', routes);

    await user.click(await screen.findByRole('button', { name: 'Subscribe Now' }));

    expect(await screen.findByText(MSG.checkoutFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe Now' })).toBeEnabled();
    expect(leaveAppFor).not.toHaveBeenCalled();
  });

  it('checks out once by itself when the owner comes back from sign-up', async () => {
    const api = fakeApi({
      'GET /api/me': reply(200, owner()),
      'POST /api/billing/checkout': reply(200, { url: 'https://checkout.example.com/c/cs_2' }),
    });
    const { router } = renderAt('/pricing?subscribe=1', routes);

    await waitFor(() => expect(leaveAppFor).toHaveBeenCalledWith('https://checkout.example.com/c/cs_2'));
    expect(api.bodiesOf('POST /api/billing/checkout')).toHaveLength(1);
    expect(router.state.location.search).toBe('');
  });

  it.each(['active', 'canceling', 'past_due'] as const)(
    'shows a %s subscriber Currently Subscribed',
    async (status) => {
      const api = fakeApi({ 'GET /api/me': reply(200, owner(activePlan({ status }))) });
      renderAt('/pricing?subscribe=1', routes);

      expect(await screen.findByText('Currently Subscribed')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Manage Subscription' })).toHaveAttribute('href', '/account/billing');
      expect(screen.queryByRole('button', { name: 'Subscribe Now' })).not.toBeInTheDocument();
      expect(api.writes()).toEqual([]);
    },
  );
});

describe('payment success page', () => {
  it('reads the new plan once for a signed-in owner and shows it', async () => {
    const renewsAt = daysFromNow(30);
    let plan: PlanSummary = {
      status: 'trial',
      providerStatus: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      subscriptionId: null,
    };
    const api = fakeApi({
      'GET /api/me': () => reply(200, owner(plan)),
      'POST /api/billing/sync': () => {
        plan = activePlan({ currentPeriodEnd: renewsAt });
        return reply(200, { plan });
      },
    });
    renderAt('/payment/success', routes);

    expect(
      await screen.findByText(
        (_, element) => element?.textContent === `PickupLine Pro is active. Next billing date: ${shown(renewsAt)}.`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(api.bodiesOf('POST /api/billing/sync')).toHaveLength(1);
    // The session is read again, so every page shows the plan at once.
    await waitFor(() => expect(api.requests.filter((r) => r.path === '/api/me/session')).toHaveLength(2));
  });

  it('after a trial checkout that charged nothing, says so and names the first charge instead of a payment', async () => {
    const firstCharge = daysFromNow(5);
    let plan: PlanSummary = {
      status: 'trial',
      providerStatus: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      subscriptionId: null,
    };
    fakeApi({
      'GET /api/me': () => reply(200, owner(plan)),
      'POST /api/billing/sync': () => {
        plan = activePlan({ providerStatus: 'trialing', currentPeriodEnd: firstCharge });
        return reply(200, { plan });
      },
    });
    renderAt('/payment/success', routes);

    expect(await screen.findByRole('heading', { name: 'Your plan is set up' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      `Nothing has been charged today. PickupLine Pro is yours now, and your free trial continues: your card is first charged $39 on ${shown(firstCharge)}, when the trial ends.`,
    );
    expect(screen.queryByText(/Payment successful/)).not.toBeInTheDocument();
    expect(document.title).toMatch(/^Your plan is set up/);
  });

  it('only thanks a visitor, claiming no payment it cannot see', async () => {
    const api = fakeApi(visitor);
    renderAt('/payment/success', routes);

    expect(await screen.findByRole('heading', { name: 'Thank you for subscribing' })).toBeInTheDocument();
    await waitFor(() => expect(api.requests.map((r) => r.path)).toContain('/api/me/session'));
    expect(api.writes()).toEqual([]);
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toBeInTheDocument();
  });
});

describe('dashboard when the plan has run out', () => {
  function dashboardApi(getMe: () => ReturnType<typeof owner>) {
    return fakeApi({
      'GET /api/me': () => reply(200, getMe()),
      'GET /api/orders': reply(200, {
        orders: [],
        nextCursor: null,
        stats: { new: 0, preparing: 0, ready: 0, completed: 0, custom: 0, total: 0 },
      }),
      'POST /api/billing/checkout': reply(200, { url: 'https://checkout.example.com/c/cs_3' }),
    });
  }

  it('says the assistant is not taking orders, offers to subscribe, and goes away once subscribed', async () => {
    let me = signedInOwner({ hasCompletedOnboarding: true, subscriptionStatus: 'none', trialEndsAt: daysFromNow(-1) });
    dashboardApi(() => me);
    const { user } = renderAt('/dashboard', routes);

    const notice = await screen.findByRole('region', { name: 'Your phone assistant is not taking new orders' });
    expect(notice).toHaveTextContent('Your free trial has ended');
    expect(notice).toHaveTextContent('Orders already placed are still here to prepare and complete.');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(leaveAppFor).toHaveBeenCalledWith('https://checkout.example.com/c/cs_3'));

    me = signedInOwner({ hasCompletedOnboarding: true, subscriptionStatus: 'active' }, activePlan());
    act(() => FakeEventSource.latest?.send({ type: 'plan.updated', plan: activePlan() }));

    await waitFor(() =>
      expect(
        screen.queryByRole('region', { name: 'Your phone assistant is not taking new orders' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('is not shown during the trial', async () => {
    dashboardApi(() => signedInOwner({ hasCompletedOnboarding: true }));
    renderAt('/dashboard', routes);

    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeInTheDocument();
    expect(screen.queryByText('Your phone assistant is not taking new orders')).not.toBeInTheDocument();
  });
});
