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
  type FakeRoutes,
} from '../../../../../tests/render-web';
import { setupRoutes } from '../setup-test-routes';

const VERIFICATION_ID = '0b6f3f1e-8c1d-4d51-9a55-6a4c3c1d2e3f';
const CODE_TEXT =
  "PickupLine: 482913 is your code to connect this number to Maria's Trattoria. It expires in 10 minutes. " +
  "Didn't ask for it? Ignore this text.\n\n@localhost #482913";

function verification(overrides: Record<string, unknown> = {}) {
  return {
    id: VERIFICATION_ID,
    phoneNumber: '+15551234567',
    status: 'pending',
    expiresAt: new Date(Date.now() + 600_000).toISOString(),
    resendAvailableAt: new Date(Date.now() + 60_000).toISOString(),
    attemptsRemaining: 5,
    ...overrides,
  };
}

/** Step 1's answers. The number is not a US one unless a test says so: the phone field then starts empty. */
function restaurant(phoneNumber = '+44 20 7946 0958') {
  return {
    restaurantName: "Maria's Trattoria",
    phoneNumber,
    address: '12 Harbour Street, Portland',
    timezone: 'America/New_York',
    forwardingPhone: null,
    onboardingStep: 6,
    hasCompletedOnboarding: false,
  };
}

function paymentApi(routes: FakeRoutes = {}) {
  let completed = false;
  return fakeApi({
    'GET /api/me': () => reply(200, signedInOwner({ onboardingStep: 6, hasCompletedOnboarding: completed })),
    'GET /api/restaurant': reply(200, restaurant()),
    'POST /api/phone-verifications': reply(201, verification()),
    'GET /api/notifications': reply(200, {
      messages: [
        {
          id: VERIFICATION_ID,
          orderId: null,
          kind: 'phone_code',
          to: '+15551234567',
          body: CODE_TEXT,
          provider: 'local',
          status: 'delivered',
          attempts: 1,
          lastError: null,
          createdAt: new Date().toISOString(),
          sentAt: new Date().toISOString(),
        },
      ],
    }),
    'POST /api/onboarding/complete': () => {
      completed = true;
      return reply(200, { ok: true });
    },
    ...routes,
  });
}

const phoneField = () => screen.getByLabelText('Phone number');
const confirmBox = () => screen.getByRole('checkbox', { name: 'I confirm I have access to this phone number' });
const newNumberBox = () => screen.getByRole('checkbox', { name: /Request a new dedicated phone number/ });
const sendCode = () => screen.getByRole('button', { name: 'Send code' });
const codeField = () => screen.getByLabelText('6-digit code');
const verify = () => screen.getByRole('button', { name: 'Verify and finish' });

async function openStep(routes: FakeRoutes = {}) {
  const api = paymentApi(routes);
  const view = renderAt('/onboarding/payment', setupRoutes);
  await screen.findByLabelText('Phone number');
  return { ...view, api };
}

/** Types a number, ticks the statement and asks for a code, as the owner does. */
async function askForCode(view: Awaited<ReturnType<typeof openStep>>, number = '(555) 123-4567') {
  await view.fill(phoneField(), number);
  await view.user.click(confirmBox());
  await view.user.click(sendCode());
  return screen.findByLabelText('6-digit code');
}

