// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { PhoneSystemResponse } from '@shared/contracts/restaurant';
import { PHONE_NUMBER_MESSAGES } from '@shared/contracts/phone-verification';
import {
  expectFieldError,
  fakeApi,
  renderAt,
  reply,
  signedInOwner,
  type FakeRoutes,
} from '../../../../../tests/render-web';
import { setupRoutes } from '../setup-test-routes';

const VERIFICATION_ID = '3c5e1f0a-2b4d-4e6f-8a9b-0c1d2e3f4a5b';

function phoneSystem(overrides: Partial<PhoneSystemResponse> = {}): PhoneSystemResponse {
  return {
    status: 'active',
    agentId: 'local_agent',
    phoneNumber: '+12125550100',
    phoneNumberPending: false,
    error: null,
    provider: 'local',
    agentDashboardUrl: null,
    phoneNumberVerified: true,
    ...overrides,
  };
}

function phoneApi(system: PhoneSystemResponse, routes: FakeRoutes = {}) {
  return fakeApi({
    'GET /api/me': reply(200, signedInOwner({ hasCompletedOnboarding: true })),
    'GET /api/phone-system': reply(200, system),
    'POST /api/phone-verifications': reply(201, {
      id: VERIFICATION_ID,
      phoneNumber: '+12125550100',
      status: 'pending',
      expiresAt: new Date(Date.now() + 600_000).toISOString(),
      resendAvailableAt: new Date(Date.now() + 60_000).toISOString(),
      attemptsRemaining: 5,
    }),
    'GET /api/notifications': reply(200, { messages: [] }),
    ...routes,
  });
}

async function openPhoneTab() {
  const view = renderAt('/settings?tab=phone', setupRoutes);
  await screen.findByRole('heading', { name: 'Phone', level: 2 });
  return view;
}

describe('Settings → Phone', () => {
  it('asks the holder of an unproven number to prove it, and records the proof with the code', async () => {
    const api = phoneApi(phoneSystem({ phoneNumberVerified: false }), {
      'POST /api/phone-system/number': reply(200, phoneSystem()),
    });
    const { user } = await openPhoneTab();

    const form = await screen.findByRole('form', { name: 'Prove this number is yours' });
    expect(form).toHaveTextContent('+1 (212) 555-0100 was connected without proof.');
    // The number is the one connected: there is nothing to type.
    expect(within(form).queryByLabelText('Phone number')).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Send code' }));

    const code = await within(form).findByLabelText('6-digit code');
    expect(api.bodiesOf('POST /api/phone-verifications')).toEqual([{ phoneNumber: '(212) 555-0100' }]);
    expect(within(form).queryByRole('button', { name: 'Use a different number' })).not.toBeInTheDocument();
    await user.type(code, '123456');
    await user.click(within(form).getByRole('button', { name: 'Verify' }));

    await waitFor(() =>
      expect(api.bodiesOf('POST /api/phone-system/number')).toEqual([
        { phoneNumber: '(212) 555-0100', verificationId: VERIFICATION_ID, code: '123456' },
      ]),
    );
    // Proven: the form is now for connecting another number.
    expect(await screen.findByRole('form', { name: 'Use a number you own' })).toBeInTheDocument();
  });

  it('connects a number of the owner’s own with the code, and shows the set-up under way', async () => {
    const api = phoneApi(phoneSystem(), {
      'POST /api/phone-system/number': reply(
        202,
        phoneSystem({ status: 'pending', agentId: null, phoneNumber: '+12125550100' }),
      ),
    });
    const { user, fill } = await openPhoneTab();
    const form = await screen.findByRole('form', { name: 'Use a number you own' });

    await user.click(within(form).getByRole('button', { name: 'Send code' }));
    expectFieldError(within(form).getByLabelText('Phone number'), 'Please enter a valid phone number');
    expect(api.writes()).toEqual([]);

    await fill(within(form).getByLabelText('Phone number'), '(212) 555-0100');
    await user.click(within(form).getByRole('button', { name: 'Send code' }));
    await user.type(await within(form).findByLabelText('6-digit code'), '654321');
    await user.click(within(form).getByRole('button', { name: 'Verify and connect' }));

    expect(await screen.findByText('Setting up your phone system…')).toBeInTheDocument();
    expect(api.bodiesOf('POST /api/phone-system/number')).toEqual([
      { phoneNumber: '(212) 555-0100', verificationId: VERIFICATION_ID, code: '654321' },
    ]);
  });

  it('shows a wrong code’s reason next to the code, and changes nothing', async () => {
    phoneApi(phoneSystem(), {
      'POST /api/phone-system/number': reply(400, {
        error: 'code: That code is not right. You have 2 tries left.',
        field: 'code',
      }),
    });
    const { user, fill } = await openPhoneTab();
    const form = await screen.findByRole('form', { name: 'Use a number you own' });
    await fill(within(form).getByLabelText('Phone number'), '212 555 0100');
    await user.click(within(form).getByRole('button', { name: 'Send code' }));
    const code = await within(form).findByLabelText('6-digit code');
    await user.type(code, '000000');
    await user.click(within(form).getByRole('button', { name: 'Verify and connect' }));

    await waitFor(() => expectFieldError(code, 'That code is not right. You have 2 tries left.'));
    expect(screen.getByText('Active')).toBeInTheDocument();
  });

  it('tells a restaurant whose unproven number was proven by another why, and offers a new number', async () => {
    const api = phoneApi(
      phoneSystem({
        status: 'failed',
        agentId: null,
        phoneNumber: null,
        phoneNumberPending: true,
        phoneNumberVerified: false,
        error: PHONE_NUMBER_MESSAGES.claimed('+12125550100'),
      }),
      { 'POST /api/phone-system/provision': reply(202, phoneSystem({ status: 'pending', phoneNumber: null })) },
    );
    const { user } = await openPhoneTab();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Another restaurant proved +1 (212) 555-0100 is theirs with a code texted to it',
    );
    expect(screen.getByRole('form', { name: 'Use a number you own' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set up a new number' }));

    await waitFor(() => expect(api.bodiesOf('POST /api/phone-system/provision')).toHaveLength(1));
  });
});
