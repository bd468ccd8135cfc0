// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { BillingResponse } from '@shared/contracts/billing';
import { MSG } from '@shared/messages';
import { leaveAppFor } from '@web/lib/leave-app';
import { fakeApi, renderAt, reply, signedInOwner, type FakeRoutes } from '../../../../tests/render-web';
import { BillingPage } from './billing-page';
import {
  FakeEventSource,
  activeBilling,
  billingResponse,
  daysFromNow,
  invoice,
  shown,
  stubBrowser,
  withToaster,
} from './billing-test-kit';

vi.mock('@web/lib/leave-app', () => ({ leaveAppFor: vi.fn() }));

beforeEach(() => {
  vi.mocked(leaveAppFor).mockClear();
});

const routes = withToaster([{ path: '/account/billing', element: <BillingPage /> }]);

function billingApi(billing: BillingResponse | (() => BillingResponse), more: FakeRoutes = {}) {
  return fakeApi({
    'GET /api/me': reply(200, signedInOwner({ hasCompletedOnboarding: true })),
    'GET /api/billing': () => reply(200, typeof billing === 'function' ? billing() : billing),
    ...more,
  });
}

const subscription = () => screen.getByRole('region', { name: 'Subscription' });
const history = () => screen.getByRole('region', { name: 'Billing history' });

