// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { TestCheckoutView } from '@shared/contracts/billing';
import { leaveAppFor } from '@web/lib/leave-app';
import {
  expectFieldError,
  expectNoFieldError,
  fakeApi,
  renderAt,
  reply,
  type FakeRoutes,
} from '../../../../tests/render-web';
import { daysFromNow, shown, stubBrowser } from './billing-test-kit';
import { TEST_CARD_HINT, TestCheckoutPage } from './test-checkout-page';

vi.mock('@web/lib/leave-app', () => ({ leaveAppFor: vi.fn() }));

beforeEach(() => {
  vi.mocked(leaveAppFor).mockClear();
  stubBrowser();
});

const routes = [{ path: '/billing/test-checkout/:id', element: <TestCheckoutPage /> }];

function view(overrides: Partial<TestCheckoutView> = {}): TestCheckoutView {
  return {
    id: 'chk_1',
    purpose: 'subscribe',
    status: 'open',
    planName: 'PickupLine Pro',
    amountCents: 3900,
    interval: 'month',
    firstChargeAt: null,
    email: 'maria@example.com',
    cancelUrl: 'http://localhost:3000/payment/canceled',
    ...overrides,
  };
}

function checkoutApi(checkout: TestCheckoutView, more: FakeRoutes = {}) {
  return fakeApi({ 'GET /api/billing/test-checkout/:id': reply(200, checkout), ...more });
}

const field = {
  number: () => screen.getByLabelText('Card number'),
  expiry: () => screen.getByLabelText('Expiry (MM/YY)'),
  cvc: () => screen.getByLabelText('CVC'),
  name: () => screen.getByLabelText('Name on card'),
};

async function open(checkout = view(), more: FakeRoutes = {}) {
  const api = checkoutApi(checkout, more);
  const rendered = renderAt('/billing/test-checkout/chk_1', routes);
  await screen.findByLabelText('Card number');
  const fillCard = async (number: string) => {
    await rendered.fill(field.number(), number);
    await rendered.fill(field.expiry(), '12/34');
    await rendered.fill(field.cvc(), '123');
    await rendered.fill(field.name(), 'Maria Rossi');
  };
  return { ...rendered, api, fillCard };
}

describe('test-mode checkout', () => {
  it('is marked as test mode and shows what is bought, for whom, and how to test', async () => {
    const firstChargeAt = daysFromNow(4);
    await open(view({ firstChargeAt }));

    expect(screen.getByText('TEST MODE: no real card is charged')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'PickupLine Pro' })).toBeInTheDocument();
    expect(screen.getByText('$39.00')).toBeInTheDocument();
    expect(screen.getByText(`Nothing is charged today: the first charge is on ${shown(firstChargeAt)}.`)).toBeVisible();
    expect(screen.getByText('maria@example.com')).toBeInTheDocument();
    expect(screen.getByText(TEST_CARD_HINT)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute(
      'href',
      'http://localhost:3000/payment/canceled',
    );
  });

  it('checks every field before sending anything, and focuses the first problem', async () => {
    const { user, fill, api } = await open();

    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    expectFieldError(field.number(), 'Your card number is incomplete.');
    expectFieldError(field.expiry(), "Your card's expiration date is incomplete.");
    expectFieldError(field.cvc(), "Your card's security code is incomplete.");
    expectFieldError(field.name(), 'Enter the name on the card.');
    expect(field.number()).toHaveFocus();

    await fill(field.number(), '4242 4242 4242 4242');
    await fill(field.expiry(), '13/30');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    expectNoFieldError(field.number());
    expectFieldError(field.expiry(), "Your card's expiration date is incomplete.");
    expect(field.expiry()).toHaveFocus();
    expect(api.writes()).toEqual([]);
  });

  it('shows a decline at the card number and stays on the page', async () => {
    const { user, fillCard, api } = await open(view(), {
      'POST /api/billing/test-checkout/:id/pay': reply(402, { error: 'Your card was declined.' }),
    });

    await fillCard('4000 0000 0000 0002');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    await waitFor(() => expectFieldError(field.number(), 'Your card was declined.'));
    await waitFor(() => expect(field.number()).toHaveFocus());
    expect(api.bodiesOf('POST /api/billing/test-checkout/:id/pay')).toEqual([
      { cardNumber: '4000 0000 0000 0002', expiry: '12/34', cvc: '123', name: 'Maria Rossi' },
    ]);
    expect(leaveAppFor).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  });

  it('pays and goes where the server says, with the form locked meanwhile', async () => {
    const { user, fillCard, api } = await open(view(), {
      'POST /api/billing/test-checkout/:id/pay': reply(200, { url: '/payment/success' }),
    });

    await fillCard('4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    await waitFor(() => expect(leaveAppFor).toHaveBeenCalledWith('/payment/success'));
    expect(screen.getByRole('button', { name: 'Processing…' })).toBeDisabled();
    expect(field.number()).toBeDisabled();
    expect(api.bodiesOf('POST /api/billing/test-checkout/:id/pay')).toHaveLength(1);
  });

  it('shows a refusal about the whole checkout at the top of the form', async () => {
    let closed = false;
    const { user, fillCard } = await open(view(), {
      'GET /api/billing/test-checkout/:id': () => reply(200, view({ status: closed ? 'complete' : 'open' })),
      'POST /api/billing/test-checkout/:id/pay': () => {
        closed = true;
        return reply(409, { error: 'This checkout is no longer open.' });
      },
    });

    await fillCard('4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    expect(await screen.findByRole('heading', { name: 'Checkout already complete' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to billing' })).toHaveAttribute('href', '/account/billing');
  });

  it('words a card update as one', async () => {
    await open(view({ purpose: 'update_card' }));

    expect(screen.getByRole('heading', { name: 'Update payment method' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save card' })).toBeInTheDocument();
  });

  it('says clearly when the checkout has expired', async () => {
    checkoutApi(view({ status: 'expired' }));
    renderAt('/billing/test-checkout/chk_1', routes);

    expect(await screen.findByRole('heading', { name: 'Checkout expired' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to billing' })).toHaveAttribute('href', '/account/billing');
  });

  it("does not show another owner's checkout", async () => {
    fakeApi({ 'GET /api/billing/test-checkout/:id': reply(404, { error: 'Checkout not found' }) });
    renderAt('/billing/test-checkout/chk_1', routes);

    expect(await screen.findByRole('heading', { name: 'Checkout not found' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
  });
});
