// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  expectFieldError,
  expectNoFieldError,
  fakeApi,
  renderAt,
  reply,
  signedInOwner,
  type FakeRoutes,
} from '../../../../../tests/render-web';
import type { MenuCategory } from '@shared/contracts/menu';
import type { MenuOptionGroup } from '@shared/domain/menu-options';
import { setupRoutes as routes } from '../setup-test-routes';

const margherita = {
  id: 'item-1',
  name: 'Margherita',
  aliases: [] as string[],
  description: 'Tomato, mozzarella, basil',
  priceCents: 1250,
  preparationTime: 15,
  isAvailable: true,
  categoryId: null as string | null,
  options: [] as MenuOptionGroup[],
};

type Item = typeof margherita;

/** Category ids are UUIDs, as the form checks. */
const categoryId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The menu as the server keeps it: POST adds an item, PUT replaces one, DELETE removes one; categories likewise. */
function menuApi(initial: Item[] = [], initialCategories: MenuCategory[] = [], extra: FakeRoutes = {}) {
  let items = [...initial];
  let categories = [...initialCategories];
  const idOf = (path: string) => path.split('/').at(-1)!;
  return fakeApi({
    'GET /api/me': reply(200, signedInOwner({ onboardingStep: 4 })),
    'GET /api/menu-items': () => reply(200, { items }),
    'GET /api/menu-categories': () => reply(200, { categories }),
    'POST /api/menu-categories': ({ body }) => {
      const category = {
        id: categoryId(categories.length + 1),
        name: (body as { name: string }).name,
        position: categories.length,
      };
      categories = [...categories, category];
      return reply(201, category);
    },
    'DELETE /api/menu-categories/:id': ({ path }) => {
      categories = categories.filter((c) => c.id !== idOf(path));
      items = items.map((i) => (i.categoryId === idOf(path) ? { ...i, categoryId: null } : i));
      return reply(204);
    },
    'DELETE /api/menu-items/:id': ({ path }) => {
      items = items.filter((i) => i.id !== idOf(path));
      return reply(204);
    },
    'POST /api/menu-items/quick-add': ({ body }) => {
      const added = (body as { items: { name: string; priceCents: number; category: string | null }[] }).items.map(
        (line, i) => ({ ...margherita, id: `quick-${i}`, name: line.name, priceCents: line.priceCents }),
      );
      items = [...items, ...added];
      return reply(201, { items: added, categories });
    },
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
    // A test's own answers replace the ones above.
    ...extra,
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
    // An empty price is a mistake, never a silent $0.00; an empty prep time is 15 minutes.
    expectFieldError(priceField(), 'Please enter a price');
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
        categoryId: null,
        options: [],
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
        categoryId: null,
        options: [],
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

describe('sizes and extras', () => {
  const option = (n: number) => screen.getByRole('group', { name: `Option ${n}` });

  it('adds a required size with price changes, sends cents, and shows the options with the dish', async () => {
    const api = menuApi([margherita]);
    const { user, fill } = renderAt('/settings?tab=menu', routes);
    await user.click(await screen.findByRole('button', { name: 'Edit Margherita' }));

    await user.click(screen.getByRole('button', { name: 'Add an option' }));
    const size = option(1);
    await fill(within(size).getByLabelText('Option name'), 'Size');
    expect(within(size).getByLabelText('Callers')).toHaveValue('required');
    await fill(within(size).getByLabelText('Choice 1'), 'Small');
    await fill(within(size).getByLabelText('Choice 2'), 'Large');
    await fill(within(size).getByLabelText('Choice 2 price change ($)'), '+3');

    await user.click(screen.getByRole('button', { name: 'Add an option' }));
    const extras = option(2);
    await fill(within(extras).getByLabelText('Option name'), 'Extras');
    await user.selectOptions(within(extras).getByLabelText('Callers'), 'any');
    await fill(within(extras).getByLabelText('Choice 1'), 'Cheese');
    await fill(within(extras).getByLabelText('Choice 1 price change ($)'), '1.00');
    await user.click(within(extras).getByRole('button', { name: 'Remove choice 2' }));
    await user.click(saveItem());

    await waitFor(() => expect(api.bodiesOf('PUT /api/menu-items/:id')).toHaveLength(1));
    expect(api.bodiesOf('PUT /api/menu-items/:id')[0]).toMatchObject({
      options: [
        {
          name: 'Size',
          required: true,
          multiple: false,
          choices: [
            { name: 'Small', priceDeltaCents: 0 },
            { name: 'Large', priceDeltaCents: 300 },
          ],
        },
        { name: 'Extras', required: false, multiple: true, choices: [{ name: 'Cheese', priceDeltaCents: 100 }] },
      ],
    });
    const list = await screen.findByRole('list', { name: 'Menu items' });
    expect(within(list).getByText('Size: Small, Large +$3.00 · Extras (optional): Cheese +$1.00')).toBeVisible();

    // Editing again starts from the saved options, price changes as typed amounts.
    await user.click(screen.getByRole('button', { name: 'Edit Margherita' }));
    expect(within(option(1)).getByLabelText('Choice 2 price change ($)')).toHaveValue('+3.00');
    expect(within(option(1)).getByLabelText('Choice 1 price change ($)')).toHaveValue('');
  });

  it('shows a bad price change and a missing choice name next to their boxes, and sends nothing', async () => {
    const api = menuApi([margherita]);
    const { user, fill } = renderAt('/settings?tab=menu', routes);
    await user.click(await screen.findByRole('button', { name: 'Edit Margherita' }));
    await user.click(screen.getByRole('button', { name: 'Add an option' }));
    const size = option(1);
    await fill(within(size).getByLabelText('Option name'), 'Size');
    await fill(within(size).getByLabelText('Choice 1'), 'Small');
    await fill(within(size).getByLabelText('Choice 2 price change ($)'), 'three');
    await user.click(saveItem());

    expectFieldError(within(size).getByLabelText('Choice 2'), 'Choice name is required');
    expectFieldError(
      within(size).getByLabelText('Choice 2 price change ($)'),
      'Price change must be an amount like 3.00 or -1.00',
    );
    expect(api.writes()).toEqual([]);

    await fill(within(size).getByLabelText('Choice 2 price change ($)'), '3');
    expectNoFieldError(within(size).getByLabelText('Choice 2 price change ($)'));
  });
});

describe('deleting', () => {
  it('asks in the app, not the browser, and deletes only once confirmed', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    const api = menuApi([margherita, { ...margherita, id: 'item-2', name: 'Marinara' }]);
    const { user } = renderAt('/settings?tab=menu', routes);

    await user.click(await screen.findByRole('button', { name: 'Delete Margherita' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Margherita?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.writes()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Margherita' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete dish' }));
    await waitFor(() => expect(screen.queryByText('Margherita')).not.toBeInTheDocument());
    expect(api.writes().map((r) => `${r.method} ${r.path}`)).toEqual(['DELETE /api/menu-items/item-1']);
    expect(screen.getByText('Marinara')).toBeVisible();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('a category asks too, and its dishes move to “Other”', async () => {
    const burritos = { id: categoryId(1), name: 'Burritos', position: 0 };
    const api = menuApi(
      [
        { ...margherita, name: 'Carnitas Burrito', categoryId: burritos.id },
        { ...margherita, id: 'item-2', name: 'Chips' },
      ],
      [burritos],
    );
    const { user } = renderAt('/settings?tab=menu', routes);
    const burritoList = await screen.findByRole('list', { name: 'Burritos dishes' });
    expect(within(burritoList).getByText('Carnitas Burrito')).toBeVisible();
    expect(within(screen.getByRole('list', { name: 'Other dishes' })).getByText('Chips')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Delete Burritos' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the category “Burritos”?' });
    expect(dialog).toHaveTextContent('Its 1 dish stay on your menu, under “Other”.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete category' }));

    await waitFor(() => expect(screen.queryByRole('list', { name: 'Burritos dishes' })).not.toBeInTheDocument());
    expect(api.writes().map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE /api/menu-categories/${burritos.id}`]);
    // No categories left: one plain list again.
    expect(within(screen.getByRole('list', { name: 'Menu items' })).getByText('Carnitas Burrito')).toBeVisible();
  });
});

describe('categories', () => {
  it('are added, and a new dish can be put in one', async () => {
    const api = menuApi([margherita]);
    const { user, fill } = renderAt('/settings?tab=menu', routes);
    await fill(await screen.findByLabelText('New category'), 'Pizzas');
    await user.click(screen.getByRole('button', { name: 'Add category' }));
    await screen.findByRole('list', { name: 'Categories' });
    expect(api.bodiesOf('POST /api/menu-categories')).toEqual([{ name: 'Pizzas' }]);

    await fill(screen.getByLabelText('New category'), 'other');
    await user.click(screen.getByRole('button', { name: 'Add category' }));
    expectFieldError(
      screen.getByLabelText('New category'),
      '“Other” is where dishes without a category go; choose another name',
    );
    expect(api.bodiesOf('POST /api/menu-categories')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Edit Margherita' }));
    await user.selectOptions(screen.getByLabelText('Category'), 'Pizzas');
    await user.click(saveItem());
    await waitFor(() => expect(api.bodiesOf('PUT /api/menu-items/:id')).toHaveLength(1));
    expect(api.bodiesOf('PUT /api/menu-items/:id')[0]).toMatchObject({ categoryId: categoryId(1) });
    expect(within(await screen.findByRole('list', { name: 'Pizzas dishes' })).getByText('Margherita')).toBeVisible();
  });
});

describe('quick add', () => {
  const box = () => screen.getByLabelText('Dishes, one per line');

  it('previews each line with its problem, adds the good ones in one request and keeps the rest', async () => {
    const api = menuApi([margherita], [{ id: categoryId(1), name: 'Burritos', position: 0 }]);
    const { user, fill } = renderAt('/settings?tab=menu', routes);
    await user.click(await screen.findByRole('button', { name: 'Quick add' }));
    await fill(box(), 'Carnitas Burrito, 12.50\nHorchata\nDrinks: Jamaica, $3\nmargherita, 9\n\nChips, 1.005');

    const preview = screen.getByRole('list', { name: 'Preview' });
    const rows = within(preview)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows).toEqual([
      'Carnitas BurritoOther$12.50',
      'Line 2: HorchataPlease enter a price',
      'Jamaica' + 'Drinks (new category)' + '$3.00',
      'Line 4: margherita, 9margherita is already on your menu',
      'Line 6: Chips, 1.005Price can have at most two decimals',
    ]);
    expect(screen.getByText('2 dishes ready to add, 3 lines to fix')).toBeVisible();

    await user.selectOptions(screen.getByLabelText('Category for lines without one'), 'Burritos');
    expect(within(preview).getAllByRole('listitem')[0]).toHaveTextContent('Carnitas BurritoBurritos$12.50');

    await user.click(screen.getByRole('button', { name: 'Add 2 dishes' }));
    await waitFor(() => expect(box()).toHaveValue('Horchata\nmargherita, 9\nChips, 1.005'));
    expect(api.bodiesOf('POST /api/menu-items/quick-add')).toEqual([
      {
        items: [
          { name: 'Carnitas Burrito', priceCents: 1250, category: 'Burritos' },
          { name: 'Jamaica', priceCents: 300, category: 'Drinks' },
        ],
      },
    ]);
    expect(api.writes()).toHaveLength(1);
  });

  it('shows the server’s reasons when it refuses, and adds nothing', async () => {
    const api = menuApi([], [], {
      'POST /api/menu-items/quick-add': reply(400, {
        error: 'Nothing was added. dish 1: Soup is already on your menu',
        field: 'items.0.name',
      }),
    });
    const { user, fill } = renderAt('/settings?tab=menu', routes);
    await user.click(await screen.findByRole('button', { name: 'Quick add' }));
    await fill(box(), 'Soup, 5');
    await user.click(screen.getByRole('button', { name: 'Add 1 dish' }));
    expect(await screen.findByText('Nothing was added. dish 1: Soup is already on your menu')).toBeVisible();
    expect(box()).toHaveValue('Soup, 5');
    expect(api.bodiesOf('POST /api/menu-items/quick-add')).toHaveLength(1);
  });

  it('cannot send when no line is ready', async () => {
    const api = menuApi([margherita]);
    const { user, fill } = renderAt('/settings?tab=menu', routes);
    await user.click(await screen.findByRole('button', { name: 'Quick add' }));
    expect(screen.getByRole('button', { name: 'Add dishes' })).toBeDisabled();
    await fill(box(), 'Soup');
    expect(screen.getByRole('button', { name: 'Add dishes' })).toBeDisabled();
    expect(api.writes()).toEqual([]);
  });
});
