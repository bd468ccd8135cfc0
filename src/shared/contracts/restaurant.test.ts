import { describe, expect, it } from 'vitest';
import { botPreferencesSchema, menuItemFormSchema, menuItemSchema, restaurantInfoSchema } from './restaurant';
import { SINGLE_LINE_MESSAGE } from './text';

const firstMessage = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)[0];

describe('menu item price in cents (the API)', () => {
  it.each([0, 1, 1250, 999_999])('accepts %i cents', (priceCents) => {
    expect(menuItemSchema.parse({ name: 'Soup', priceCents }).priceCents).toBe(priceCents);
  });

  it('refuses a missing or null price rather than saving $0.00', () => {
    expect(firstMessage(menuItemSchema.safeParse({ name: 'Soup' }))).toBe('priceCents: Please enter a price');
    expect(firstMessage(menuItemSchema.safeParse({ name: 'Soup', priceCents: null }))).toBe(
      'priceCents: Please enter a price',
    );
  });

  it.each([
    [-1, 'Price cannot be negative'],
    [1_000_000, 'Price must be under $10,000'],
    [12.5, 'Price can have at most two decimals'],
    ['1250', 'Price must be a number'],
  ])('refuses %j: %s', (priceCents, message) => {
    expect(firstMessage(menuItemSchema.safeParse({ name: 'Soup', priceCents }))).toBe(`priceCents: ${message}`);
  });
});

describe('menu item form (dollars as typed)', () => {
  const form = (price: string) =>
    menuItemFormSchema.safeParse({ name: ' Soup ', description: '', price, preparationTime: null });

  it.each([
    ['12.50', 1250],
    ['12.5', 1250],
    ['$12.50', 1250],
    ['12', 1200],
    ['9999.99', 999_999],
    ['0', 0],
  ])('%j becomes a request body with %i cents', (price, priceCents) => {
    const result = form(price);
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      name: 'Soup',
      aliases: [],
      description: null,
      priceCents,
      preparationTime: 15,
      categoryId: null,
      options: [],
    });
    // The body is what the API takes, unchanged.
    expect(menuItemSchema.parse(result.data)).toEqual(result.data);
  });

  it.each([
    ['-1', 'Price cannot be negative'],
    ['-0.5', 'Price cannot be negative'],
    ['10000', 'Price must be under $10,000'],
    ['10000.00', 'Price must be under $10,000'],
    ['12345678901234', 'Price must be under $10,000'],
    ['1.005', 'Price can have at most two decimals'],
    ['12.345', 'Price can have at most two decimals'],
    ['twelve', 'Price must be a number'],
    ['12,50', 'Price must be a number'],
    ['', 'Please enter a price'],
    ['   ', 'Please enter a price'],
  ])('refuses %j next to the price field: %s', (price, message) => {
    expect(firstMessage(form(price))).toBe(`price: ${message}`);
  });
});

describe('menu item other names', () => {
  const form = (aliases: string) =>
    menuItemFormSchema.safeParse({ name: 'Burrito', description: '', price: '9', preparationTime: null, aliases });

  it.each([
    ['', []],
    [' , ,', []],
    ['pollo burrito, 鸡肉卷', ['pollo burrito', '鸡肉卷']],
    ['鸡肉卷，鸡肉饼、 burrito', ['鸡肉卷', '鸡肉饼', 'burrito']],
    ['Pollo, pollo , POLLO', ['Pollo']],
  ])('the box %j becomes %j', (aliases, expected) => {
    const result = form(aliases);
    expect(result.data?.aliases).toEqual(expected);
    if (result.data) expect(menuItemSchema.parse(result.data)).toEqual(result.data);
  });

  it('refuses more than 10 names or a name over 60 characters, next to the box', () => {
    expect(firstMessage(form(Array.from({ length: 11 }, (_, i) => `n${i}`).join(',')))).toBe(
      'aliases: Give at most 10 other names',
    );
    expect(firstMessage(form(`ok, ${'z'.repeat(61)}`))).toBe('aliases: Each other name must be at most 60 characters');
  });

  it('the API takes a list, and a missing or null list is empty', () => {
    expect(menuItemSchema.parse({ name: 'Soup', priceCents: 500 }).aliases).toEqual([]);
    expect(menuItemSchema.parse({ name: 'Soup', priceCents: 500, aliases: null }).aliases).toEqual([]);
    expect(menuItemSchema.parse({ name: 'Soup', priceCents: 500, aliases: [' sopa ', ''] }).aliases).toEqual(['sopa']);
  });
});

