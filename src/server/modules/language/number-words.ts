/**
 * Every cardinal number a caller is likely to say as a quantity, written out by n2words in each spaced language:
 * one to one hundred and the round hundreds ("twenty-one", "veintidós", "soixante et onze", "deux cents"). A pack adds
 * only what a counting library does not know: articles ("a", "una"), gendered forms ("veintiuna", "doscientas") and
 * phrases ("a couple of", "media docena"). Chinese numerals are read by their own grammar (ordering/numbers.ts).
 */
import { toCardinal as englishCardinal } from 'n2words/en-US';
import { toCardinal as spanishCardinal } from 'n2words/es-US';
import { toCardinal as frenchCardinal } from 'n2words/fr-FR';

type Cardinal = (value: number) => string;

const QUANTITIES = [
  ...Array.from({ length: 100 }, (_, i) => i + 1),
  ...Array.from({ length: 8 }, (_, i) => (i + 2) * 100),
];

function cardinals(cardinal: Cardinal): Record<string, number> {
  return Object.fromEntries(QUANTITIES.map((n) => [cardinal(n), n]));
}

export const ENGLISH_CARDINALS = cardinals(englishCardinal);
export const SPANISH_CARDINALS = cardinals(spanishCardinal);
export const FRENCH_CARDINALS = cardinals(frenchCardinal);
