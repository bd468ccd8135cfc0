// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { RestaurantResponse } from '@shared/contracts/restaurant';
import {
  expectFieldError,
  expectNoFieldError,
  fakeApi,
  renderAt,
  reply,
  signedInOwner,
  type SentRequest,
} from '../../../../../tests/render-web';
import { setupRoutes as routes } from '../setup-test-routes';

const blank: RestaurantResponse = {
  restaurantName: '',
  phoneNumber: '',
  address: '',
  timezone: 'America/Chicago',
  forwardingPhone: null,
  kitchenCapacity: 3,
  onboardingStep: 1,
  hasCompletedOnboarding: false,
};

function restaurantApi(
  restaurant: RestaurantResponse = blank,
  save?: (request: SentRequest) => ReturnType<typeof reply>,
) {
  return fakeApi({
    'GET /api/me': reply(200, signedInOwner({ onboardingStep: restaurant.onboardingStep })),
    'GET /api/restaurant': reply(200, restaurant),
    'PUT /api/restaurant': save ?? ((request) => reply(200, { ...restaurant, ...(request.body as object) })),
    'POST /api/onboarding/step': ({ body }) =>
      reply(200, { ...restaurant, onboardingStep: (body as { step: number }).step }),
  });
}

const nameField = () => screen.getByLabelText('Restaurant name');
const phoneField = () => screen.getByLabelText('Restaurant phone');
const addressField = () => screen.getByLabelText('Address');

describe('restaurant step of onboarding', () => {
  async function openStep(api = restaurantApi()) {
    const view = renderAt('/onboarding/restaurant', routes);
    await screen.findByLabelText('Restaurant name');
    return { ...view, api };
  }

  it('requires the name, phone and address, and sends nothing', async () => {
    const { user, api } = await openStep();

    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expectFieldError(nameField(), 'Restaurant name is required');
    expectFieldError(phoneField(), 'Phone number is required');
    expectFieldError(addressField(), 'Address is required');
    expect(api.writes()).toEqual([]);
  });

  it('treats whitespace-only answers as missing', async () => {
    const { user, fill, api } = await openStep();

    await fill(nameField(), '   ');
    await fill(addressField(), '  ');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expectFieldError(nameField(), 'Restaurant name is required');
    expectFieldError(addressField(), 'Address is required');
    expect(api.writes()).toEqual([]);
  });

  it('refuses a phone number that is not one', async () => {
    const { user, fill, api } = await openStep();

    await fill(nameField(), "Maria's Trattoria");
    await fill(phoneField(), '555-12');
    await fill(addressField(), '12 Main St, Springfield');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expectFieldError(phoneField(), 'Please enter a valid phone number');
    expectNoFieldError(nameField());
    expectNoFieldError(addressField());
    expect(api.writes()).toEqual([]);

    // Typing in the field takes the error away again.
    await user.type(phoneField(), '34567');
    expectNoFieldError(phoneField());
    expect(phoneField()).toHaveAccessibleDescription('The number customers know you by.');
  });

  it('saves the trimmed answers and moves on to the hours', async () => {
    const { user, fill, api, location } = await openStep();

    await fill(nameField(), "  Maria's Trattoria ");
    await fill(phoneField(), '(555) 123-4567');
    await fill(addressField(), '12 Main St, Springfield');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(location()).toBe('/onboarding/hours'));
    expect(api.bodiesOf('PUT /api/restaurant')).toEqual([
      {
        restaurantName: "Maria's Trattoria",
        phoneNumber: '(555) 123-4567',
        address: '12 Main St, Springfield',
        timezone: 'America/Chicago',
      },
    ]);
    expect(api.bodiesOf('POST /api/onboarding/step')).toEqual([{ step: 2 }]);
  });
});

