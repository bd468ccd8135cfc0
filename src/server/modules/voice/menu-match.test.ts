import { describe, expect, it } from 'vitest';
import { editDistance, matchDish, matchOption, normalizeDishName } from './menu-match';

const menu = ['Margherita Pizza', 'Pepperoni Pizza', 'Carnitas Burrito', 'Crème Brûlée', 'Taco', 'Fish Tacos'].map(
  (name) => ({ value: name, names: [name] }),
);

describe('normalizeDishName', () => {
  it('drops case, accents and punctuation', () => {
    expect(normalizeDishName('  Crème Brûlée!! ')).toBe('creme brulee');
    expect(normalizeDishName("Chef's Special — No. 5")).toBe('chef s special no 5');
  });
});

describe('editDistance', () => {
  it('counts single-character edits and stops early past the limit', () => {
    expect(editDistance('margarita', 'margherita')).toBe(2);
    expect(editDistance('burito', 'burrito')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('abc', 'xyzxyz', 1)).toBe(2);
  });
});

describe('matchDish', () => {
  it.each([
    ['margherita pizza', 'Margherita Pizza'],
    ['MARGHERITA PIZZAS', 'Margherita Pizza'],
    ['creme brulee', 'Crème Brûlée'],
    ['carnitas burritos', 'Carnitas Burrito'],
    ['pepperoni', 'Pepperoni Pizza'],
  ])('%s is %s, confidently', (spoken, expected) => {
    expect(matchDish(spoken, menu)).toEqual({ kind: 'match', value: expected, isConfident: true });
  });

  it('accepts a small typo, but says it is unsure', () => {
    expect(matchDish('margarita pizza', menu)).toEqual({
      kind: 'match',
      value: 'Margherita Pizza',
      isConfident: false,
    });
    expect(matchDish('carnitas burito', menu)).toEqual({
      kind: 'match',
      value: 'Carnitas Burrito',
      isConfident: false,
    });
  });

  it('does not guess between two equally good dishes', () => {
    const result = matchDish('pizza', menu);
    expect(result.kind).toBe('none');
    expect(result.kind === 'none' && result.closest.slice(0, 2).sort()).toEqual([
      'Margherita Pizza',
      'Pepperoni Pizza',
    ]);
  });

  it('takes no typo allowance on short names, and offers the closest dishes for an unknown one', () => {
    expect(matchDish('tako', menu).kind).toBe('none');
    expect(matchDish('tacos', menu)).toEqual({ kind: 'match', value: 'Taco', isConfident: true });
    const unknown = matchDish('sushi platter', menu);
    expect(unknown.kind).toBe('none');
    expect(unknown.kind === 'none' && unknown.closest).toHaveLength(3);
  });

  it('matches another name a dish answers to', () => {
    const withAlias = [{ value: 'Horchata', names: ['Horchata', 'rice milk drink'] }];
    expect(matchDish('rice milk drinks', withAlias)).toEqual({ kind: 'match', value: 'Horchata', isConfident: true });
  });
});

describe('matchOption', () => {
  const choices = ['Small', 'Large', 'Cheese', 'Sour Cream'].map((name) => ({ value: name, names: [name] }));

  it('matches like a dish: case, plurals and a small typo', () => {
    expect(matchOption('LARGE', choices)).toEqual({ kind: 'match', value: 'Large', isConfident: true });
    expect(matchOption('larg', choices)).toMatchObject({ kind: 'match', value: 'Large' });
  });

  it('finds the one choice named among other words, as an unsure match', () => {
    expect(matchOption('extra cheese', choices)).toEqual({ kind: 'match', value: 'Cheese', isConfident: false });
    expect(matchOption('add some sour cream please', choices)).toMatchObject({ kind: 'match', value: 'Sour Cream' });
  });

  it('matches nothing for a choice the dish does not have, or two at once', () => {
    expect(matchOption('medium', choices).kind).toBe('none');
    expect(matchOption('small and large', choices).kind).toBe('none');
  });
});
