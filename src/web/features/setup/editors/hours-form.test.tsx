// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { defaultBusinessHours } from '@shared/domain/hours';
import {
  expectFieldError,
  expectNoFieldError,
  fakeApi,
  renderAt,
  reply,
  signedInOwner,
} from '../../../../../tests/render-web';
import { setupRoutes as routes } from '../setup-test-routes';

/** The server's answer before the owner saved any hours: 09:00–17:00, Sunday closed. */
const defaults = defaultBusinessHours();

function hoursApi(hours = defaults) {
  return fakeApi({
    'GET /api/me': reply(200, signedInOwner({ onboardingStep: 2 })),
    'GET /api/restaurant/hours': reply(200, { hours }),
    'PUT /api/restaurant/hours': ({ body }) => reply(200, body),
    'POST /api/onboarding/step': reply(200, {}),
  });
}

async function openAt(path: string, hours = defaults) {
  const api = hoursApi(hours);
  const view = renderAt(path, routes);
  await screen.findByLabelText('Monday closing time');
  return { ...view, api };
}

describe('business hours', () => {
  it('refuses a closing time before the opening time, next to that day, and sends nothing', async () => {
    const { user, api } = await openAt('/onboarding/hours');
    const mondayClose = screen.getByLabelText('Monday closing time');

    await user.clear(mondayClose);
    await user.type(mondayClose, '08:30');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expectFieldError(mondayClose, 'Monday: Closing time must be after opening time');
    expectNoFieldError(screen.getByLabelText('Tuesday closing time'));
    expect(api.writes()).toEqual([]);
  });

  it('refuses a closing time equal to the opening time', async () => {
    const { user, api } = await openAt('/settings?tab=hours');
    const fridayOpen = screen.getByLabelText('Friday opening time');

    await user.clear(fridayOpen);
    await user.type(fridayOpen, '17:00');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expectFieldError(screen.getByLabelText('Friday closing time'), 'Friday: Closing time must be after opening time');
    expect(api.writes()).toEqual([]);

    // Any change clears the message. Every day's box is named just 'Closed'; Friday's is the sixth.
    await user.click(screen.getAllByRole('checkbox', { name: 'Closed' })[5]!);
    expectNoFieldError(screen.getByLabelText('Friday closing time'));
  });

  it('does not check the times of a closed day', async () => {
    const closedSundayBackwards = defaults.map((d) =>
      d.dayOfWeek === 0 ? { ...d, openTime: '17:00:00', closeTime: '09:00:00' } : d,
    );
    const { user, api } = await openAt('/settings?tab=hours', closedSundayBackwards);
    const sundayClose = screen.getByLabelText('Sunday closing time');
    expect(sundayClose).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(api.bodiesOf('PUT /api/restaurant/hours')).toEqual([{ hours: closedSundayBackwards }]));
    expectNoFieldError(sundayClose);
  });

  it('saves all seven days and moves on', async () => {
    const { user, api, location } = await openAt('/onboarding/hours');
    const saturdayClose = screen.getByLabelText('Saturday closing time');

    await user.clear(saturdayClose);
    await user.type(saturdayClose, '22:30');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(location()).toBe('/onboarding/bot'));
    expect(api.bodiesOf('PUT /api/restaurant/hours')).toEqual([
      {
        hours: [
          { dayOfWeek: 0, openTime: '09:00:00', closeTime: '17:00:00', isClosed: true },
          { dayOfWeek: 1, openTime: '09:00:00', closeTime: '17:00:00', isClosed: false },
          { dayOfWeek: 2, openTime: '09:00:00', closeTime: '17:00:00', isClosed: false },
          { dayOfWeek: 3, openTime: '09:00:00', closeTime: '17:00:00', isClosed: false },
          { dayOfWeek: 4, openTime: '09:00:00', closeTime: '17:00:00', isClosed: false },
          { dayOfWeek: 5, openTime: '09:00:00', closeTime: '17:00:00', isClosed: false },
          { dayOfWeek: 6, openTime: '09:00:00', closeTime: '22:30:00', isClosed: false },
        ],
      },
    ]);
    expect(api.bodiesOf('POST /api/onboarding/step')).toEqual([{ step: 3 }]);
  });
});
