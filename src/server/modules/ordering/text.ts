/**
 * How the words a caller says, and the names on a menu, are compared: case, accents, apostrophes and punctuation do
 * not matter, and a number written against a word is a word of its own ("7up" is "7 up", "2liter" is "2 liter").
 */

/** 'Crème Brûlée!' → 'creme brulee'. */
export function normalizeDishName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The normalized words of a name or phrase: an English contraction joins ("lover's" → 'lovers', "don't" → 'dont'),
 * an elision does not ("d'oignons" → 'd oignons'), and a digit run stands apart from the letters beside it.
 */
export function wordsOf(text: string): string[] {
  // English contractions join ("don't", "lover's"); French and Italian elisions do not ("d'oignons", "l'eau").
  const normalized = normalizeDishName(text.replace(/(\p{L}{2,})['’‘`´](?=(s|t|d|ll|re|ve|m)\b)/giu, '$1'))
    .replace(/(\p{N})(?=\p{L})/gu, '$1 ')
    .replace(/(\p{L})(?=\p{N})/gu, '$1 ');
  return normalized ? normalized.split(' ') : [];
}

export const HAN = /\p{Script=Han}/u;
