import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/test-app';
import { menuCategories, menuItems } from '../../db/schema';
import type { MenuItem } from '@shared/contracts/restaurant';
import type { MenuCategory, MenuQuickAddResponse } from '@shared/contracts/menu';
import type { ApiError } from '@shared/contracts/me';

const SIZE = {
  name: 'Size',
  required: true,
  multiple: false,
  choices: [
    { name: 'Small', priceDeltaCents: 0 },
    { name: 'Large', priceDeltaCents: 300 },
  ],
};
const EXTRAS = {
  name: 'Extras',
  required: false,
  multiple: true,
  choices: [
    { name: 'Cheese', priceDeltaCents: 100 },
    { name: 'Guacamole', priceDeltaCents: 150 },
  ],
};

describe('menu categories, options and quick add', () => {
  let t: TestApp;
  let emailCounter = 0;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const newOwner = () => t.signUp({ email: `categories${++emailCounter}@example.com` });

  async function send(cookie: string, method: string, path: string, json?: unknown) {
    return t.request(path, { method, cookie, ...(json === undefined ? {} : { json }) });
  }

  async function createCategory(cookie: string, name: string) {
    const response = await send(cookie, 'POST', '/api/menu-categories', { name });
    expect(response.status).toBe(201);
    return (await response.json()) as MenuCategory;
  }

  async function listCategories(cookie: string) {
    const response = await send(cookie, 'GET', '/api/menu-categories');
    expect(response.status).toBe(200);
    return ((await response.json()) as { categories: MenuCategory[] }).categories;
  }

  async function listItems(cookie: string) {
    const response = await send(cookie, 'GET', '/api/menu-items');
    expect(response.status).toBe(200);
    return ((await response.json()) as { items: MenuItem[] }).items;
  }

  async function expectError(response: Response, status: number, field: string | undefined, message: string) {
    expect(response.status).toBe(status);
    const body = (await response.json()) as ApiError;
    expect(body).toEqual(field ? { error: `${field}: ${message}`, field } : { error: message });
  }

  describe('categories', () => {
    it('need a session', async () => {
      expect((await t.request('/api/menu-categories')).status).toBe(401);
      expect((await t.request('/api/menu-categories', { method: 'POST', json: { name: 'Tacos' } })).status).toBe(401);
    });

    it('are created at the end, renamed, reordered and listed in order', async () => {
      const owner = await newOwner();
      expect(await listCategories(owner.cookie)).toEqual([]);
      const burritos = await createCategory(owner.cookie, '  Burritos ');
      const drinks = await createCategory(owner.cookie, 'Drinks');
      const sides = await createCategory(owner.cookie, 'Sides');
      expect(burritos).toEqual({ id: expect.any(String) as string, name: 'Burritos', position: 0 });
      expect((await listCategories(owner.cookie)).map((c) => c.name)).toEqual(['Burritos', 'Drinks', 'Sides']);

      const renamed = await send(owner.cookie, 'PUT', `/api/menu-categories/${drinks.id}`, { name: 'Cold drinks' });
      expect(renamed.status).toBe(200);
      expect(await renamed.json()).toEqual({ id: drinks.id, name: 'Cold drinks', position: 1 });

      const reordered = await send(owner.cookie, 'PUT', '/api/menu-categories/order', {
        ids: [sides.id, burritos.id, drinks.id],
      });
      expect(reordered.status).toBe(200);
      const { categories } = (await reordered.json()) as { categories: MenuCategory[] };
      expect(categories.map((c) => [c.name, c.position])).toEqual([
        ['Sides', 0],
        ['Burritos', 1],
        ['Cold drinks', 2],
      ]);
      expect(await listCategories(owner.cookie)).toEqual(categories);
    });

    it('refuse a repeated name in any case, a blank one and the reserved “Other”, with the reason', async () => {
      const owner = await newOwner();
      const tacos = await createCategory(owner.cookie, 'Tacos');
      const salads = await createCategory(owner.cookie, 'Salads');
      await expectError(
        await send(owner.cookie, 'POST', '/api/menu-categories', { name: 'TACOS' }),
        409,
        'name',
        'You already have a category called “TACOS”',
      );
      await expectError(
        await send(owner.cookie, 'PUT', `/api/menu-categories/${salads.id}`, { name: ' tacos ' }),
        409,
        'name',
        'You already have a category called “tacos”',
      );
      await expectError(
        await send(owner.cookie, 'POST', '/api/menu-categories', { name: '   ' }),
        400,
        'name',
        'Category name is required',
      );
      await expectError(
        await send(owner.cookie, 'POST', '/api/menu-categories', { name: 'other' }),
        400,
        'name',
        '“Other” is where dishes without a category go; choose another name',
      );
      // Renaming to its own name in another case is fine.
      expect((await send(owner.cookie, 'PUT', `/api/menu-categories/${tacos.id}`, { name: 'TACOS' })).status).toBe(200);
      expect((await listCategories(owner.cookie)).map((c) => c.name)).toEqual(['TACOS', 'Salads']);
    });

    it('a reorder must name every category once, or nothing moves', async () => {
      const owner = await newOwner();
      const a = await createCategory(owner.cookie, 'A');
      const b = await createCategory(owner.cookie, 'B');
      const other = await createCategory((await newOwner()).cookie, 'Elsewhere');
      const message = 'Send every one of your categories once, in the new order';
      for (const ids of [[a.id], [a.id, a.id], [b.id, other.id], [b.id, a.id, other.id]]) {
        await expectError(await send(owner.cookie, 'PUT', '/api/menu-categories/order', { ids }), 400, 'ids', message);
      }
      expect((await listCategories(owner.cookie)).map((c) => c.name)).toEqual(['A', 'B']);
    });

    it('deleting one keeps its dishes, which fall back to no category (“Other”)', async () => {
      const owner = await newOwner();
      const burritos = await createCategory(owner.cookie, 'Burritos');
      const created = await send(owner.cookie, 'POST', '/api/menu-items', {
        name: 'Carnitas Burrito',
        priceCents: 1250,
        categoryId: burritos.id,
      });
      expect(created.status).toBe(201);
      expect(((await created.json()) as MenuItem).categoryId).toBe(burritos.id);

      const deleted = await send(owner.cookie, 'DELETE', `/api/menu-categories/${burritos.id}`);
      expect(deleted.status).toBe(204);
      expect(await listCategories(owner.cookie)).toEqual([]);
      expect(await listItems(owner.cookie)).toEqual([
        expect.objectContaining({ name: 'Carnitas Burrito', categoryId: null }),
      ]);
      expect((await send(owner.cookie, 'DELETE', `/api/menu-categories/${burritos.id}`)).status).toBe(404);
    });

    it('another owner’s category is a 404 for rename and delete, and a 400 on a dish', async () => {
      const ann = await newOwner();
      const bob = await newOwner();
      const annsCategory = await createCategory(ann.cookie, 'Pizzas');

      await expectError(
        await send(bob.cookie, 'PUT', `/api/menu-categories/${annsCategory.id}`, { name: 'Mine now' }),
        404,
        undefined,
        'Category not found',
      );
      await expectError(
        await send(bob.cookie, 'DELETE', `/api/menu-categories/${annsCategory.id}`),
        404,
        undefined,
        'Category not found',
      );
      await expectError(
        await send(bob.cookie, 'POST', '/api/menu-items', {
          name: 'Sneaky',
          priceCents: 100,
          categoryId: annsCategory.id,
        }),
        400,
        'categoryId',
        'Choose one of your categories',
      );
      await expectError(
        await send(bob.cookie, 'PUT', '/api/menu-categories/not-an-id', { name: 'X' }),
        400,
        'id',
        'Not a category id',
      );
      expect(await listCategories(bob.cookie)).toEqual([]);
      expect(await listCategories(ann.cookie)).toEqual([annsCategory]);
      const [row] = await t.db.select().from(menuCategories).where(eq(menuCategories.id, annsCategory.id));
      expect(row?.name).toBe('Pizzas');
    });
  });

  describe('options', () => {
    it('are saved with the dish, listed, and replaced by an edit', async () => {
      const owner = await newOwner();
      const response = await send(owner.cookie, 'POST', '/api/menu-items', {
        name: 'Burrito',
        priceCents: 1000,
        options: [
          { ...SIZE, name: ' Size ', choices: [{ name: ' Small ' }, { name: 'Large', priceDeltaCents: 300 }] },
          EXTRAS,
        ],
      });
      expect(response.status).toBe(201);
      const item = (await response.json()) as MenuItem;
      expect(item.options).toEqual([SIZE, EXTRAS]);
      const [row] = await t.db.select().from(menuItems).where(eq(menuItems.id, item.id));
      expect(row?.options).toEqual([SIZE, EXTRAS]);
      expect(await listItems(owner.cookie)).toEqual([expect.objectContaining({ options: [SIZE, EXTRAS] })]);

      const edited = await send(owner.cookie, 'PUT', `/api/menu-items/${item.id}`, {
        name: 'Burrito',
        priceCents: 1000,
        options: [EXTRAS],
      });
      expect(((await edited.json()) as MenuItem).options).toEqual([EXTRAS]);
      // Marking sold out keeps them.
      const patched = await send(owner.cookie, 'PATCH', `/api/menu-items/${item.id}/availability`, {
        isAvailable: false,
      });
      expect(((await patched.json()) as MenuItem).options).toEqual([EXTRAS]);
    });

    it.each([
      ['options.0.name', [{ ...SIZE, name: ' ' }], 'Option name is required'],
      ['options.0.choices', [{ ...SIZE, choices: [] }], 'Add at least one choice'],
      [
        'options.0.choices.1.name',
        [{ ...SIZE, choices: [{ name: 'Small' }, { name: '' }] }],
        'Choice name is required',
      ],
      [
        'options.0.choices.1.name',
        [{ ...SIZE, choices: [{ name: 'Small' }, { name: ' SMALL' }] }],
        'Each choice needs its own name',
      ],
      ['options.1.name', [SIZE, { ...EXTRAS, name: 'size' }], 'Each option needs its own name'],
      ['options.0.multiple', [{ ...SIZE, multiple: true }], 'A required option takes exactly one choice'],
      [
        'options.0.choices.0.priceDeltaCents',
        [{ ...EXTRAS, choices: [{ name: 'Cheese', priceDeltaCents: 10_001 }] }],
        'Price change must be at most $100.00 either way',
      ],
      [
        'options.0.choices.0.priceDeltaCents',
        [{ ...EXTRAS, choices: [{ name: 'Cheese', priceDeltaCents: 1.5 }] }],
        'Price change can have at most two decimals',
      ],
      [
        'options.0.choices.0.name',
        [{ ...EXTRAS, choices: [{ name: 'x'.repeat(41) }] }],
        'Choice name must be at most 40 characters',
      ],
      [
        'options',
        Array.from({ length: 7 }, (_, i) => ({ ...EXTRAS, name: `Group ${i}` })),
        'Give at most 6 options per dish',
      ],
      [
        'options.0.choices',
        [{ ...EXTRAS, choices: Array.from({ length: 13 }, (_, i) => ({ name: `Choice ${i}` })) }],
        'Give at most 12 choices in one option',
      ],
      [
        'options',
        [{ ...SIZE, choices: [{ name: 'Kids', priceDeltaCents: -600 }] }],
        'The choices cannot bring the price below $0.00',
      ],
    ])('a bad %s is a 400 with the reason, and nothing is saved', async (field, options, message) => {
      const owner = await newOwner();
      await expectError(
        await send(owner.cookie, 'POST', '/api/menu-items', { name: 'Burrito', priceCents: 500, options }),
        400,
        field,
        message,
      );
      expect(await listItems(owner.cookie)).toEqual([]);
    });

    it('accept the limits exactly: 6 options of 12 choices, ±$100.00, a discount down to $0.00', async () => {
      const owner = await newOwner();
      const options = Array.from({ length: 6 }, (_, g) => ({
        name: `Group ${g}`.padEnd(40, '.'),
        required: g === 0,
        multiple: g > 1,
        choices: Array.from({ length: 12 }, (_, c) => ({
          name: `Choice ${c}`,
          priceDeltaCents: g === 0 ? (c === 0 ? -500 : 10_000) : c === 0 ? -0 : 100,
        })),
      }));
      const response = await send(owner.cookie, 'POST', '/api/menu-items', { name: 'Big', priceCents: 500, options });
      expect(response.status).toBe(201);
      expect(((await response.json()) as MenuItem).options).toHaveLength(6);
    });
  });

  describe('quick add', () => {
    async function quickAdd(cookie: string, items: unknown) {
      return send(cookie, 'POST', '/api/menu-items/quick-add', { items });
    }

    it('adds every dish in the order given, with existing and new categories', async () => {
      const owner = await newOwner();
      const burritos = await createCategory(owner.cookie, 'Burritos');
      const response = await quickAdd(owner.cookie, [
        { name: 'Carnitas Burrito', priceCents: 1250, category: 'burritos' },
        { name: 'Horchata', priceCents: 350, category: 'Drinks' },
        { name: 'Chips', priceCents: 0 },
        { name: 'Jamaica', priceCents: 350, category: 'DRINKS' },
      ]);
      expect(response.status).toBe(201);
      const body = (await response.json()) as MenuQuickAddResponse;
      expect(body.categories.map((c) => c.name)).toEqual(['Burritos', 'Drinks']);
      const drinks = body.categories[1]!;
      expect(body.items.map((i) => [i.name, i.priceCents, i.categoryId, i.preparationTime])).toEqual([
        ['Carnitas Burrito', 1250, burritos.id, 15],
        ['Horchata', 350, drinks.id, 15],
        ['Chips', 0, null, 15],
        ['Jamaica', 350, drinks.id, 15],
      ]);
      expect((await listItems(owner.cookie)).map((i) => i.name)).toEqual([
        'Carnitas Burrito',
        'Horchata',
        'Chips',
        'Jamaica',
      ]);
    });

    it('is all or nothing: one bad dish adds none and no category, and every reason is given', async () => {
      const owner = await newOwner();
      await quickAdd(owner.cookie, [{ name: 'Horchata', priceCents: 350 }]);

      const duplicates = await quickAdd(owner.cookie, [
        { name: 'Pollo Burrito', priceCents: 1100, category: 'Burritos' },
        { name: 'horchata', priceCents: 350 },
        { name: 'Pollo burrito', priceCents: 1100 },
      ]);
      await expectError(
        duplicates,
        400,
        'items.1.name',
        'Nothing was added. dish 2: horchata is already on your menu; dish 3: Pollo burrito is already in this list',
      );

      const invalid = await quickAdd(owner.cookie, [
        { name: 'Asada Burrito', priceCents: 1300, category: 'Burritos' },
        { name: 'Nachos' },
        { name: ' ', priceCents: 500 },
      ]);
      expect(invalid.status).toBe(400);
      expect(await invalid.json()).toEqual({
        error: 'Nothing was added. dish 2: Please enter a price; dish 3: Name is required',
        field: 'items.1.priceCents',
      });

      expect((await listItems(owner.cookie)).map((i) => i.name)).toEqual(['Horchata']);
      expect(await listCategories(owner.cookie)).toEqual([]);
    });

    it('refuses an empty list and more than 100 dishes', async () => {
      const owner = await newOwner();
      await expectError(await quickAdd(owner.cookie, []), 400, 'items', 'Paste at least one dish');
      const many = Array.from({ length: 101 }, (_, i) => ({ name: `Dish ${i}`, priceCents: 100 }));
      await expectError(await quickAdd(owner.cookie, many), 400, 'items', 'Add at most 100 dishes at once');
      expect(await listItems(owner.cookie)).toEqual([]);
    });

    it('needs a session and touches only the signed-in owner’s menu', async () => {
      expect((await quickAdd('', [{ name: 'Soup', priceCents: 100 }])).status).toBe(401);
      const ann = await newOwner();
      const bob = await newOwner();
      await createCategory(bob.cookie, 'Soups');
      const response = await quickAdd(ann.cookie, [{ name: 'Soup', priceCents: 100, category: 'Soups' }]);
      expect(response.status).toBe(201);
      const [annsSoups] = await listCategories(ann.cookie);
      const [bobsSoups] = await listCategories(bob.cookie);
      expect(annsSoups?.id).not.toBe(bobsSoups?.id);
      expect(await listItems(bob.cookie)).toEqual([]);
    });
  });
});
