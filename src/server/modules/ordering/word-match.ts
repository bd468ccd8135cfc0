import damerauLevenshtein from 'damerau-levenshtein';
import { doubleMetaphone } from 'double-metaphone';
import snowball from 'snowball-stemmers';
import type { Language } from '@shared/domain/languages';
import { HAN } from './text';

/**
 * When one spoken word is the same as a word of the menu: the same letters, the same stem (plurals, gender: "olives"
 * is "olive", "pequeño" is "pequeña"), or a near-spelling ("pespi", "peperoni", "moxarella"): a letter or two off for
 * a longer word, or one off and sounding alike. A near-spelling is unsure: the order is flagged for review.
 */

const STEMMERS: Partial<Record<Language, ReturnType<typeof snowball.newStemmer>>> = {
  en: snowball.newStemmer('english'),
  es: snowball.newStemmer('spanish'),
  fr: snowball.newStemmer('french'),
};

export function stemOf(word: string, language: Language): string {
  const stemmer = STEMMERS[language];
  if (!stemmer || HAN.test(word) || /^\d+$/.test(word)) return word;
  return stemmer.stem(word);
}

/** "burgers", "gâteaux", "tomatoes": a plain plural, whatever the stemmer makes of it. */
const pluralOf = (plural: string, singular: string) =>
  singular.length >= 3 && [`${singular}s`, `${singular}es`, `${singular}x`].includes(plural);

/** How many letters a word of this length may be off: none for short words, where one letter makes another word. */
export const typoAllowance = (length: number) => (length < 5 ? 0 : length < 9 ? 1 : 2);

/** Restricted Damerau-Levenshtein distance: a swapped pair of letters is one edit ("pespi" → "pepsi"). */
export function editDistance(a: string, b: string): number {
  return damerauLevenshtein(a, b).steps;
}

/** The words one edit (a deleted letter) away, for the deletion index: finds candidates in one look-up per key. */
export function deletions(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < word.length; i++) out.push(word.slice(0, i) + word.slice(i + 1));
  return out;
}

/**
 * How a word sounds, for sound-alikes: English by its primary Double Metaphone key ("halapeno", "jalapeno"); Spanish
 * by the letters that sound the same in Latin America ("quesadiya", "quesadilla"; "cebiche", "ceviche"); French
 * without its silent endings ("artichaux", "artichauts").
 */
export function soundKey(word: string, language: Language): string | null {
  if (word.length < 4 || !/^[a-z]+$/.test(word)) return null;
  if (language === 'en') return doubleMetaphone(word)[0] || null;
  if (language === 'es') {
    return word
      .replace(/ll/g, 'y')
      .replace(/rr/g, 'r')
      .replace(/v/g, 'b')
      .replace(/z/g, 's')
      .replace(/c([ei])/g, 's$1')
      .replace(/qu/g, 'k')
      .replace(/c/g, 'k')
      .replace(/h/g, '')
      .replace(/(es|s)$/, '');
  }
  if (language === 'fr') {
    // Silent endings and the spellings of one sound: "artichaux" sounds like "artichauts".
    return word
      .replace(/eau/g, 'o')
      .replace(/au/g, 'o')
      .replace(/ph/g, 'f')
      .replace(/qu/g, 'k')
      .replace(/(.)\1/g, '$1')
      .replace(/[sxtd]+$/, '')
      .replace(/e$/, '');
  }
  return null;
}

/**
 * The cost of taking `said` as the menu word `known`: 0 the same word, 0.1 the same stem, 1 a near-spelling, or null
 * when they are different words.
 */
export function wordCost(said: string, known: string, language: Language): number | null {
  if (said === known) return 0;
  if (HAN.test(said) || HAN.test(known) || /\d/.test(said) || /\d/.test(known)) return null;
  if (stemOf(said, language) === stemOf(known, language) || pluralOf(said, known) || pluralOf(known, said)) return 0.1;
  const shorter = Math.min(said.length, known.length);
  const distance = editDistance(said, known);
  // A letter left out of a longer word ("smal", "medum") counts against the word meant, not the one typed.
  if (distance <= typoAllowance(said.length >= 4 ? known.length : shorter)) return 1;
  // Two letters swapped in a short word ("coek", "ahm") are still that word.
  if (
    distance === 1 &&
    shorter >= 4 &&
    said.length === known.length &&
    [...said].sort().join('') === [...known].sort().join('')
  )
    return 1;
  const sound = soundKey(said, language);
  // Sounding alike, a long word may be a letter further off: "quesadiyas" is Quesadilla.
  if (
    sound &&
    distance <= (shorter >= 8 ? 3 : 2) &&
    shorter >= 5 &&
    sound === soundKey(known, language) &&
    said[0] === known[0]
  )
    return 1;
  return null;
}
