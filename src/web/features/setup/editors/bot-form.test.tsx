// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { BotPreferencesResponse } from '@shared/contracts/restaurant';
import {
  expectFieldError,
  expectNoFieldError,
  fakeApi,
  renderAt,
  reply,
  signedInOwner,
} from '../../../../../tests/render-web';
import { setupRoutes as routes } from '../setup-test-routes';

/** The server's answer before the owner saved the assistant step. */
const unsaved: BotPreferencesResponse = {
  language: 'en',
  greetingMessage: "Welcome to Maria's Trattoria! How can I help you today?",
  busyMessage: 'We are currently busy, please call again later.',
  autoSmsEnabled: true,
  allowCustomOrders: true,
  isBusyMode: false,
  busyUntil: null,
  isSaved: false,
};

function botApi() {
  return fakeApi({
    'GET /api/me': reply(200, signedInOwner({ onboardingStep: 3 })),
    'GET /api/restaurant/bot': reply(200, unsaved),
    'PUT /api/restaurant/bot': ({ body }) => reply(200, { ...unsaved, ...(body as object), isSaved: true }),
    'POST /api/onboarding/step': reply(200, {}),
  });
}

async function openAt(path: string) {
  const api = botApi();
  const view = renderAt(path, routes);
  await screen.findByLabelText('Greeting');
  return { ...view, api };
}

describe('voice assistant', () => {
  it('requires a greeting and a busy message, and sends nothing', async () => {
    const { user, fill, api } = await openAt('/onboarding/bot');

    await user.clear(screen.getByLabelText('Greeting'));
    await fill(screen.getByLabelText('Busy message'), '   ');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expectFieldError(screen.getByLabelText('Greeting'), 'Greeting is required');
    expectFieldError(screen.getByLabelText('Busy message'), 'Busy message is required');
    expectNoFieldError(screen.getByLabelText('Language'));
    expect(api.writes()).toEqual([]);
  });

  it('checks the busy message on the settings page too', async () => {
    const { user, api } = await openAt('/settings?tab=assistant');

    await user.clear(screen.getByLabelText('Busy message'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expectFieldError(screen.getByLabelText('Busy message'), 'Busy message is required');
    expectNoFieldError(screen.getByLabelText('Greeting'));
    expect(screen.getByLabelText('Greeting')).toHaveAccessibleDescription('The first thing callers hear.');
    expect(api.writes()).toEqual([]);
  });

  it('saves the language and the trimmed messages, then moves on', async () => {
    const { user, fill, api, location } = await openAt('/onboarding/bot');

    await user.selectOptions(screen.getByLabelText('Language'), 'Spanish');
    await fill(screen.getByLabelText('Greeting'), ' ¡Bienvenidos a Maria’s! ');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(location()).toBe('/onboarding/menu'));
    expect(api.bodiesOf('PUT /api/restaurant/bot')).toEqual([
      {
        language: 'es',
        greetingMessage: '¡Bienvenidos a Maria’s!',
        busyMessage: 'We are currently busy, please call again later.',
      },
    ]);
    expect(api.bodiesOf('POST /api/onboarding/step')).toEqual([{ step: 4 }]);
  });
});
