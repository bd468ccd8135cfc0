// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import type { BotPreferencesResponse, BusyModeInput } from '@shared/contracts/restaurant';
import { restaurantClock } from '@web/lib/relative-time';
import { fakeApi, renderAt, reply, signedInOwner } from '../../../../tests/render-web';
import { BUSY_MODE_MESSAGES, BusyModeToggle } from './busy-mode-toggle';

const BUSY_MESSAGE = 'We are slammed, call back in twenty minutes.';

const bot: BotPreferencesResponse = {
  language: 'en',
  greetingMessage: 'Welcome to Casa Lupe!',
  busyMessage: BUSY_MESSAGE,
  autoSmsEnabled: true,
  allowCustomOrders: true,
  isBusyMode: false,
  busyUntil: null,
  isSaved: true,
};

/** The last end time the fake server gave. */
let busyUntil: string | null = null;

/** The server's side of PUT /api/restaurant/busy-mode: the end time is now plus the minutes asked for. */
function renderCard() {
  const api = fakeApi({
    'GET /api/me': reply(200, signedInOwner({ hasCompletedOnboarding: true })),
    'GET /api/restaurant/bot': reply(200, bot),
    'PUT /api/restaurant/busy-mode': ({ body }) => {
      const { isBusyMode, durationMinutes } = body as BusyModeInput;
      busyUntil = durationMinutes ? new Date(Date.now() + durationMinutes * 60_000).toISOString() : null;
      return reply(200, busyUntil ? { isBusyMode, busyUntil } : { isBusyMode });
    },
  });
  const view = renderAt('/dashboard', [
    {
      path: '/dashboard',
      element: (
        <>
          <BusyModeToggle />
          <Toaster />
        </>
      ),
    },
  ]);
  return { ...view, api };
}

async function loadedSwitch() {
  const toggle = await screen.findByRole('switch', { name: 'Busy Mode' });
  await waitFor(() => expect(toggle).toBeEnabled());
  return toggle;
}

describe('Busy Mode card with a timer', () => {
  beforeEach(() => {
    vi.stubGlobal('matchMedia', (media: string) => ({
      media,
      matches: false,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
  });
  afterEach(() => toast.remove());

  it('turns on for the chosen time (30 minutes unless changed) and quotes what callers hear', async () => {
    const { user, api } = renderCard();
    const toggle = await loadedSwitch();
    const duration = screen.getByLabelText('Turn on for');
    expect(duration).toHaveDisplayValue('30 minutes');
    expect(Array.from((duration as HTMLSelectElement).options, (o) => o.text)).toEqual([
      '15 minutes',
      '30 minutes',
      '1 hour',
      'Until I turn it off',
    ]);

    await user.selectOptions(duration, '15 minutes');
    await user.click(toggle);

    expect(await screen.findByText(BUSY_MODE_MESSAGES.enabled)).toBeInTheDocument();
    expect(api.bodiesOf('PUT /api/restaurant/busy-mode')).toEqual([{ isBusyMode: true, durationMinutes: 15 }]);
    expect(toggle).toBeChecked();
    // On the restaurant's clock (the signed-in owner's zone is UTC), named when this machine's reads otherwise.
    const endsAt = restaurantClock('UTC').time(busyUntil!);
    await waitFor(() =>
      expect(toggle).toHaveAccessibleDescription(
        `On for another 15 minutes, until ${endsAt}. Callers hear: “${BUSY_MESSAGE}”`,
      ),
    );
    // Nothing to choose while it is on.
    expect(screen.queryByLabelText('Turn on for')).toBeNull();
  });

  it('"Until I turn it off" sends the plain switch, and switching off says so', async () => {
    const { user, api } = renderCard();
    const toggle = await loadedSwitch();
    await user.selectOptions(screen.getByLabelText('Turn on for'), 'Until I turn it off');
    await user.click(toggle);
    await waitFor(() =>
      expect(toggle).toHaveAccessibleDescription(`On until you turn it off. Callers hear: “${BUSY_MESSAGE}”`),
    );

    await user.click(toggle);
    expect(await screen.findByText(BUSY_MODE_MESSAGES.disabled)).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    expect(api.bodiesOf('PUT /api/restaurant/busy-mode')).toEqual([{ isBusyMode: true }, { isBusyMode: false }]);
  });
});