describe('plan and phone number step', () => {
  it('shows the monthly plan as it is: no annual billing, which does not exist', async () => {
    await openStep();
    expect(screen.getByText('Billed monthly. Cancel any time.')).toBeInTheDocument();
    expect(screen.queryByText(/annual/i)).not.toBeInTheDocument();
  });

  it('starts from the restaurant’s own number given in step 1, and sends it as written', async () => {
    const view = await openStep({ 'GET /api/restaurant': reply(200, restaurant('+1 555-987-6543')) });
    expect(phoneField()).toHaveValue('(555) 987-6543');

    await view.user.click(confirmBox());
    await view.user.click(sendCode());

    await screen.findByLabelText('6-digit code');
    expect(view.api.bodiesOf('POST /api/phone-verifications')).toEqual([{ phoneNumber: '(555) 987-6543' }]);
  });

  it('asks for a valid phone number first, and sends nothing', async () => {
    const { user, api } = await openStep();

    await user.click(sendCode());

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
      await user.click(sendCode());

      expectFieldError(phoneField(), 'Please enter a valid phone number');
      expect(api.writes()).toEqual([]);
    },
  );

  it('then asks the owner to confirm access to the number', async () => {
    const { user, fill, api } = await openStep();

    await fill(phoneField(), '555.123.4567');
    await user.click(sendCode());

    expectFieldError(confirmBox(), 'Please confirm you have access to this phone number');
    expectNoFieldError(phoneField());
    expect(api.writes()).toEqual([]);

    // Ticking the box takes the message away.
    await user.click(confirmBox());
    expectNoFieldError(confirmBox());
  });

  it('skips both checks and the code when a new dedicated number is requested, and disables the phone field', async () => {
    const { user, fill, api, location } = await openStep();

    await fill(phoneField(), '123');
    await user.click(sendCode());
    expectFieldError(phoneField(), 'Please enter a valid phone number');

    await user.click(newNumberBox());
    expect(phoneField()).toBeDisabled();
    expect(confirmBox()).toBeDisabled();
    expectNoFieldError(phoneField());
    await user.click(screen.getByRole('button', { name: 'Complete setup' }));

    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(screen.queryByText('Please enter a valid phone number')).not.toBeInTheDocument();
    expect(api.bodiesOf('POST /api/phone-verifications')).toEqual([]);
    expect(api.bodiesOf('POST /api/onboarding/complete')).toEqual([
      expect.objectContaining({ confirmedAccess: false, requestNewNumber: true }),
    ]);
  });

  it('texts a code to the owner’s number, and finishes onboarding with the code typed back', async () => {
    const view = await openStep();
    const { user, api, location } = view;

    await askForCode(view, ' (555) 123-4567 ');

    expect(api.bodiesOf('POST /api/phone-verifications')).toEqual([{ phoneNumber: '(555) 123-4567' }]);
    expect(screen.getByText(/Enter the 6-digit code we texted to/)).toHaveTextContent('+1 (555) 123-4567');
    expect(screen.getByRole('status')).toHaveTextContent('We texted a code to +1 (555) 123-4567.');
    expect(codeField()).toHaveFocus();
    expect(codeField()).toHaveAttribute('autocomplete', 'one-time-code');
    // Test mode: the text is shown as the phone would receive it.
    expect(await screen.findByText(/482913 is your code/)).toBeInTheDocument();
    // Nothing is stored until the code is entered.
    expect(api.bodiesOf('POST /api/onboarding/complete')).toEqual([]);

    await user.type(codeField(), '482 913');
    expect(codeField()).toHaveValue('482913');
    await user.click(verify());

    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(api.bodiesOf('POST /api/onboarding/complete')).toEqual([
      {
        phoneNumber: '(555) 123-4567',
        confirmedAccess: true,
        requestNewNumber: false,
        verificationId: VERIFICATION_ID,
        code: '482913',
      },
    ]);
  });

  it('asks for the whole code before sending it', async () => {
    const view = await openStep();
    await askForCode(view);

    await view.user.type(codeField(), '4829');
    await view.user.click(verify());

    expectFieldError(codeField(), 'Enter the 6-digit code from the text');
    expect(view.api.bodiesOf('POST /api/onboarding/complete')).toEqual([]);
  });

  it('shows a wrong code’s reason, with the tries left, next to the code', async () => {
    const view = await openStep({
      'POST /api/onboarding/complete': reply(400, {
        error: 'code: That code is not right. You have 4 tries left.',
        field: 'code',
      }),
    });
    await askForCode(view);

    await view.user.type(codeField(), '111111');
    await view.user.click(verify());

    await waitFor(() => expectFieldError(codeField(), 'That code is not right. You have 4 tries left.'));
    expect(view.location()).toBe('/onboarding/payment');
  });

  it('says why no code was sent: a number another restaurant has, or too many codes', async () => {
    const view = await openStep({
      'POST /api/phone-verifications': reply(409, {
        error: 'phoneNumber: This number is already connected to another PickupLine restaurant.',
        field: 'phoneNumber',
      }),
    });
    await view.fill(phoneField(), '555 123 4567');
    await view.user.click(confirmBox());
    await view.user.click(sendCode());

    await waitFor(() =>
      expectFieldError(phoneField(), 'This number is already connected to another PickupLine restaurant.'),
    );
    expect(screen.queryByLabelText('6-digit code')).not.toBeInTheDocument();

    paymentApi({
      'POST /api/phone-verifications': reply(429, {
        error: 'You have asked for 5 codes in the last hour. Try again in 42 minutes.',
      }),
    });
    await view.user.click(sendCode());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have asked for 5 codes in the last hour. Try again in 42 minutes.',
    );
  });

  it('offers Resend once the wait is over, and another number on request', async () => {
    const view = await openStep({
      'POST /api/phone-verifications': reply(201, verification({ resendAvailableAt: new Date().toISOString() })),
    });
    await askForCode(view);

    await view.user.click(await screen.findByRole('button', { name: 'Resend code' }));
    await waitFor(() => expect(view.api.bodiesOf('POST /api/phone-verifications')).toHaveLength(2));
    expect(await screen.findByRole('status')).toHaveTextContent('We texted a new code to +1 (555) 123-4567.');

    await view.user.click(screen.getByRole('button', { name: 'Use a different number' }));
    expect(screen.queryByLabelText('6-digit code')).not.toBeInTheDocument();
    expect(phoneField()).toHaveFocus();
    expect(sendCode()).toBeInTheDocument();
  });

  it('keeps Resend off while the wait runs', async () => {
    const view = await openStep();
    await askForCode(view);

    const resend = screen.getByRole('button', { name: /Resend code in \d+ s/ });
    expect(resend).toBeDisabled();
  });
});