describe('restaurant settings', () => {
  const saved: RestaurantResponse = {
    restaurantName: "Maria's Trattoria",
    phoneNumber: '(555) 123-4567',
    address: '12 Main St, Springfield',
    timezone: 'America/Chicago',
    forwardingPhone: null,
    kitchenCapacity: 3,
    onboardingStep: 6,
    hasCompletedOnboarding: true,
  };

  async function openSettings(api: ReturnType<typeof restaurantApi>) {
    const view = renderAt('/settings?tab=restaurant', routes);
    await screen.findByDisplayValue("Maria's Trattoria");
    return { ...view, api };
  }

  it('checks the same rules before saving', async () => {
    const { user, fill, api } = await openSettings(restaurantApi(saved));

    await user.clear(nameField());
    await fill(phoneField(), 'call us');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expectFieldError(nameField(), 'Restaurant name is required');
    expectFieldError(phoneField(), 'Please enter a valid phone number');
    expectNoFieldError(addressField());
    expect(api.writes()).toEqual([]);
  });

  it('shows the server’s reason next to the field it names', async () => {
    const { user, fill, api } = await openSettings(
      restaurantApi(saved, () =>
        reply(400, { error: 'phoneNumber: Please enter a valid phone number', field: 'phoneNumber' }),
      ),
    );

    await fill(phoneField(), '+1 555 123 4567 890');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expectFieldError(phoneField(), 'Please enter a valid phone number'));
    expect(api.bodiesOf('PUT /api/restaurant')).toEqual([
      {
        restaurantName: "Maria's Trattoria",
        phoneNumber: '+1 555 123 4567 890',
        address: '12 Main St, Springfield',
        timezone: 'America/Chicago',
        kitchenCapacity: 3,
        forwardingPhone: null,
      },
    ]);
  });

  const staffLineField = () => screen.getByLabelText('Staff phone line');

  it('shows the saved staff phone line and sends a new one in E.164', async () => {
    const { user, fill, api } = await openSettings(restaurantApi({ ...saved, forwardingPhone: '+15559876543' }));

    expect(staffLineField()).toHaveValue('+1 (555) 987-6543');
    expect(staffLineField()).toHaveAccessibleDescription(/transfers the call to this number/);
    await fill(staffLineField(), '555.222.3333');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(api.bodiesOf('PUT /api/restaurant')).toHaveLength(1));
    expect(api.bodiesOf('PUT /api/restaurant')[0]).toMatchObject({ forwardingPhone: '+15552223333' });
  });

  it('an emptied staff phone line is sent as null, which clears it', async () => {
    const { user, api } = await openSettings(restaurantApi({ ...saved, forwardingPhone: '+15559876543' }));

    await user.clear(staffLineField());
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(api.bodiesOf('PUT /api/restaurant')).toHaveLength(1));
    expect(api.bodiesOf('PUT /api/restaurant')[0]).toMatchObject({ forwardingPhone: null });
  });

  const capacityField = () => screen.getByLabelText('Orders the kitchen works on at once');

  it('shows how many orders the kitchen works on at once, and saves a new number', async () => {
    const { user, fill, api } = await openSettings(restaurantApi(saved));

    expect(capacityField()).toHaveValue(3);
    expect(capacityField()).toHaveAccessibleDescription(/Pickup times told to callers/);
    await fill(capacityField(), '5');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(api.bodiesOf('PUT /api/restaurant')).toHaveLength(1));
    expect(api.bodiesOf('PUT /api/restaurant')[0]).toMatchObject({ kitchenCapacity: 5 });
  });

  it('refuses a kitchen capacity outside 1 to 20, and sends nothing', async () => {
    const { user, fill, api } = await openSettings(restaurantApi(saved));

    for (const typed of ['0', '21', '']) {
      await fill(capacityField(), typed);
      await user.click(screen.getByRole('button', { name: 'Save changes' }));
      expectFieldError(capacityField(), 'Enter a whole number from 1 to 20');
    }
    expect(api.writes()).toEqual([]);
  });

  it('refuses a staff phone line that is not a phone number, and sends nothing', async () => {
    const { user, fill, api } = await openSettings(restaurantApi(saved));

    await fill(staffLineField(), 'ask for Tony');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expectFieldError(staffLineField(), 'Please enter a valid phone number');
    expectNoFieldError(phoneField());
    expect(api.writes()).toEqual([]);
  });

  it('is not asked in the onboarding wizard', async () => {
    fakeApi({
      'GET /api/me': reply(200, signedInOwner({ onboardingStep: 1 })),
      'GET /api/restaurant': reply(200, blank),
    });
    renderAt('/onboarding/restaurant', routes);
    await screen.findByLabelText('Restaurant name');
    expect(screen.queryByLabelText('Staff phone line')).toBeNull();
  });
});