describe('menu item options in the form', () => {
  const SIZE = { name: 'Size', required: true, multiple: false };
  const form = (options: unknown, price = '10') =>
    menuItemFormSchema.safeParse({ name: 'Burrito', price, preparationTime: null, options });

  it('turns typed price changes into cents: empty is no change, a minus takes money off', () => {
    const result = form([
      {
        ...SIZE,
        choices: [
          { name: ' Small ', priceChange: '' },
          { name: 'Large', priceChange: '+3' },
          { name: 'Kids', priceChange: '-1.50' },
        ],
      },
    ]);
    expect(result.data?.options).toEqual([
      {
        ...SIZE,
        choices: [
          { name: 'Small', priceDeltaCents: 0 },
          { name: 'Large', priceDeltaCents: 300 },
          { name: 'Kids', priceDeltaCents: -150 },
        ],
      },
    ]);
    if (result.data) expect(menuItemSchema.parse(result.data)).toEqual(result.data);
  });

  it.each([
    [
      [{ ...SIZE, choices: [{ name: 'Large', priceChange: 'three' }] }],
      'options.0.choices.0.priceChange',
      'Price change must be an amount like 3.00 or -1.00',
    ],
    [
      [{ ...SIZE, choices: [{ name: 'Large', priceChange: '100.01' }] }],
      'options.0.choices.0.priceChange',
      'Price change must be at most $100.00 either way',
    ],
    [
      [{ ...SIZE, choices: [{ name: 'Large', priceChange: '1.005' }] }],
      'options.0.choices.0.priceChange',
      'Price change can have at most two decimals',
    ],
    [
      [{ ...SIZE, name: ' ', choices: [{ name: 'Large', priceChange: '' }] }],
      'options.0.name',
      'Option name is required',
    ],
    [[{ ...SIZE, choices: [] }], 'options.0.choices', 'Add at least one choice'],
    [
      [{ ...SIZE, choices: [{ name: 'Kids', priceChange: '-11' }] }],
      'options',
      'The choices cannot bring the price below $0.00',
    ],
  ])('refuses %j next to the field', (options, field, message) => {
    expect(firstMessage(form(options))).toBe(`${field}: ${message}`);
  });
});

describe('one line or several', () => {
  const info = {
    restaurantName: 'Plain Noodles',
    phoneNumber: '(555) 010-0100',
    address: '1 Main St',
    timezone: 'UTC',
  };

  it.each([
    ['the name of a dish', () => menuItemSchema.safeParse({ name: 'Pad\tThai', priceCents: 500 }), 'name'],
    [
      'another name of a dish',
      () => menuItemSchema.safeParse({ name: 'Soup', priceCents: 500, aliases: ['so\nupa'] }),
      'aliases',
    ],
    [
      'an option',
      () =>
        menuItemSchema.safeParse({
          name: 'Soup',
          priceCents: 500,
          options: [{ name: 'Si\nze', choices: [{ name: 'Small' }] }],
        }),
      'options.0.name',
    ],
    [
      'the restaurant name',
      () => restaurantInfoSchema.safeParse({ ...info, restaurantName: 'Plain\nNoodles' }),
      'restaurantName',
    ],
    [
      'the restaurant phone',
      () => restaurantInfoSchema.safeParse({ ...info, phoneNumber: '555\t010 0100' }),
      'phoneNumber',
    ],
  ])('%s is one line: a tab or line break inside is refused', (_what, parse, field) => {
    expect(firstMessage(parse())).toBe(`${field}: ${SINGLE_LINE_MESSAGE}`);
  });

  it('keeps the line breaks of a description, an address, a greeting and a busy message', () => {
    const item = menuItemSchema.parse({ name: ' Soup\n', priceCents: 500, description: 'Hot.\n\tWith bread.' });
    expect(item).toMatchObject({ name: 'Soup', description: 'Hot.\n\tWith bread.' });
    expect(restaurantInfoSchema.parse({ ...info, address: '1 Main St\nSuite 2' }).address).toBe('1 Main St\nSuite 2');
    const bot = botPreferencesSchema.parse({
      language: 'en',
      greetingMessage: 'Hi!\nWelcome.',
      busyMessage: 'Busy.\r\nSorry.',
    });
    expect(bot).toMatchObject({ greetingMessage: 'Hi!\nWelcome.', busyMessage: 'Busy.\r\nSorry.' });
  });
});
