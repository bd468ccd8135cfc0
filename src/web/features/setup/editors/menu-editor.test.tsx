// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  expectFieldError,
  expectNoFieldError,
  fakeApi,
  renderAt,
  reply,
  signedInOwner,
} from '../../../../../tests/render-web';
import { setupRoutes as routes } from '../setup-test-routes';

const margherita = {
  id: 'item-1',
  name: 'Margherita',
  aliases: [] as string[],
  description: 'Tomato, mozzarella, basil',
  priceCents: 1250,
  preparationTime: 15,
  isAvailable: true,
};

/** The menu as the server keeps it: POST adds an item, PUT replaces one. */
function menuApi(initial: (typeof margherita)[] = []) {
  let items = [...initial];
  return fakeApi({
    'GET /api/me': reply(200, signedInOwner({ onboardingStep: 4 })),
    'GET /api/menu-items': () => reply(200, { items }),
    'POST /api/menu-items': ({ body }) => {
      const item = { ...margherita, ...(body as object), id: `item-${items.length + 1}` };
      items = [...items, item];
      return reply(201, item);
    },
    'PUT /api/menu-items/:id': ({ path, body }) => {
      items = items.map((i) => (path.endsWith(`/${i.id}`) ? { ...i, ...(body as object) } : i));
      return reply(
        200,
        items.find((i) => path.endsWith(`/${i.id}`)),
      );
    },
  });
}

const nameField = () => screen.getByLabelText('Name');
const priceField = () => screen.getByLabelText(/^Price/);
const prepField = () => screen.getByLabelText(/^Prep time/);
const saveItem = () => screen.getByRole('button', { name: 'Save item' });

describe('adding a menu item during onboarding', () => {
  async function openStep(api = menuApi()) {
    const view = renderAt('/onboarding/menu', routes);
    // With no dishes yet, the step opens on the form for the first one.
    await screen.findByRole('heading', { name: 'New menu item' });
    return { ...view, api };
  }

  it('requires a name, and sends nothing', async () => {
    const { user, api } = await openStep();

    await user.click(saveItem());

    expectFieldError(nameField(), 'Name is required');
    // Price and prep time may be left empty: the server fills in $0.00 and 15 minutes.
    expectNoFieldError(priceField());
    expectNoFieldError(prepField());
    expect(api.writes()).toEqual([]);
  });

  it.each([
    ['-1', 'Price cannot be negative'],
    ['12.345', 'Price can have at most two decimals'],
    ['10000', 'Price must be under $10,000'],
    ['twelve', 'Price must be a number'],
  ])('refuses the price %s: “%s”', async (price, message) => {
    const { user, fill, api } = await openStep();

    await fill(nameField(), 'Margherita');
    await fill(priceField(), price);
    await fill(prepField(), '15');
    await user.click(saveItem());

    expectFieldError(priceField(), message);
    expectNoFieldError(nameField());
    expectNoFieldError(prepField());
    expect(api.writes()).toEqual([]);
  });

  it.each([
    ['1.5', 'Prep time must be whole minutes'],
    ['0', 'Prep time must be at least 1 minute'],
    ['-3', 'Prep time must be at least 1 minute'],
  ])('refuses the prep time %s: “%s”', async (minutes, message) => {
    const { user, fill, api } = await openStep();

    await fill(nameField(), 'Margherita');
    await fill(priceField(), '12.50');
    await fill(prepField(), minutes);
    await user.click(saveItem());

    expectFieldError(prepField(), message);
    expectNoFieldError(priceField());
    expect(api.writes()).toEqual([]);
  });

  it('shows every problem at once', async () => {
    const { user, fill } = await openStep();

    await fill(priceField(), '-0.5');
    await fill(prepField(), '0');
    await user.click(saveItem());

    expectFieldError(nameField(), 'Name is required');
    expectFieldError(priceField(), 'Price cannot be negative');
    expectFieldError(prepField(), 'Prep time must be at least 1 minute');
  });

  it('saves a valid item and lists it', async () => {
    const { user, fill, api } = await openStep();

    await fill(nameField(), 'Margherita');
    await fill(screen.getByLabelText('Description (optional)'), 'Tomato, mozzarella, basil');
    await fill(priceField(), '12.50');
    await fill(prepField(), '20');
    await user.click(saveItem());

    const list = await screen.findByRole('list', { name: 'Menu items' });
    expect(within(list).getByText('Margherita')).toBeVisible();
    expect(within(list).getByText('$12.50 · 20 min')).toBeVisible();
    expect(api.bodiesOf('POST /api/menu-items')).toEqual([
      {
        name: 'Margherita',
        aliases: [],
        description: 'Tomato, mozzarella, basil',
        priceCents: 1250,
        preparationTime: 20,
      },
    ]);
  });
});

describe('editing a menu item in settings', () => {
  it('checks the price before saving the change', async () => {
    const api = menuApi([margherita]);
    const { user, fill } = renderAt('/settings?tab=menu', routes);
    await user.click(await screen.findByRole('button', { name: 'Edit Margherita' }));
    expect(priceField()).toHaveValue('12.50');

    await fill(priceField(), '-5');
    await user.click(saveItem());

    expectFieldError(priceField(), 'Price cannot be negative');
    expect(api.writes()).toEqual([]);

    await fill(priceField(), '13.75');
    expectNoFieldError(priceField());
    await user.click(saveItem());

    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save item' })).not.toBeInTheDocument());
    expect(api.bodiesOf('PUT /api/menu-items/:id')).toEqual([
      {
        name: 'Margherita',
        aliases: [],
        description: 'Tomato, mozzarella, basil',
        priceCents: 1375,
        preparationTime: 15,
      },
    ]);
    expect(api.writes().map((r) => `${r.method} ${r.path}`)).toEqual(['PUT /api/menu-items/item-1']);
  });
});

describe('other names for a dish', () => {
  const aliasesField = () => screen.getByLabelText('Other names (optional)');

  it('are typed as one comma-separated box, sent as a list and shown with the dish', async () => {
    const api = menuApi([margherita]);
    const { user, fill } = renderAt('/settings?tab=menu', routes);
    await user.click(await screen.findByRole('button', { name: 'Edit Margherita' }));
    expect(aliasesField()).toHaveValue('');

    await fill(aliasesField(), ' pizza margherita, 玛格丽特披萨 ,, ');
    await user.click(saveItem());

    const list = await screen.findByRole('list', { name: 'Menu items' });
    expect(within(list).getByText('pizza margherita, 玛格丽特披萨')).toBeVisible();
    expect(api.bodiesOf('PUT /api/menu-items/:id')).toEqual([
      expect.objectContaining({ aliases: ['pizza margherita', '玛格丽特披萨'] }),
    ]);

    await user.click(screen.getByRole('button', { name: 'Edit Margherita' }));
    expect(aliasesField()).toHaveValue('pizza margherita, 玛格丽特披萨');
  });

  it('refuses more than 10 names next to the box, and sends nothing', async () => {
    const api = menuApi([margherita]);
    const { user, fill } = renderAt('/settings?tab=menu', routes);
    await user.click(await screen.findByRole('button', { name: 'Edit Margherita' }));

    await fill(aliasesField(), Array.from({ length: 11 }, (_, i) => `name ${i}`).join(', '));
    await user.click(saveItem());

    expectFieldError(aliasesField(), 'Give at most 10 other names');
    expect(api.writes()).toEqual([]);
  });
});
