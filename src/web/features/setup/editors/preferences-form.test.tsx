// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { BotPreferencesResponse } from '@shared/contracts/restaurant';
import { fakeApi, renderAt, reply, signedInOwner } from '../../../../../tests/render-web';
import { setupRoutes as routes } from '../setup-test-routes';

const saved: BotPreferencesResponse = {
  language: 'en',
  greetingMessage: "Welcome to Maria's Trattoria! How can I help you today?",
  busyMessage: 'We are currently busy, please call again later.',
  autoSmsEnabled: true,
  allowCustomOrders: false,
  isBusyMode: false,
  busyUntil: null,
  isSaved: true,
};

function preferencesApi(bot: BotPreferencesResponse = saved) {
  return fakeApi({
    'GET /api/me': reply(200, signedInOwner({ onboardingStep: 6, hasCompletedOnboarding: true })),
    'GET /api/restaurant/bot': reply(200, bot),
    'PUT /api/restaurant/preferences': ({ body }) => reply(200, { ...bot, ...(body as object) }),
  });
}

const allowCustom = () => screen.getByRole('checkbox', { name: /Allow custom orders/ });
const autoSms = () => screen.getByRole('checkbox', { name: /Automatic SMS notifications/ });

describe('preferences', () => {
  it('shows the server’s custom-order choice, not an older one kept in this browser', async () => {
    localStorage.setItem('allowCustomOrders', 'true');
    preferencesApi();
    renderAt('/settings?tab=preferences', routes);

    expect(await screen.findByRole('checkbox', { name: /Allow custom orders/ })).not.toBeChecked();
    expect(autoSms()).toBeChecked();
  });

  it('saves both choices on the server and keeps the browser copy in step', async () => {
    const api = preferencesApi();
    const { user } = renderAt('/settings?tab=preferences', routes);
    await screen.findByRole('checkbox', { name: /Allow custom orders/ });

    await user.click(allowCustom());
    await user.click(autoSms());
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() =>
      expect(api.bodiesOf('PUT /api/restaurant/preferences')).toEqual([
        { autoSmsEnabled: false, allowCustomOrders: true },
      ]),
    );
    await waitFor(() => expect(localStorage.getItem('allowCustomOrders')).toBe('true'));
  });
});
