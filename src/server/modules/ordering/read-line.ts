import type { MenuItem } from '@shared/contracts/restaurant';
import type { ChoiceReading, MenuLexicon } from './lexicon';
import { parseOrder, type ChosenChoice, type OrderWords } from './parse-order';
import { wordsOf } from './text';

/**
 * One line of an order as a language model writes it into place_order ("Large Pepperoni Pizza", options "large" or
 * {group: "Sizes", choice: "lg"}), read with the same lexicon as the built-in assistant reads a caller.
 */

/** The dish a line's name means, with the choices said inside the name ("Large Pizza"); null when none is clear. */
export function readLineName(
  name: string,
  words: OrderWords,
  lexicon: MenuLexicon,
): { dishId: string; options: ChosenChoice[]; unsure: string[] } | { candidates: string[] } | null {
  const parsed = parseOrder(name, words, lexicon);
  const items = parsed.items.filter((i) => i.dishIds.length > 0);
  if (items.length !== 1) return null;
  const [item] = items as [(typeof items)[number]];
  if (item.dishIds.length > 1) return { candidates: item.dishIds };
  return { dishId: item.dishIds[0]!, options: item.options, unsure: item.unsure };
}

/** Words around a choice's name that add nothing to it. */
const LINKING = new Set([
  'a',
  'an',
  'the',
  'of',
  'with',
  'please',
  'some',
  'add',
  'one',
  'de',
  'con',
  'avec',
  'un',
  'une',
  'una',
]);

const sameName = (a: string, b: string) => {
  const key = (text: string) =>
    wordsOf(text)
      .map((w) => w.replace(/(es|s)$/, ''))
      .join(' ');
  return key(a) === key(b) || key(a).includes(key(b)) || key(b).includes(key(a));
};

/**
 * The dish's choice an option names: the choice's name or any way of saying it, in the group named when that is one
 * of the dish's (forgivingly: "Sizes" is Size), else in whichever group has it. Null when no single choice fits.
 */
export function readChoice(
  lexicon: MenuLexicon,
  dish: MenuItem,
  said: string,
  groupSaid: string | null = null,
): { choice: ChosenChoice; unsure: boolean } | null {
  const words = wordsOf(said);
  const found: { reading: ChoiceReading; cost: number }[] = [];
  /** Words of the option that name nothing ("extra" in "extra cheese"): the choice is then a guess. */
  let uncovered = false;
  for (let i = 0; i < words.length;) {
    const match = lexicon.matchAt(words, i);
    if (!match) {
      if (!LINKING.has(words[i]!)) uncovered = true;
      i++;
      continue;
    }
    for (const r of match.readings) {
      if (r.kind === 'choice' && r.dishIds.has(dish.id)) found.push({ reading: r, cost: match.cost });
    }
    i += match.length;
  }
  const inGroup = groupSaid ? found.filter((f) => sameName(f.reading.group, groupSaid)) : [];
  const pool = inGroup.length > 0 ? inGroup : found;
  const whole = pool.filter((f) => !f.reading.partial);
  const best = whole.length > 0 ? whole : pool;
  const distinct = [...new Map(best.map((f) => [`${f.reading.group}\u0000${f.reading.choice}`, f])).values()];
  if (distinct.length !== 1) return null;
  const [{ reading, cost }] = distinct as [(typeof distinct)[number]];
  return { choice: { group: reading.group, choice: reading.choice }, unsure: cost >= 1 || uncovered };
}
