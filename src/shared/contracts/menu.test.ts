import { describe, expect, it } from 'vitest';
import { groupMenu, readQuickAddLines, type MenuCategory } from './menu';
import { CONTROL_CHARACTER_MESSAGE, SINGLE_LINE_MESSAGE } from './text';
import { lowestUnitPrice, nameWithOptions } from '../domain/menu-options';

describe('reading pasted menu lines', () => {
  it('reads name and price, an optional category before a colon, and skips blank lines', () => {
    const lines = readQuickAddLines(
      'Carnitas Burrito, 12.50\n\n  Burritos: Pollo Burrito, $11  \nChips, salsa, 4.50\nBanquet, 1,234.50\nTacos al pastor 3.75\nDrinks:\tCoke\t2.50',
    );
    expect(lines.map((l) => (l.ok ? [l.line, l.name, l.priceCents, l.category] : [l.line, l.error]))).toEqual([
      [1, 'Carnitas Burrito', 1250, null],
      [3, 'Pollo Burrito', 1100, 'Burritos'],
      [4, 'Chips, salsa', 450, null],
      [5, 'Banquet', 123_450, null],
      [6, 'Tacos al pastor', 375, null],
      [7, 'Coke', 250, 'Drinks'],
    ]);
  });

  it('gives each bad line its reason: no price is never $0.00', () => {
    const lines = readQuickAddLines('Horchata\nSoup, free\nBig, 10000\nTiny, 1.005\n, 3\nNegative, -2\nWater, 0', {
      existingNames: ['Soup'],
    });
    expect(lines.map((l) => (l.ok ? `${l.name} ${l.priceCents}` : `${l.line}: ${l.error}`))).toEqual([
      '1: Please enter a price',
      '2: Price must be a number',
      '3: Price must be under $10,000',
      '4: Price can have at most two decimals',
      '5: Name is required',
      '6: Price cannot be negative',
      'Water 0',
    ]);
  });

  it('refuses a tab left inside a name, or a control character, as the server would', () => {
    const lines = readQuickAddLines('Chips\tsalsa\t4.50\nRolls\u0000, 3');
    expect(lines.map((l) => (l.ok ? l.name : l.error))).toEqual([SINGLE_LINE_MESSAGE, CONTROL_CHARACTER_MESSAGE]);
  });

  it('refuses a dish already on the menu or twice in the list, in any case', () => {
    const lines = readQuickAddLines('soup, 5\nTacos, 3\nTACOS, 4', { existingNames: ['Soup'] });
    expect(lines.map((l) => (l.ok ? l.name : l.error))).toEqual([
      'soup is already on your menu',
      'Tacos',
      'TACOS is already in this list',
    ]);
  });

  it('puts lines without a category in the chosen one; “Other:” means none', () => {
    const lines = readQuickAddLines('Chips, 2\nOther: Salsa, 1\nDrinks: Coke, 2', { defaultCategory: 'Sides' });
    expect(lines.map((l) => l.ok && l.category)).toEqual(['Sides', null, 'Drinks']);
  });
});

describe('grouping a menu by category', () => {
  const categories: MenuCategory[] = [
    { id: 'b', name: 'Drinks', position: 1 },
    { id: 'a', name: 'Burritos', position: 0 },
    { id: 'c', name: 'Desserts', position: 2 },
  ];
  const items = [
    { name: 'Coke', categoryId: 'b' },
    { name: 'Chips', categoryId: null },
    { name: 'Carnitas', categoryId: 'a' },
    { name: 'Lost', categoryId: 'gone' },
  ];

  it('lists categories in their order, then “Other” for dishes without a known one', () => {
    expect(groupMenu(categories, items).map((s) => [s.category?.name ?? 'Other', s.items.map((i) => i.name)])).toEqual([
      ['Burritos', ['Carnitas']],
      ['Drinks', ['Coke']],
      ['Other', ['Chips', 'Lost']],
    ]);
  });

  it('keeps empty categories when asked, and has no “Other” without such dishes', () => {
    expect(groupMenu(categories, items.slice(0, 1), { keepEmpty: true }).map((s) => s.category?.name)).toEqual([
      'Burritos',
      'Drinks',
      'Desserts',
    ]);
  });
});

describe('option prices', () => {
  const size = (required: boolean, deltas: number[], multiple = false) => ({
    name: 'Size',
    required,
    multiple,
    choices: deltas.map((priceDeltaCents, i) => ({ name: `C${i}`, priceDeltaCents })),
  });

  it('the lowest price takes the cheapest required choice and every discount that can be chosen', () => {
    expect(lowestUnitPrice(1000, [])).toBe(1000);
    expect(lowestUnitPrice(1000, [size(true, [200, 300])])).toBe(1200);
    expect(lowestUnitPrice(1000, [size(false, [200, -100])])).toBe(900);
    expect(lowestUnitPrice(1000, [size(false, [-100, -200, 50], true)])).toBe(700);
  });

  it('names a line with its options as the kitchen reads them', () => {
    expect(nameWithOptions('Burrito', [])).toBe('Burrito');
    expect(nameWithOptions('Burrito', [{ choice: 'Large' }, { choice: 'Cheese' }])).toBe('Burrito (Large, Cheese)');
  });
});