describe('billing page', () => {
  it('shows a skeleton while loading, then the plan from the server', async () => {
    stubBrowser();
    billingApi(activeBilling());
    renderAt('/account/billing', routes);

    expect(screen.getByRole('status', { name: 'Loading billing' })).toBeInTheDocument();
    expect(await screen.findByText('PickupLine Pro')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading billing' })).not.toBeInTheDocument();
    expect(subscription()).toHaveTextContent('$39 per month');
    expect(subscription()).toHaveTextContent('Unlimited orders, automated SMS notifications and priority support.');
    expect(within(subscription()).getByText('Active')).toBeInTheDocument();
  });

  it('says why it could not load and loads again on Retry', async () => {
    stubBrowser();
    let attempts = 0;
    fakeApi({
      'GET /api/billing': () =>
        ++attempts === 1 ? reply(502, { error: 'The payment provider did not answer' }) : reply(200, activeBilling()),
    });
    const { user } = renderAt('/account/billing', routes);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MSG.billingLoadFailed);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('PickupLine Pro')).toBeInTheDocument();
    expect(screen.queryByText(MSG.billingLoadFailed)).not.toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it('shows an active plan: next billing date, card, and every invoice with its PDF', async () => {
    stubBrowser();
    const renewsAt = daysFromNow(20);
    const older = invoice({
      id: 'in_0',
      number: 'PL-0000',
      createdAt: daysFromNow(-33),
      amountCents: 123456,
      status: 'open',
      pdfUrl: null,
    });
    billingApi(activeBilling({ currentPeriodEnd: renewsAt, invoices: [invoice(), older] }));
    renderAt('/account/billing', routes);

    await screen.findByText('PickupLine Pro');
    expect(subscription()).toHaveTextContent(`Next billing date: ${shown(renewsAt)}`);
    expect(screen.getByRole('region', { name: 'Payment method' })).toHaveTextContent('Visa ending in 4242');

    const rows = within(history()).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent(shown(invoice().createdAt));
    expect(rows[0]).toHaveTextContent('PL-0001');
    expect(rows[0]).toHaveTextContent('$39.00');
    expect(rows[0]).toHaveTextContent('Paid');
    expect(within(rows[0]!).getByRole('link', { name: 'Download invoice PL-0001 (PDF)' })).toHaveAttribute(
      'href',
      'https://pay.example.com/invoices/in_1.pdf',
    );
    expect(rows[1]).toHaveTextContent('$1,234.56');
    expect(rows[1]).toHaveTextContent('Open');
    expect(within(rows[1]!).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByText(MSG.noBillingHistory)).not.toBeInTheDocument();
  });

  it('on the trial: no history, no card, the trial end and a Subscribe button that goes to checkout', async () => {
    stubBrowser();
    const trialEndsAt = daysFromNow(5);
    const api = billingApi(billingResponse({ trialEndsAt, testMode: true }), {
      'POST /api/billing/checkout': reply(200, { url: '/billing/test-checkout/chk_1' }),
    });
    const { user } = renderAt('/account/billing', routes);

    await screen.findByText('PickupLine Pro');
    expect(history()).toHaveTextContent(MSG.noBillingHistory);
    expect(screen.getByText('No card on file')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update Payment Method' })).not.toBeInTheDocument();
    expect(subscription()).toHaveTextContent(`Free trial ends on ${shown(trialEndsAt)}`);
    expect(screen.getByText(/TEST MODE/)).toBeInTheDocument();

    await user.click(within(subscription()).getByRole('button', { name: 'Subscribe' }));

    await waitFor(() => expect(leaveAppFor).toHaveBeenCalledWith('/billing/test-checkout/chk_1'));
    expect(api.bodiesOf('POST /api/billing/checkout')).toEqual([{}]);
  });

  it('says when the trial has ended', async () => {
    stubBrowser();
    const trialEndsAt = daysFromNow(-2);
    billingApi(billingResponse({ trialEndsAt }));
    renderAt('/account/billing', routes);

    expect(await screen.findByText(`Free trial ended on ${shown(trialEndsAt)}`)).toBeInTheDocument();
  });

  it('says a trial converted to the plan still has free days, and when the first charge is', async () => {
    stubBrowser();
    const firstCharge = daysFromNow(5.5);
    billingApi(
      activeBilling({ providerStatus: 'trialing', currentPeriodEnd: firstCharge, invoices: [], paymentMethod: null }),
    );
    renderAt('/account/billing', routes);

    expect(
      await screen.findByText(
        `Free trial: 6 days left. Nothing has been charged yet; the first charge of $39 is on ${shown(firstCharge)}.`,
      ),
    ).toBeInTheDocument();
    expect(within(subscription()).getByText('Active')).toBeInTheDocument();
    expect(within(subscription()).getByText('Free trial')).toBeInTheDocument();
    expect(subscription()).not.toHaveTextContent('Next billing date');
  });

  it('cancelling during the converted trial says the card will not be charged at all', async () => {
    stubBrowser();
    const firstCharge = daysFromNow(5);
    billingApi(activeBilling({ providerStatus: 'trialing', currentPeriodEnd: firstCharge }));
    const { user } = renderAt('/account/billing', routes);

    await user.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));

    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      `You keep PickupLine Pro until your free trial ends on ${shown(firstCharge)}, and your card will not be charged.`,
    );
  });

  it('shows a trial given after the subscription ended beside the ended subscription', async () => {
    stubBrowser();
    const ended = daysFromNow(-10);
    const trialEndsAt = daysFromNow(7);
    billingApi(
      billingResponse({
        status: 'canceled',
        providerStatus: 'canceled',
        subscriptionId: 'sub_1',
        currentPeriodEnd: ended,
        trialEndsAt,
      }),
    );
    renderAt('/account/billing', routes);

    expect(
      await screen.findByText(`Ended on ${shown(ended)}. Free trial until ${shown(trialEndsAt)}.`),
    ).toBeInTheDocument();
  });

  it('cancels only after the owner confirms in the app’s own dialog, then shows the access end date', async () => {
    stubBrowser();
    const periodEnd = daysFromNow(20);
    let current = activeBilling({ currentPeriodEnd: periodEnd });
    const canceled = {
      status: 'canceling',
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: true,
      subscriptionId: 'sub_1',
    };
    const api = billingApi(() => current, {
      'POST /api/billing/cancel-subscription': () => {
        current = { ...current, status: 'canceling', cancelAtPeriodEnd: true };
        return reply(200, { plan: canceled });
      },
    });
    const { user } = renderAt('/account/billing', routes);

    await user.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));

    const question = await screen.findByRole('alertdialog', { name: 'Cancel your subscription?' });
    expect(question).toHaveTextContent(
      `You keep access until ${shown(periodEnd)}, the end of the current billing period, and you will not be charged again.`,
    );
    // The safe choice has focus, so Enter never cancels by accident.
    expect(within(question).getByRole('button', { name: 'Keep Subscription' })).toHaveFocus();
    expect(api.writes()).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'Cancel Subscription' }));

    expect(await screen.findByText(MSG.subscriptionCanceled)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.bodiesOf('POST /api/billing/cancel-subscription')).toEqual([{ subscription_id: 'sub_1' }]);
    expect(await within(subscription()).findByText(`Access until: ${shown(periodEnd)}`)).toBeInTheDocument();
    expect(within(subscription()).getByText('Canceling')).toBeInTheDocument();
    expect(within(subscription()).getByRole('button', { name: 'Reactivate Subscription' })).toBeInTheDocument();
  });

  it('does nothing when the owner keeps the subscription, by button or Escape', async () => {
    stubBrowser();
    const api = billingApi(activeBilling());
    const { user } = renderAt('/account/billing', routes);

    await user.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Keep Subscription' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    expect(api.writes()).toEqual([]);
    expect(within(subscription()).getByText('Active')).toBeInTheDocument();
  });

  it('says so when cancelling fails', async () => {
    stubBrowser();
    billingApi(activeBilling(), {
      'POST /api/billing/cancel-subscription': reply(502, { error: 'Stripe is down' }),
    });
    const { user } = renderAt('/account/billing', routes);

    await user.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel Subscription' }),
    );

    expect(await screen.findByText(MSG.cancelFailed)).toBeInTheDocument();
    expect(within(subscription()).getByText('Active')).toBeInTheDocument();
  });

  it('reactivates a canceling plan', async () => {
    stubBrowser();
    const periodEnd = daysFromNow(9);
    let current = activeBilling({ status: 'canceling', cancelAtPeriodEnd: true, currentPeriodEnd: periodEnd });
    const api = billingApi(() => current, {
      'POST /api/billing/reactivate-subscription': () => {
        current = { ...current, status: 'active', cancelAtPeriodEnd: false };
        return reply(200, {
          plan: { status: 'active', currentPeriodEnd: periodEnd, cancelAtPeriodEnd: false, subscriptionId: 'sub_1' },
        });
      },
    });
    const { user } = renderAt('/account/billing', routes);

    expect(await screen.findByText(`Access until: ${shown(periodEnd)}`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reactivate Subscription' }));

    expect(await screen.findByText(MSG.subscriptionReactivated)).toBeInTheDocument();
    expect(api.bodiesOf('POST /api/billing/reactivate-subscription')).toEqual([{ subscription_id: 'sub_1' }]);
    expect(await screen.findByText(`Next billing date: ${shown(periodEnd)}`)).toBeInTheDocument();
  });

  it('says so when reactivating fails', async () => {
    stubBrowser();
    billingApi(activeBilling({ status: 'canceling', cancelAtPeriodEnd: true }), {
      'POST /api/billing/reactivate-subscription': reply(500),
    });
    const { user } = renderAt('/account/billing', routes);

    await user.click(await screen.findByRole('button', { name: 'Reactivate Subscription' }));

    expect(await screen.findByText(MSG.reactivateFailed)).toBeInTheDocument();
  });

  it('opens the billing portal for a new card', async () => {
    stubBrowser();
    billingApi(activeBilling(), {
      'POST /api/billing/portal': reply(200, { url: 'https://billing.example.com/session/1' }),
    });
    const { user } = renderAt('/account/billing', routes);

    await user.click(await screen.findByRole('button', { name: 'Update Payment Method' }));

    await waitFor(() => expect(leaveAppFor).toHaveBeenCalledWith('https://billing.example.com/session/1'));
  });

  it('follows a plan change made elsewhere', async () => {
    stubBrowser();
    let current = billingResponse();
    billingApi(() => current);
    renderAt('/account/billing', routes);
    expect(await within(await screen.findByRole('region', { name: 'Subscription' })).findByText('Trial')).toBeVisible();

    current = activeBilling();
    act(() =>
      FakeEventSource.latest?.send({
        type: 'plan.updated',
        plan: {
          status: 'active',
          currentPeriodEnd: current.currentPeriodEnd,
          cancelAtPeriodEnd: false,
          subscriptionId: 'sub_1',
        },
      }),
    );

    expect(await within(subscription()).findByText('Active')).toBeInTheDocument();
  });
});
