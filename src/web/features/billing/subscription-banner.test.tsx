// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { PlanSummary } from '@shared/contracts/billing';
import { MSG } from '@shared/messages';
import { AppLayout } from '@web/app/layouts/app-layout';
import { fakeApi, renderAt, reply, signedInOwner, type FakeRoutes } from '../../../../tests/render-web';
import { daysFromNow, shown, stubBrowser, withToaster } from './billing-test-kit';

const routes = withToaster([
  { element: <AppLayout />, children: [{ path: '/dashboard', element: <p>The order board</p> }] },
]);

function openWithPlan(plan: Partial<PlanSummary>, more: FakeRoutes = {}) {
  stubBrowser();
  const api = fakeApi({
    'GET /api/me': reply(200, signedInOwner({ hasCompletedOnboarding: true }, plan)),
    ...more,
  });
  return { api, ...renderAt('/dashboard', routes) };
}

const banner = () => screen.findByRole('region', { name: 'Subscription status' });

describe('subscription banner', () => {
  it('during the trial, says the trial already has everything, and offers the upgrade to keep it', async () => {
    openWithPlan({ status: 'trial' });

    const region = await banner();
    expect(region).toHaveTextContent(
      'Your free trial includes everything in PickupLine Pro. Upgrade to keep taking orders when it ends.',
    );
    // Nothing suggests the trial is limited.
    expect(region).not.toHaveTextContent(/unlimited|premium/i);
    expect(within(region).getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/pricing');
  });

  it('once the trial has ended, says so and what upgrading brings back', async () => {
    stubBrowser();
    fakeApi({
      'GET /api/me': reply(
        200,
        signedInOwner({ hasCompletedOnboarding: true, subscriptionStatus: 'none', trialEndsAt: daysFromNow(-2) }),
      ),
    });
    renderAt('/dashboard', routes);

    const region = await banner();
    expect(region).toHaveTextContent(MSG.upgradeBannerExpired);
    expect(within(region).getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/pricing');
  });

  it('offers the upgrade again once a subscription has ended', async () => {
    stubBrowser();
    fakeApi({
      'GET /api/me': reply(
        200,
        signedInOwner(
          { hasCompletedOnboarding: true, subscriptionStatus: 'none', trialEndsAt: daysFromNow(-40) },
          {
            status: 'canceled',
            providerStatus: 'canceled',
            currentPeriodEnd: daysFromNow(-3),
            subscriptionId: 'sub_1',
          },
        ),
      ),
    });
    renderAt('/dashboard', routes);

    expect(await banner()).toHaveTextContent(MSG.upgradeBannerEnded);
  });

  it('for a trial converted to the plan, says nothing is charged until the first charge date', async () => {
    const firstCharge = daysFromNow(4);
    openWithPlan({
      status: 'active',
      providerStatus: 'trialing',
      currentPeriodEnd: firstCharge,
      subscriptionId: 'sub_1',
    });

    const region = await banner();
    expect(region).toHaveTextContent(
      `You are subscribed to PickupLine Pro. Your free trial continues; the first charge is on ${shown(firstCharge)}.`,
    );
    expect(region).not.toHaveTextContent('next billing date');
  });

  it('shows the next billing date and Manage Subscription for an active plan', async () => {
    const renewsAt = daysFromNow(12);
    openWithPlan({ status: 'active', currentPeriodEnd: renewsAt, subscriptionId: 'sub_1' });

    const region = await banner();
    expect(region).toHaveTextContent(`Your next billing date is ${shown(renewsAt)}.`);
    expect(region).not.toHaveTextContent(MSG.upgradeBanner);
    expect(within(region).getByRole('link', { name: 'Manage Subscription' })).toHaveAttribute(
      'href',
      '/account/billing',
    );
  });

  it('says when a canceled plan ends, and Renew Subscription brings it back', async () => {
    const endsAt = daysFromNow(12);
    const plan: PlanSummary = {
      status: 'canceling',
      providerStatus: 'active',
      currentPeriodEnd: endsAt,
      cancelAtPeriodEnd: true,
      subscriptionId: 'sub_1',
    };
    const renewed: PlanSummary = { ...plan, status: 'active', cancelAtPeriodEnd: false };
    let current = plan;
    const { api, user } = openWithPlan(plan, {
      'GET /api/me': () => reply(200, signedInOwner({ hasCompletedOnboarding: true }, current)),
      'POST /api/billing/reactivate-subscription': () => {
        current = renewed;
        return reply(200, { plan: renewed });
      },
    });

    const region = await banner();
    expect(region).toHaveTextContent(MSG.subscriptionEnding(shown(endsAt)));
    await user.click(within(region).getByRole('button', { name: 'Renew Subscription' }));

    expect(await screen.findByText(MSG.subscriptionReactivated)).toBeInTheDocument();
    expect(await screen.findByText(`Your next billing date is ${shown(endsAt)}.`)).toBeInTheDocument();
    expect(api.bodiesOf('POST /api/billing/reactivate-subscription')).toEqual([{ subscription_id: 'sub_1' }]);
  });

  it('keeps the ending notice when renewing fails', async () => {
    const endsAt = daysFromNow(12);
    const { user } = openWithPlan(
      { status: 'canceling', currentPeriodEnd: endsAt, cancelAtPeriodEnd: true, subscriptionId: 'sub_1' },
      { 'POST /api/billing/reactivate-subscription': reply(502, { error: 'Stripe is down' }) },
    );

    await user.click(within(await banner()).getByRole('button', { name: 'Renew Subscription' }));

    expect(await screen.findByText(MSG.reactivateFailed)).toBeInTheDocument();
    expect(await banner()).toHaveTextContent(MSG.subscriptionEnding(shown(endsAt)));
  });

  it('links the billing page from the header', async () => {
    openWithPlan({ status: 'trial' });

    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Billing' })).toHaveAttribute('href', '/account/billing');
  });
});
