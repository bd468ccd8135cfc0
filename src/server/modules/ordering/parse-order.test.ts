import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@shared/contracts/restaurant';
import { menuLexicon, PACKS } from '../language';
import { lexiconFor, MenuLexicon } from './lexicon';
import { parseOrder } from './parse-order';
import { readChoice, readLineName } from './read-line';
import { wordCost } from './word-match';

const group = (name: string, required: boolean, multiple: boolean, choices: string[]) => ({
  name,
  required,
  multiple,
  choices: choices.map((c) => ({ name: c, priceDeltaCents: 0 })),
});
const dish = (id: string, name: string, options: MenuItem['options'] = [], aliases: string[] = []): MenuItem => ({
  id,
  name,
  aliases,
  description: null,
  priceCents: 1000,
  preparationTime: 10,
  isAvailable: true,
  categoryId: null,
  options,
});

const SIZE = group('Size', true, false, ['Small', 'Large']);
const MENU = [
  dish('pizza', 'Pizza', [SIZE, group('Toppings', false, true, ['Peppers', 'Olives', 'Ham'])]),
  dish('coke', 'Coke', [SIZE]),
  dish('dr-pepper', 'Dr Pepper', [SIZE]),
];
const read = (text: string) => parseOrder(text, PACKS.en, menuLexicon('parser-test', MENU, 'en'));
const brief = (text: string) =>
  read(text).items.map((i) => [i.quantity, i.dishIds.join('|'), i.options.map((o) => o.choice), i.exclusions]);

describe('words', () => {
  it('takes plurals and stems as the same word, near-spellings as unsure, other words as different', () => {
    expect(wordCost('olives', 'olives', 'en')).toBe(0);
    expect(wordCost('olive', 'olives', 'en')).toBe(0.1);
    expect(wordCost('pespi', 'pepsi', 'en')).toBe(1);
    expect(wordCost('coek', 'coke', 'en')).toBe(1);
    expect(wordCost('cake', 'coke', 'en')).toBeNull();
    expect(wordCost('ham', 'jam', 'en')).toBeNull();
  });

  it('takes a long word that sounds the same as unsure, a letter further off than a spelling alone allows', () => {
    expect(wordCost('quesadiyas', 'quesadilla', 'es')).toBe(1);
    expect(wordCost('artichaux', 'artichauts', 'fr')).toBe(1);
    expect(wordCost('oignons', 'olives', 'fr')).toBeNull();
  });
});

describe('the menu lexicon', () => {
  it('reads a short word with a doubled letter typed once as the name, and a number alone as no choice', () => {
    const lexicon = menuLexicon(
      'lexicon-test',
      [...MENU, dish('wings', 'Wings', [group('Pieces', true, false, ['6 Pieces'])])],
      'en',
    );
    expect(lexicon.matchAt(['smal'], 0)?.readings).toEqual([expect.objectContaining({ choice: 'Small' })]);
    expect(lexicon.matchAt(['6'], 0)).toBeNull();
  });

  it('is built once per menu version: the same menu read again is the same lexicon, a changed one is new', () => {
    const first = lexiconFor('cache-test', MENU, 'en');
    expect(lexiconFor('cache-test', structuredClone(MENU), 'en')).toBe(first);
    const renamed = MENU.map((m) => (m.id === 'coke' ? { ...m, aliases: ['cola'] } : m));
    expect(lexiconFor('cache-test', renamed, 'en')).not.toBe(first);
  });

  it('keeps a name the menu gives over the same word reached through a synonym', () => {
    const lexicon = new MenuLexicon(
      [dish('pizza', 'Pizza', [group('Size', true, false, ['Personal', 'Small'])])],
      'en',
      { synonyms: [['small', 'personal']] },
    );
    const personal = lexicon.matchAt(['personal'], 0)!;
    expect(personal.readings.map((r) => (r.kind === 'choice' ? r.choice : r.id))).toEqual(['Personal']);
  });
});

describe('reading an order item by item', () => {
  it('gives each item its own quantity and options, wherever they are said', () => {
    expect(brief('four of the small ham pizzas')).toEqual([[4, 'pizza', ['Small', 'Ham'], []]]);
    expect(brief('three cokes and one small coke')).toEqual([
      [3, 'coke', [], []],
      [1, 'coke', ['Small'], []],
    ]);
  });

  it('reads a word as the choice of the dish it is said with, and as a dish elsewhere', () => {
    expect(brief('a large pizza with peppers and a dr pepper')).toEqual([
      [1, 'pizza', ['Large', 'Peppers'], []],
      [1, 'dr-pepper', [], []],
    ]);
  });

  it('takes off what follows a negation, up to the end of its phrase', () => {
    expect(brief('a small pizza without any olives or ham')).toEqual([[1, 'pizza', ['Small'], ['olives', 'ham']]]);
  });

  it('finds the dish of a phrase that names only options, from the phrase after it', () => {
    expect(brief('a large ham and a small olive pizza')).toEqual([
      [1, 'pizza', ['Large', 'Ham'], []],
      [1, 'pizza', ['Small', 'Olives'], []],
    ]);
  });

  it('applies a correction to the item before it', () => {
    expect(brief('a small coke, actually make that a large')).toEqual([[1, 'coke', ['Large'], []]]);
  });

  it('leaves two choices of one group unchosen, to be asked', () => {
    const [item] = read('a small pizza with ham large').items;
    expect(item!.options).toEqual([{ group: 'Toppings', choice: 'Ham' }]);
    expect(item!.conflicts).toEqual(['Size']);
  });
});

describe('a line as a language model writes it', () => {
  const lexicon = () => menuLexicon('parser-test', MENU, 'en');
  it('reads a size inside the name and a choice under another group name', () => {
    expect(readLineName('Large Pizzas', PACKS.en, lexicon())).toEqual({
      dishId: 'pizza',
      options: [{ group: 'Size', choice: 'Large' }],
      unsure: [],
    });
    expect(readChoice(lexicon(), MENU[0]!, 'OLIVES', 'topping')).toEqual({
      choice: { group: 'Toppings', choice: 'Olives' },
      unsure: false,
    });
    expect(readChoice(lexicon(), MENU[0]!, 'extra ham')).toEqual({
      choice: { group: 'Toppings', choice: 'Ham' },
      unsure: true,
    });
    expect(readChoice(lexicon(), MENU[0]!, 'anchovies')).toBeNull();
  });
});
