// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { DayHours } from '@shared/domain/hours';
import { nineToFiveWeek } from '../../../../../tests/nine-to-five-week';
import {
  expectFieldError,
  expectNoFieldError,
  fakeApi,
  renderAt,
  type FakeRoutes,
  reply,
  signedInOwner,
} from '../../../../../tests/render-web';
import { setupRoutes as routes } from '../setup-test-routes';

/** The server's answer before the owner saved any hours: 09:00–17:00, Sunday closed. */
const defaults = nineToFiveWeek();

function hoursApi(hours = defaults, overrides: FakeRoutes = {}) {
  return fakeApi({
    'GET /api/me': reply(200, signedInOwner({ onboardingStep: 2 })),
    'GET /api/restaurant/hours': reply(200, { hours }),
    'PUT /api/restaurant/hours': ({ body }) => reply(200, body),
    'POST /api/onboarding/step': reply(200, {}),
    ...overrides,
  });
}

async function openAt(path: string, hours = defaults, overrides: FakeRoutes = {}) {
  const api = hoursApi(hours, overrides);
  const view = renderAt(path, routes);
  await screen.findByLabelText('Monday closing time');
  return { ...view, api };
}

describe('business hours', () => {
  it('takes a closing time before the opening time as after midnight, and says so next to it', async () => {
    const { user, api } = await openAt('/settings?tab=hours');
    const fridayOpen = screen.getByLabelText('Friday opening time');
    const fridayClose = screen.getByLabelText('Friday closing time');

    await user.clear(fridayOpen);
    await user.type(fridayOpen, '18:00');
    await user.clear(fridayClose);
    await user.type(fridayClose, '02:00');

    expect(fridayClose).toHaveAccessibleDescription('next day');
    expect(screen.getByLabelText('Thursday closing time')).not.toHaveAccessibleDescription();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(api.bodiesOf('PUT /api/restaurant/hours')).toHaveLength(1));
    const [{ hours }] = api.bodiesOf('PUT /api/restaurant/hours') as [{ hours: DayHours[] }];
    expect(hours[5]).toEqual({
      dayOfWeek: 5,
      openTime: '18:00:00',
      closeTime: '02:00:00',
      openTime2: null,
      closeTime2: null,
      isClosed: false,
    });
  });

  it('refuses a closing time equal to the opening time', async () => {
    const { user, api } = await openAt('/settings?tab=hours');
    const fridayOpen = screen.getByLabelText('Friday opening time');

    await user.clear(fridayOpen);
    await user.type(fridayOpen, '17:00');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expectFieldError(screen.getByLabelText('Friday closing time'), 'Friday: Closing time must be after opening time');
    expect(screen.getByLabelText('Friday closing time')).toHaveFocus();
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
        hours: [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
          dayOfWeek,
          openTime: '09:00:00',
          closeTime: dayOfWeek === 6 ? '22:30:00' : '17:00:00',
          openTime2: null,
          closeTime2: null,
          isClosed: dayOfWeek === 0,
        })),
      },
    ]);
    expect(api.bodiesOf('POST /api/onboarding/step')).toEqual([{ step: 3 }]);
  });

  it('adds a second period, saves both, and removes it again', async () => {
    const { user, api } = await openAt('/settings?tab=hours');
    const mondayClose = screen.getByLabelText('Monday closing time');
    await user.clear(mondayClose);
    await user.type(mondayClose, '14:00');

    await user.click(screen.getByRole('button', { name: 'Add a second period on Monday' }));
    const secondOpen = screen.getByLabelText('Monday second opening time');
    await waitFor(() => expect(secondOpen).toHaveFocus());
    await user.type(secondOpen, '17:30');
    await user.type(screen.getByLabelText('Monday second closing time'), '22:00');
    expect(screen.queryByRole('button', { name: 'Add a second period on Monday' })).toBeNull();

    // Another day's second period, added and taken away again, is not sent.
    await user.click(screen.getByRole('button', { name: 'Add a second period on Tuesday' }));
    await user.click(screen.getByRole('button', { name: 'Remove Tuesday’s second period' }));
    expect(screen.queryByLabelText('Tuesday second opening time')).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add a second period on Tuesday' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.bodiesOf('PUT /api/restaurant/hours')).toHaveLength(1));
    const [{ hours }] = api.bodiesOf('PUT /api/restaurant/hours') as [{ hours: DayHours[] }];
    expect(hours[1]).toEqual({
      dayOfWeek: 1,
      openTime: '09:00:00',
      closeTime: '14:00:00',
      openTime2: '17:30:00',
      closeTime2: '22:00:00',
      isClosed: false,
    });
    expect(hours[2]).toMatchObject({ openTime2: null, closeTime2: null });
  });

  it('ties each period’s problem to its own input, focuses the first, and sends nothing', async () => {
    const { user, api } = await openAt('/settings?tab=hours');
    // Tuesday: a second period with no closing time.
    await user.click(screen.getByRole('button', { name: 'Add a second period on Tuesday' }));
    await user.type(screen.getByLabelText('Tuesday second opening time'), '17:00');
    // Wednesday: lunch until 15:00, dinner from 14:00.
    const wednesdayClose = screen.getByLabelText('Wednesday closing time');
    await user.clear(wednesdayClose);
    await user.type(wednesdayClose, '15:00');
    await user.click(screen.getByRole('button', { name: 'Add a second period on Wednesday' }));
    await user.type(screen.getByLabelText('Wednesday second opening time'), '14:00');
    await user.type(screen.getByLabelText('Wednesday second closing time'), '22:00');

    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const tuesdaySecondClose = screen.getByLabelText('Tuesday second closing time');
    expectFieldError(tuesdaySecondClose, 'Tuesday: Add a closing time for the second period');
    expectNoFieldError(screen.getByLabelText('Tuesday second opening time'));
    expectNoFieldError(screen.getByLabelText('Tuesday closing time'));
    expect(tuesdaySecondClose).toHaveFocus();
    expect(api.writes()).toEqual([]);

    // Once Tuesday is whole, the overlap on Wednesday is named on the later period.
    await user.type(tuesdaySecondClose, '21:00');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const wednesdaySecondOpen = screen.getByLabelText('Wednesday second opening time');
    expectFieldError(wednesdaySecondOpen, 'Wednesday: The two periods overlap');
    expectNoFieldError(wednesdayClose);
    expect(wednesdaySecondOpen).toHaveFocus();
    expect(api.writes()).toEqual([]);
  });

  it('names a late night that runs into the next day’s opening on that opening', async () => {
    const { user, api } = await openAt('/settings?tab=hours');
    const thursdayOpen = screen.getByLabelText('Thursday opening time');
    const thursdayClose = screen.getByLabelText('Thursday closing time');
    await user.clear(thursdayOpen);
    await user.type(thursdayOpen, '18:00');
    await user.clear(thursdayClose);
    await user.type(thursdayClose, '10:00');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const fridayOpen = screen.getByLabelText('Friday opening time');
    expectFieldError(fridayOpen, "Friday: Overlaps Thursday's hours, which run until 10:00");
    expect(fridayOpen).toHaveFocus();
    expect(api.writes()).toEqual([]);
  });

  it('puts the server’s reason next to the field it names, and focuses it', async () => {
    const field = 'hours.5.openTime2';
    const { user } = await openAt('/settings?tab=hours', defaults, {
      'PUT /api/restaurant/hours': reply(400, { error: `${field}: Use a time like 09:00`, field }),
    });
    await user.click(screen.getByRole('button', { name: 'Add a second period on Friday' }));
    await user.type(screen.getByLabelText('Friday second opening time'), '18:00');
    await user.type(screen.getByLabelText('Friday second closing time'), '23:00');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const fridaySecondOpen = screen.getByLabelText('Friday second opening time');
    await waitFor(() => expectFieldError(fridaySecondOpen, 'Friday: Use a time like 09:00'));
    expect(fridaySecondOpen).toHaveFocus();
  });

  it('copies one day’s periods to every day, keeps closed days closed, and can undo it', async () => {
    const { user, api } = await openAt('/settings?tab=hours');
    const mondayClose = screen.getByLabelText('Monday closing time');
    await user.clear(mondayClose);
    await user.type(mondayClose, '14:00');
    await user.click(screen.getByRole('button', { name: 'Add a second period on Monday' }));
    await user.type(screen.getByLabelText('Monday second opening time'), '18:00');
    await user.type(screen.getByLabelText('Monday second closing time'), '01:00');

    const copy = screen.getByRole('button', { name: 'Copy to all days from Monday' });
    await user.click(copy);
    expect(screen.getByRole('status')).toHaveTextContent('Monday’s hours copied to every day.');
    expect(screen.getByText(/Closed days stay closed/)).toBeVisible();
    for (const day of ['Tuesday', 'Saturday', 'Sunday']) {
      expect(screen.getByLabelText(`${day} closing time`)).toHaveValue('14:00');
      expect(screen.getByLabelText(`${day} second opening time`)).toHaveValue('18:00');
      expect(screen.getByLabelText(`${day} second closing time`)).toHaveValue('01:00');
    }
    // Sunday was closed and stays closed.
    expect(screen.getAllByRole('checkbox', { name: 'Closed' })[0]).toBeChecked();
    expect(screen.getByLabelText('Saturday second closing time')).toHaveAccessibleDescription('next day');

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getByLabelText('Saturday closing time')).toHaveValue('17:00');
    expect(screen.queryByLabelText('Saturday second opening time')).toBeNull();
    expect(screen.getByLabelText('Monday second opening time')).toHaveValue('18:00');
    expect(copy).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('');

    await user.click(copy);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.bodiesOf('PUT /api/restaurant/hours')).toHaveLength(1));
    const [{ hours }] = api.bodiesOf('PUT /api/restaurant/hours') as [{ hours: DayHours[] }];
    expect(hours).toEqual(
      [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
        dayOfWeek,
        openTime: '09:00:00',
        closeTime: '14:00:00',
        openTime2: '18:00:00',
        closeTime2: '01:00:00',
        isClosed: dayOfWeek === 0,
      })),
    );
  });
});
