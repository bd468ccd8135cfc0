import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import { SINGLE_LINE_MESSAGE } from '@shared/contracts/text';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { botPreferences, menuItems, orders, restaurantProfiles } from '../db/schema';
import { CONTROL_CHARACTER_MESSAGE } from './validate';

const SECRET_TEXT = 'Ann Customer 555-0142';

/** Text is text: no string input may carry a NUL or another control character, and nothing of it reaches the log. */
describe('control characters in text', () => {
  let t: TestApp;
  let owner: { cookie: string; userId: string };
  const log: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ logDestination: { write: (line: string) => void log.push(line) } });
    owner = await t.signUp({ email: 'text-owner@example.com', name: 'Text Owner' });
    const restaurant = await t.request('/api/restaurant', {
      method: 'PUT',
      cookie: owner.cookie,
      json: { restaurantName: 'Plain Noodles', phoneNumber: '(555) 010-0100', address: '1 Main St', timezone: 'UTC' },
    });
    expect(restaurant.status).toBe(200);
  });
  afterAll(() => t.close());

  async function rows<T>(query: SQL): Promise<T[]> {
    const result: unknown = await t.db.execute(query);
    return (result as { rows: T[] }).rows;
  }

  /**
   * One md5 per table of schema public: equal before and after means nothing was written. rate_limit is left out:
   * the auth rate limiter counts every attempt, refused ones included.
   */
  async function snapshot() {
    const tables = await rows<{ name: string }>(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'rate_limit'`,
    );
    const query = tables
      .map(
        ({ name }) =>
          `select '${name}' as name, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as sum from "${name}" x`,
      )
      .join(' union all ');
    const sums = await rows<{ name: string; sum: string }>(sql.raw(query));
    return Object.fromEntries(sums.map((r) => [r.name, r.sum]));
  }

  const cases: { what: string; method: string; path: string; json: unknown; field: string; error?: string }[] = [
    {
      what: 'a menu item name',
      method: 'POST',
      path: '/api/menu-items',
      json: { name: `Pad\u0000Thai ${SECRET_TEXT}`, priceCents: 1200 },
      field: 'name',
    },
    {
      what: 'a dish pasted in a quick add',
      method: 'POST',
      path: '/api/menu-items/quick-add',
      json: { items: [{ name: `Rolls\u0000 ${SECRET_TEXT}`, priceCents: 500 }] },
      field: 'items.0.name',
      // A quick add names every bad dish, in its own words.
      error: `Nothing was added. dish 1: ${CONTROL_CHARACTER_MESSAGE}`,
    },
    {
      what: 'the restaurant name',
      method: 'PUT',
      path: '/api/restaurant',
      json: {
        restaurantName: `Evil\u0000 ${SECRET_TEXT}`,
        phoneNumber: '(555) 010-0100',
        address: '1 Main St',
        timezone: 'UTC',
      },
      field: 'restaurantName',
    },
    {
      what: "the assistant's greeting",
      method: 'PUT',
      path: '/api/restaurant/bot',
      json: { language: 'en', greetingMessage: `Hello\u0000 ${SECRET_TEXT}`, busyMessage: 'Busy now' },
      field: 'greetingMessage',
    },
    {
      what: "a test order's text",
      method: 'POST',
      path: '/api/orders/test',
      json: { isCustomOrder: true, customOrderText: `Two rolls\u0000 ${SECRET_TEXT}` },
      field: 'customOrderText',
    },
    {
      what: "the owner's name (update-user)",
      method: 'POST',
      path: '/api/auth/update-user',
      json: { name: `Owner\u0000 ${SECRET_TEXT}` },
      field: 'name',
    },
    {
      what: 'the name at sign-up',
      method: 'POST',
      path: '/api/auth/sign-up/email',
      json: { name: `New\u0000 ${SECRET_TEXT}`, email: 'nul-signup@example.com', password: 'secret123' },
      field: 'name',
    },
    {
      what: 'an escape sequence in a menu category name',
      method: 'POST',
      path: '/api/menu-categories',
      json: { name: `\u001b[31mRed ${SECRET_TEXT}` },
      field: 'name',
    },
  ];

  it.each(cases)('refuses a control character in $what with 400 and a reason, storing nothing', async (c) => {
    const before = await snapshot();
    const response = await t.request(c.path, { method: c.method, cookie: owner.cookie, json: c.json });
    expect(response.status).toBe(400);
    const error = c.error ?? `${c.field}: ${CONTROL_CHARACTER_MESSAGE}`;
    expect(await response.json()).toEqual({ error, field: c.field });
    expect(await snapshot()).toEqual(before);
  });

  const RESTAURANT = {
    restaurantName: 'Plain Noodles',
    phoneNumber: '(555) 010-0100',
    address: '1 Main St',
    timezone: 'UTC',
  };
  const BOT = { language: 'en', greetingMessage: 'Hello!', busyMessage: 'Busy now' };

  /** Fields of one line (an <input> in the browser's forms): a tab or line break inside is a mistake. */
  const singleLine: { what: string; method: string; path: string; json: unknown; field: string }[] = [
    { what: "a dish's name", method: 'POST', path: '/api/menu-items', json: { name: 'Pad\tThai' }, field: 'name' },
    {
      what: "an option's name",
      method: 'POST',
      path: '/api/menu-items',
      json: { name: 'Pad Thai', priceCents: 1200, options: [{ name: 'Spice\nlevel', choices: [{ name: 'Mild' }] }] },
      field: 'options.0.name',
    },
    {
      what: "a category's name",
      method: 'POST',
      path: '/api/menu-categories',
      json: { name: 'Soups\r\nand stews' },
      field: 'name',
    },
    {
      what: 'the restaurant name',
      method: 'PUT',
      path: '/api/restaurant',
      json: { ...RESTAURANT, restaurantName: 'Plain\nNoodles' },
      field: 'restaurantName',
    },
    {
      what: 'the restaurant phone',
      method: 'PUT',
      path: '/api/restaurant',
      json: { ...RESTAURANT, phoneNumber: '(555)\t010-0100' },
      field: 'phoneNumber',
    },
  ];

  it.each(singleLine)('refuses a line break or tab inside $what with 400 and a reason, storing nothing', async (c) => {
    const before = await snapshot();
    const response = await t.request(c.path, { method: c.method, cookie: owner.cookie, json: c.json });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: `${c.field}: ${SINGLE_LINE_MESSAGE}`, field: c.field });
    expect(await snapshot()).toEqual(before);
  });

  /** The browser's limits, field by field, as the server holds them. */
  const tooLong: { what: string; method: string; path: string; json: unknown; field: string; error: string }[] = [
    {
      what: "a dish's name",
      method: 'POST',
      path: '/api/menu-items',
      json: { name: 'N'.repeat(121) },
      field: 'name',
      error: 'Name must be at most 120 characters',
    },
    {
      what: "a dish's description",
      method: 'POST',
      path: '/api/menu-items',
      json: { name: 'Pad Thai', description: 'D'.repeat(501) },
      field: 'description',
      error: 'Description must be at most 500 characters',
    },
    {
      what: "a category's name",
      method: 'POST',
      path: '/api/menu-categories',
      json: { name: 'C'.repeat(61) },
      field: 'name',
      error: 'Category name must be at most 60 characters',
    },
    {
      what: 'the address',
      method: 'PUT',
      path: '/api/restaurant',
      json: { ...RESTAURANT, address: 'A'.repeat(301) },
      field: 'address',
      error: 'Address must be at most 300 characters',
    },
    {
      what: "the assistant's greeting",
      method: 'PUT',
      path: '/api/restaurant/bot',
      json: { ...BOT, greetingMessage: 'G'.repeat(501) },
      field: 'greetingMessage',
      error: 'Greeting must be at most 500 characters',
    },
    {
      what: "a test order's text",
      method: 'POST',
      path: '/api/orders/test',
      json: { isCustomOrder: true, customOrderText: 'T'.repeat(501) },
      field: 'customOrderText',
      error: 'Custom order text must be at most 500 characters',
    },
  ];

  it.each(tooLong)('refuses $what over its limit with 400 naming the field, storing nothing', async (c) => {
    const before = await snapshot();
    const response = await t.request(c.path, { method: c.method, cookie: owner.cookie, json: c.json });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: `${c.field}: ${c.error}`, field: c.field });
    expect(await snapshot()).toEqual(before);
  });

  it('keeps tabs and newlines in multi-line fields, trimmed at their ends', async () => {
    const send = async (method: string, path: string, json: unknown) => {
      const response = await t.request(path, { method, cookie: owner.cookie, json });
      expect(response.status, `${path}: ${await response.clone().text()}`).toBeLessThan(300);
      return (await response.json()) as { id: string; order: { id: string } };
    };
    const { order } = await send('POST', '/api/orders/test', {
      isCustomOrder: true,
      customOrderText: 'Two spring rolls\nno sauce,\tplease\n',
    });
    const dish = await send('POST', '/api/menu-items', {
      name: ' Pad Thai\n',
      priceCents: 1200,
      description: 'Rice noodles,\n\ttamarind',
    });
    await send('PUT', '/api/restaurant', { ...RESTAURANT, address: '1 Main St\r\nSuite 2' });
    await send('PUT', '/api/restaurant/bot', { ...BOT, greetingMessage: 'Hello!\nWelcome to Plain Noodles.' });

    const [storedOrder] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(storedOrder!.customOrderText).toBe('Two spring rolls\nno sauce,\tplease');
    const [storedDish] = await t.db.select().from(menuItems).where(eq(menuItems.id, dish.id));
    expect(storedDish).toMatchObject({ name: 'Pad Thai', description: 'Rice noodles,\n\ttamarind' });
    const [profile] = await t.db.select().from(restaurantProfiles).where(eq(restaurantProfiles.id, owner.userId));
    expect(profile!.address).toBe('1 Main St\r\nSuite 2');
    const [bot] = await t.db.select().from(botPreferences).where(eq(botPreferences.restaurantId, owner.userId));
    expect(bot!.greetingMessage).toBe('Hello!\nWelcome to Plain Noodles.');
  });

  it('answers malformed JSON with 400, on app routes and on the auth routes', async () => {
    for (const path of ['/api/menu-items', '/api/auth/update-user', '/api/auth/sign-in/email']) {
      const before = await snapshot();
      const response = await t.request(path, {
        method: 'POST',
        cookie: owner.cookie,
        headers: { 'content-type': 'application/json' },
        body: '{"name": "Pad',
      });
      expect(response.status, path).toBe(400);
      expect(((await response.json()) as { error: string }).error, path).toBeTruthy();
      expect(await snapshot()).toEqual(before);
    }
  });

  it('never writes the refused text, SQL or its parameters to the log', () => {
    const text = log.join('');
    expect(text).not.toContain('Ann Customer');
    expect(text).not.toContain('555-0142');
    expect(text).not.toMatch(/Failed query|params:/);
  });

  it('logs a failed statement without its parameters', async () => {
    const error: unknown = await t.db
      .insert(menuItems)
      .values({ restaurantId: owner.userId, name: `Bad\u0000 ${SECRET_TEXT}`, priceCents: 100 })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(String(error)).toContain(SECRET_TEXT); // the error itself holds the parameters...
    const lines = log.length;
    t.logger.error({ err: error }, 'unhandled error');
    const logged = log.slice(lines).join('');
    const { err } = JSON.parse(logged) as { err: { message: string; code?: string } };
    // ...the log keeps the statement and the database's reason, not the values.
    expect(err.message).toContain('insert into "menu_items"');
    expect(err.message).toMatch(/invalid byte sequence|0x00/);
    expect(err.code).toBe('22021');
    expect(logged).not.toContain('Ann Customer');
    expect(logged).not.toContain('params:');
  });
});
