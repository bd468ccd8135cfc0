import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/test-app';
import { menuItems } from '../../db/schema';
import type { MenuItem } from '@shared/contracts/restaurant';
import type { ApiError } from '@shared/contracts/me';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('menu items', () => {
  let t: TestApp;
  let emailCounter = 0;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const newOwner = () => t.signUp({ email: `menu${++emailCounter}@example.com` });

  async function createItem(cookie: string, json: unknown) {
    const response = await t.request('/api/menu-items', { method: 'POST', cookie, json });
    expect(response.status).toBe(201);
    return (await response.json()) as MenuItem;
  }

  async function listItems(cookie: string) {
    const response = await t.request('/api/menu-items', { cookie });
    expect(response.status).toBe(200);
    return ((await response.json()) as { items: MenuItem[] }).items;
  }

  async function readItemRow(id: string) {
    const [row] = await t.db.select().from(menuItems).where(eq(menuItems.id, id));
    return row;
  }

  /** The price as the database holds it, numeric dollars as text. */
  async function readStoredPrice(id: string) {
    // Both drivers answer raw SQL with { rows }; drizzle types it loosely across them.
    const result: unknown = await t.db.execute(sql`select price::text as price from menu_items where id = ${id}`);
    return (result as { rows: { price: string }[] }).rows[0]?.price;
  }

  async function countOwnerRows(userId: string) {
    return (await t.db.select({ id: menuItems.id }).from(menuItems).where(eq(menuItems.restaurantId, userId))).length;
  }

  async function expectBadRequest(response: Response, field: string, message?: string) {
    expect(response.status).toBe(400);
    const body = (await response.json()) as ApiError;
    expect(body.field).toBe(field);
    expect(body.error.startsWith(`${field}: `)).toBe(true);
    if (message) expect(body.error).toBe(`${field}: ${message}`);
  }

  it('refuses a request with no session', async () => {
    expect((await t.request('/api/menu-items')).status).toBe(401);
    expect((await t.request('/api/menu-items', { method: 'POST', json: { name: 'Soup' } })).status).toBe(401);
  });

  it('a dish without a price is a 400 with the reason, never saved at $0.00; a missing prep time is 15 minutes', async () => {
    const owner = await newOwner();
    for (const json of [{ name: 'Garlic bread' }, { name: 'Olives', priceCents: null, preparationTime: 10 }]) {
      await expectBadRequest(
        await t.request('/api/menu-items', { method: 'POST', cookie: owner.cookie, json }),
        'priceCents',
        'Please enter a price',
      );
    }
    expect(await countOwnerRows(owner.userId)).toBe(0);

    const item = await createItem(owner.cookie, { name: 'Garlic bread', priceCents: 650 });
    expect(item).toEqual({
      id: expect.stringMatching(UUID) as string,
      name: 'Garlic bread',
      aliases: [],
      description: null,
      priceCents: 650,
      preparationTime: 15,
      isAvailable: true,
      categoryId: null,
      options: [],
    });
    expect(await readItemRow(item.id)).toMatchObject({
      restaurantId: owner.userId,
      priceCents: 650,
      preparationTime: 15,
      description: null,
    });
    const nulls = await createItem(owner.cookie, {
      name: 'Olives',
      priceCents: 400,
      preparationTime: null,
      description: '',
    });
    expect(nulls).toMatchObject({ priceCents: 400, preparationTime: 15, description: null });

    // An edit must keep a price too: leaving it out is refused and the dish keeps its own.
    for (const json of [{ name: 'Garlic bread' }, { name: 'Garlic bread', priceCents: null }]) {
      await expectBadRequest(
        await t.request(`/api/menu-items/${item.id}`, { method: 'PUT', cookie: owner.cookie, json }),
        'priceCents',
        'Please enter a price',
      );
    }
    expect(await readItemRow(item.id)).toMatchObject({ priceCents: 650 });
  });

  it('creating with every field keeps them, price in integer cents', async () => {
    const owner = await newOwner();
    const item = await createItem(owner.cookie, {
      name: '  Margherita ',
      description: 'Tomato, mozzarella, basil',
      priceCents: 1299,
      preparationTime: 20,
    });
    expect(item).toMatchObject({
      name: 'Margherita',
      description: 'Tomato, mozzarella, basil',
      priceCents: 1299,
      preparationTime: 20,
    });
    expect(await readItemRow(item.id)).toMatchObject({ priceCents: 1299, preparationTime: 20 });
    // The column is still numeric(10, 2) dollars.
    expect(await readStoredPrice(item.id)).toBe('12.99');
  });

  let rejectedOwner: { cookie: string; userId: string } | undefined;
  it.each([
    ['priceCents', { name: 'Soup', priceCents: -1 }, 'Price cannot be negative'],
    ['priceCents', { name: 'Soup', priceCents: 100.5 }, 'Price can have at most two decimals'],
    ['priceCents', { name: 'Soup', priceCents: 1_000_000 }, 'Price must be under $10,000'],
    ['priceCents', { name: 'Soup', priceCents: '450' }, 'Price must be a number'],
    ['preparationTime', { name: 'Soup', priceCents: 300, preparationTime: 1.5 }, 'Prep time must be whole minutes'],
    ['preparationTime', { name: 'Soup', priceCents: 300, preparationTime: 0 }, 'Prep time must be at least 1 minute'],
    ['name', { priceCents: 300 }, undefined],
    ['name', { name: '   ', priceCents: 300 }, 'Name is required'],
  ] as const)('a bad %s is a 400 naming it, and nothing is written', async (field, json, message) => {
    const owner = (rejectedOwner ??= await newOwner());
    await expectBadRequest(
      await t.request('/api/menu-items', { method: 'POST', cookie: owner.cookie, json }),
      field,
      message,
    );
    expect(await countOwnerRows(owner.userId)).toBe(0);
  });

  it('accepts a price of exactly 0 and a prep time of 1 minute', async () => {
    const owner = await newOwner();
    const item = await createItem(owner.cookie, { name: 'Water', priceCents: 0, preparationTime: 1 });
    expect(item).toMatchObject({ priceCents: 0, preparationTime: 1 });
  });

  it('accepts a price just under $10,000 and stores it exactly', async () => {
    const owner = await newOwner();
    const item = await createItem(owner.cookie, { name: 'Banquet', priceCents: 999_999 });
    expect(item).toMatchObject({ priceCents: 999_999 });
    expect(await readStoredPrice(item.id)).toBe('9999.99');
    expect(await listItems(owner.cookie)).toEqual([expect.objectContaining({ priceCents: 999_999 })]);
  });

  it('each owner lists only their own items, oldest first', async () => {
    const ann = await newOwner();
    const bob = await newOwner();
    await createItem(ann.cookie, { name: 'Calzone', priceCents: 1100 });
    await createItem(bob.cookie, { name: 'Pad Thai', priceCents: 1350 });
    await createItem(ann.cookie, { name: 'Tiramisu', priceCents: 625 });

    expect((await listItems(ann.cookie)).map((i) => i.name)).toEqual(['Calzone', 'Tiramisu']);
    expect(await listItems(bob.cookie)).toEqual([expect.objectContaining({ name: 'Pad Thai', priceCents: 1350 })]);
    expect(await listItems((await newOwner()).cookie)).toEqual([]);
  });

  it('the owner can edit an item and switch its availability', async () => {
    const owner = await newOwner();
    const item = await createItem(owner.cookie, { name: 'Lasagne', priceCents: 1400, preparationTime: 25 });

    const put = await t.request(`/api/menu-items/${item.id}`, {
      method: 'PUT',
      cookie: owner.cookie,
      json: { name: 'Lasagne al forno', description: 'Baked', priceCents: 1550, preparationTime: 30 },
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({
      id: item.id,
      name: 'Lasagne al forno',
      aliases: [],
      description: 'Baked',
      priceCents: 1550,
      preparationTime: 30,
      isAvailable: true,
      categoryId: null,
      options: [],
    });

    const patch = await t.request(`/api/menu-items/${item.id}/availability`, {
      method: 'PATCH',
      cookie: owner.cookie,
      json: { isAvailable: false },
    });
    expect(patch.status).toBe(200);
    expect(await patch.json()).toMatchObject({
      id: item.id,
      isAvailable: false,
      name: 'Lasagne al forno',
      priceCents: 1550,
    });
    expect(await readItemRow(item.id)).toMatchObject({ isAvailable: false, priceCents: 1550, preparationTime: 30 });

    // Saving without a prep time applies the same default as creating.
    const resave = await t.request(`/api/menu-items/${item.id}`, {
      method: 'PUT',
      cookie: owner.cookie,
      json: { name: 'Lasagne', priceCents: 1500 },
    });
    expect(resave.status).toBe(200);
    expect(await resave.json()).toMatchObject({
      priceCents: 1500,
      preparationTime: 15,
      description: null,
      isAvailable: false,
    });
  });

  describe('other names (aliases)', () => {
    it('are saved trimmed, without blanks or repeats, in any language, and listed with the item', async () => {
      const owner = await newOwner();
      const item = await createItem(owner.cookie, {
        name: 'Chicken Burrito',
        priceCents: 1100,
        aliases: ['  pollo burrito ', '', '   ', '鸡肉卷', 'Pollo Burrito', 'burrito au poulet'],
      });
      expect(item.aliases).toEqual(['pollo burrito', '鸡肉卷', 'burrito au poulet']);
      expect((await readItemRow(item.id))?.aliases).toEqual(['pollo burrito', '鸡肉卷', 'burrito au poulet']);
      expect(await listItems(owner.cookie)).toEqual([
        expect.objectContaining({ id: item.id, aliases: ['pollo burrito', '鸡肉卷', 'burrito au poulet'] }),
      ]);
    });

    it('left out or null, an item has none', async () => {
      const owner = await newOwner();
      expect((await createItem(owner.cookie, { name: 'Nachos', priceCents: 800 })).aliases).toEqual([]);
      expect((await createItem(owner.cookie, { name: 'Salsa', priceCents: 300, aliases: null })).aliases).toEqual([]);
      const stored = await t.db.select().from(menuItems).where(eq(menuItems.restaurantId, owner.userId));
      expect(stored.map((row) => row.aliases)).toEqual([[], []]);
    });

    it('an edit replaces the list, and marking sold out keeps it', async () => {
      const owner = await newOwner();
      const item = await createItem(owner.cookie, { name: 'Pho', priceCents: 1300, aliases: ['phở', 'noodle soup'] });

      const put = await t.request(`/api/menu-items/${item.id}`, {
        method: 'PUT',
        cookie: owner.cookie,
        json: { name: 'Pho', priceCents: 1300, aliases: ['牛肉粉', 'soupe pho'] },
      });
      expect(put.status).toBe(200);
      expect(((await put.json()) as MenuItem).aliases).toEqual(['牛肉粉', 'soupe pho']);

      const patch = await t.request(`/api/menu-items/${item.id}/availability`, {
        method: 'PATCH',
        cookie: owner.cookie,
        json: { isAvailable: false },
      });
      expect(((await patch.json()) as MenuItem).aliases).toEqual(['牛肉粉', 'soupe pho']);
      expect((await readItemRow(item.id))?.aliases).toEqual(['牛肉粉', 'soupe pho']);

      const cleared = await t.request(`/api/menu-items/${item.id}`, {
        method: 'PUT',
        cookie: owner.cookie,
        json: { name: 'Pho', priceCents: 1300, aliases: [] },
      });
      expect(((await cleared.json()) as MenuItem).aliases).toEqual([]);
      expect((await readItemRow(item.id))?.aliases).toEqual([]);
    });

    it('accepts exactly 10 names of exactly 60 characters', async () => {
      const owner = await newOwner();
      const names = Array.from({ length: 10 }, (_, i) => `${i}`.padEnd(60, 'x'));
      expect((await createItem(owner.cookie, { name: 'Combo', priceCents: 2000, aliases: names })).aliases).toEqual(
        names,
      );
    });

    it.each([
      [Array.from({ length: 11 }, (_, i) => `name ${i}`), 'Give at most 10 other names'],
      [['fine', 'y'.repeat(61)], 'Each other name must be at most 60 characters'],
      ['pollo burrito', 'Other names must be a list of names'],
      [[42], 'Other names must be text'],
    ])('refuses %j with a 400 naming aliases, and writes nothing', async (aliases, message) => {
      const owner = await newOwner();
      const response = await t.request('/api/menu-items', {
        method: 'POST',
        cookie: owner.cookie,
        json: { name: 'Soup', priceCents: 500, aliases },
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as ApiError;
      expect(body.field?.startsWith('aliases')).toBe(true);
      expect(body.error).toBe(`${body.field}: ${message}`);
      expect(await countOwnerRows(owner.userId)).toBe(0);
    });

    it('a refused edit leaves the names as they were', async () => {
      const owner = await newOwner();
      const item = await createItem(owner.cookie, { name: 'Tacos', priceCents: 900, aliases: ['taquitos'] });
      await expectBadRequest(
        await t.request(`/api/menu-items/${item.id}`, {
          method: 'PUT',
          cookie: owner.cookie,
          json: { name: 'Tacos', priceCents: 900, aliases: Array.from({ length: 12 }, (_, i) => `t${i}`) },
        }),
        'aliases',
        'Give at most 10 other names',
      );
      expect((await readItemRow(item.id))?.aliases).toEqual(['taquitos']);
    });
  });

  it('a bad edit is a 400 and leaves the item as it was', async () => {
    const owner = await newOwner();
    const item = await createItem(owner.cookie, { name: 'Risotto', priceCents: 1600, preparationTime: 22 });
    const before = await readItemRow(item.id);

    await expectBadRequest(
      await t.request(`/api/menu-items/${item.id}`, {
        method: 'PUT',
        cookie: owner.cookie,
        json: { name: 'Risotto', priceCents: -300 },
      }),
      'priceCents',
    );
    await expectBadRequest(
      await t.request(`/api/menu-items/${item.id}/availability`, {
        method: 'PATCH',
        cookie: owner.cookie,
        json: { isAvailable: 'no' },
      }),
      'isAvailable',
    );
    expect(await readItemRow(item.id)).toEqual(before);
  });

  it('another owner’s item id is a 404 for edit, availability and delete, and the item is unchanged', async () => {
    const ann = await newOwner();
    const mallory = await newOwner();
    const item = await createItem(ann.cookie, {
      name: 'Carbonara',
      description: 'Guanciale',
      priceCents: 1300,
      preparationTime: 18,
    });
    const before = await readItemRow(item.id);

    const put = await t.request(`/api/menu-items/${item.id}`, {
      method: 'PUT',
      cookie: mallory.cookie,
      json: { name: 'Hijacked', priceCents: 1, preparationTime: 1 },
    });
    expect(put.status).toBe(404);
    expect(((await put.json()) as ApiError).error).toBe('Menu item not found');

    const patch = await t.request(`/api/menu-items/${item.id}/availability`, {
      method: 'PATCH',
      cookie: mallory.cookie,
      json: { isAvailable: false },
    });
    expect(patch.status).toBe(404);

    const del = await t.request(`/api/menu-items/${item.id}`, { method: 'DELETE', cookie: mallory.cookie });
    expect(del.status).toBe(404);

    expect(await readItemRow(item.id)).toEqual(before);
    expect(await listItems(ann.cookie)).toEqual([item]);
    expect(await listItems(mallory.cookie)).toEqual([]);
  });

  it('an id that does not exist is a 404', async () => {
    const owner = await newOwner();
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await t.request(`/api/menu-items/${missing}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(
      404,
    );
    const put = await t.request(`/api/menu-items/${missing}`, {
      method: 'PUT',
      cookie: owner.cookie,
      json: { name: 'Ghost', priceCents: 100 },
    });
    expect(put.status).toBe(404);
    expect(await countOwnerRows(owner.userId)).toBe(0);
  });

  it('a malformed id is a 400 naming id', async () => {
    const owner = await newOwner();
    await expectBadRequest(
      await t.request('/api/menu-items/not-a-uuid', { method: 'PUT', cookie: owner.cookie, json: { name: 'X' } }),
      'id',
      'Not a menu item id',
    );
    await expectBadRequest(
      await t.request('/api/menu-items/123/availability', {
        method: 'PATCH',
        cookie: owner.cookie,
        json: { isAvailable: true },
      }),
      'id',
    );
    await expectBadRequest(
      await t.request("/api/menu-items/1'%20or%201=1", { method: 'DELETE', cookie: owner.cookie }),
      'id',
    );
  });

  it('deleting an own item is a 204, after which it is gone', async () => {
    const owner = await newOwner();
    const keep = await createItem(owner.cookie, { name: 'Focaccia', priceCents: 500 });
    const drop = await createItem(owner.cookie, { name: 'Bruschetta', priceCents: 700 });

    const response = await t.request(`/api/menu-items/${drop.id}`, { method: 'DELETE', cookie: owner.cookie });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');

    expect(await readItemRow(drop.id)).toBeUndefined();
    expect((await listItems(owner.cookie)).map((i) => i.id)).toEqual([keep.id]);
    expect((await t.request(`/api/menu-items/${drop.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(
      404,
    );
  });
});
