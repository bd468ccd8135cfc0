// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import {
  expectFieldError,
  expectNoFieldError,
  fakeApi,
  renderAt,
  reply,
  signedInOwner,
} from '../../../../../tests/render-web';
import { setupRoutes as routes } from '../setup-test-routes';

function paymentApi() {
  let completed = false;
  return fakeApi({
    'GET /api/me': () => reply(200, signedInOwner({ onboardingStep: 6, hasCompletedOnboarding: completed })),
    'POST /api/onboarding/complete': () => {
      completed = true;
      return reply(200, { ok: true });
    },
  });
}

const phoneField = () => screen.getByLabelText('Phone number');
const confirmBox = () => screen.getByRole('checkbox', { name: 'I confirm I have access to this phone number' });
const newNumberBox = () => screen.getByRole('checkbox', { name: /Request a new dedicated phone number/ });
const completeSetup = () => screen.getByRole('button', { name: 'Complete setup' });

async function openStep() {
  const api = paymentApi();
  const view = renderAt('/onboarding/payment', routes);
  await screen.findByLabelText('Phone number');
  return { ...view, api };
}

describe('plan and phone number step', () => {
  it('asks for a valid phone number first, and sends nothing', async () => {
    const { user, api } = await openStep();

    await user.click(completeSetup());

    expectFieldError(phoneField(), 'Please enter a valid phone number');
    expectNoFieldError(confirmBox());
    expect(api.writes()).toEqual([]);
  });

  it.each(['555-1234', '1-555-123-4567', '(555 123-4567', '555/123/4567'])(
    'refuses %s as a US number',
    async (number) => {
      const { user, fill, api } = await openStep();

      await fill(phoneField(), number);
      await user.click(confirmBox());
      await user.click(completeSetup());

      expectFieldError(phoneField(), 'Please enter a valid phone number');
      expect(api.writes()).toEqual([]);
    },
  );

  it('then asks the owner to confirm access to the number', async () => {
    const { user, fill, api } = await openStep();

    await fill(phoneField(), '555.123.4567');
    await user.click(completeSetup());

    expectFieldError(confirmBox(), 'Please confirm you have access to this phone number');
    expectNoFieldError(phoneField());
    expect(api.writes()).toEqual([]);

    // Ticking the box takes the message away.
    await user.click(confirmBox());
    expectNoFieldError(confirmBox());
  });

  it('skips both checks when a new dedicated number is requested, and disables the phone field', async () => {
    const { user, fill, api, location } = await openStep();

    await fill(phoneField(), '123');
    await user.click(completeSetup());
    expectFieldError(phoneField(), 'Please enter a valid phone number');

    await user.click(newNumberBox());
    expect(phoneField()).toBeDisabled();
    expect(confirmBox()).toBeDisabled();
    expectNoFieldError(phoneField());
    await user.click(completeSetup());

    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(screen.queryByText('Please enter a valid phone number')).not.toBeInTheDocument();
    expect(api.bodiesOf('POST /api/onboarding/complete')).toEqual([
      expect.objectContaining({ confirmedAccess: false, requestNewNumber: true }),
    ]);
  });

  it('sends the confirmed number and finishes onboarding', async () => {
    const { user, fill, api, location } = await openStep();

    await fill(phoneField(), ' (555) 123-4567 ');
    await user.click(confirmBox());
    await user.click(completeSetup());

    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(api.bodiesOf('POST /api/onboarding/complete')).toEqual([
      { phoneNumber: '(555) 123-4567', confirmedAccess: true, requestNewNumber: false },
    ]);
  });

  it('shows the server’s reason next to the field it names', async () => {
    const api = fakeApi({
      'GET /api/me': reply(200, signedInOwner({ onboardingStep: 6 })),
      'POST /api/onboarding/complete': reply(400, {
        error: 'confirmedAccess: Please confirm you have access to this phone number',
        field: 'confirmedAccess',
      }),
    });
    const { user, fill, location } = renderAt('/onboarding/payment', routes);
    await fill(await screen.findByLabelText('Phone number'), '555 123 4567');
    await user.click(confirmBox());
    await user.click(completeSetup());

    await waitFor(() => expectFieldError(confirmBox(), 'Please confirm you have access to this phone number'));
    expect(api.writes()).toHaveLength(1);
    expect(location()).toBe('/onboarding/payment');
  });
});
