// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { BotPreferencesResponse, RestaurantResponse } from '@shared/contracts/restaurant';
import { defaultBusinessHours } from '@shared/domain/hours';
import { fakeApi, renderAt, reply, signedInOwner } from '../../../../tests/render-web';
import { setupRoutes as routes } from './setup-test-routes';
import { UNSAVED_CHANGES } from './unsaved-changes';

const restaurant: RestaurantResponse = {
  restaurantName: 'Casa Lupe',
  phoneNumber: '(555) 123-4567',
  address: '12 Main St, Springfield',
  timezone: 'America/Chicago',
  forwardingPhone: null,
  kitchenCapacity: 3,
  onboardingStep: 6,
  hasCompletedOnboarding: true,
};

const bot: BotPreferencesResponse = {
  language: 'en',
  greetingMessage: 'Welcome to Casa Lupe!',
  busyMessage: 'We are slammed, call back later.',
  autoSmsEnabled: true,
  allowCustomOrders: true,
  isBusyMode: false,
  busyUntil: null,
  isSaved: true,
};

function openSettings(path = '/settings') {
  const api = fakeApi({
    'GET /api/me': reply(200, signedInOwner({ hasCompletedOnboarding: true })),
    'GET /api/restaurant': reply(200, restaurant),
    'PUT /api/restaurant': ({ body }) => reply(200, { ...restaurant, ...(body as object) }),
    'GET /api/restaurant/hours': reply(200, { hours: defaultBusinessHours() }),
    'GET /api/restaurant/bot': reply(200, bot),
    'GET /api/menu-items': reply(200, { items: [] }),
    'GET /api/menu-categories': reply(200, { categories: [] }),
  });
  return { ...renderAt(path, routes), api };
}

const tab = (name: string) => screen.getByRole('tab', { name });
const panel = () => screen.getByRole('tabpanel');
const dialog = () => screen.queryByRole('alertdialog');

/** Fires the event the browser sends before closing or reloading the tab; true when the page asked to prompt. */
function browserWouldPrompt() {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('unsaved changes in Settings', () => {
  it('switching tabs asks first: Keep editing stays with the edit, Discard changes moves on without it', async () => {
    const { user, fill, router } = openSettings();
    const name = await screen.findByLabelText('Restaurant name');
    await fill(name, 'Casa Lupe Downtown');

    await user.click(tab('Hours'));
    const asked = await screen.findByRole('alertdialog', { name: UNSAVED_CHANGES.title });
    expect(asked).toHaveAccessibleDescription(UNSAVED_CHANGES.description);
    // The safe choice has the focus.
    expect(within(asked).getByRole('button', { name: UNSAVED_CHANGES.stay })).toHaveFocus();

    await user.click(within(asked).getByRole('button', { name: UNSAVED_CHANGES.stay }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(tab('Restaurant')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Restaurant name')).toHaveValue('Casa Lupe Downtown');
    expect(router.state.location.search).toBe('');

    await user.click(tab('Hours'));
    await user.click(await screen.findByRole('button', { name: UNSAVED_CHANGES.leave }));
    await waitFor(() => expect(tab('Hours')).toHaveAttribute('aria-selected', 'true'));
    expect(router.state.location.search).toBe('?tab=hours');
    expect(dialog()).toBeNull();

    // Nothing is unsaved any more: back without a question, and the edit is gone.
    await user.click(tab('Restaurant'));
    expect(await screen.findByLabelText('Restaurant name')).toHaveValue('Casa Lupe');
    expect(dialog()).toBeNull();
  });

  it('Escape keeps editing', async () => {
    const { user, fill } = openSettings();
    await fill(await screen.findByLabelText('Address'), '14 Main St, Springfield');
    await user.click(tab('Menu'));
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog()).toBeNull());
    expect(tab('Restaurant')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Address')).toHaveValue('14 Main St, Springfield');
  });

  it('leaving Settings for another page asks too', async () => {
    const { fill, user, router } = openSettings();
    await fill(await screen.findByLabelText('Restaurant name'), 'Casa Lupe Downtown');
    void router.navigate('/dashboard');
    await user.click(await screen.findByRole('button', { name: UNSAVED_CHANGES.leave }));
    expect(await screen.findByText('Somewhere else')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('asks nothing once the edit is saved, or undone by hand; the browser prompts only in between', async () => {
    const { user, fill, api } = openSettings();
    const name = await screen.findByLabelText('Restaurant name');
    expect(browserWouldPrompt()).toBe(false);

    await fill(name, 'Casa Lupe Downtown');
    await waitFor(() => expect(browserWouldPrompt()).toBe(true));
    await fill(name, 'Casa Lupe');
    await waitFor(() => expect(browserWouldPrompt()).toBe(false));

    await fill(name, 'Casa Lupe Downtown');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.bodiesOf('PUT /api/restaurant')).toHaveLength(1));
    await waitFor(() => expect(browserWouldPrompt()).toBe(false));
    await user.click(tab('Hours'));
    await waitFor(() => expect(tab('Hours')).toHaveAttribute('aria-selected', 'true'));
    expect(dialog()).toBeNull();
  });

  it.each([
    ['Hours', '?tab=hours', () => within(panel()).getAllByRole('checkbox')[0]!],
    ['Assistant', '?tab=assistant', () => within(panel()).getByLabelText('Greeting')],
    ['Menu', '?tab=menu', () => within(panel()).getByLabelText('Name')],
    ['Preferences', '?tab=preferences', () => within(panel()).getByLabelText(/^Allow custom orders/)],
  ])('the %s tab warns too', async (_, search, control) => {
    const { user, router } = openSettings(`/settings${search}`);
    await waitFor(() => expect(control()).toBeInTheDocument());
    const field = control();
    if (field instanceof HTMLInputElement && field.type === 'checkbox') await user.click(field);
    else await user.type(field, ' today');

    await user.click(tab('Restaurant'));
    expect(await screen.findByRole('alertdialog', { name: UNSAVED_CHANGES.title })).toBeInTheDocument();
    expect(router.state.location.search).toBe(search);
  });
});
