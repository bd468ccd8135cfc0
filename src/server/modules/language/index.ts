import type { MenuItem } from '@shared/contracts/restaurant';
import { LANGUAGE_CODES, type Language } from '@shared/domain/languages';
import { lexiconFor, type MenuLexicon } from '../ordering/lexicon';
import { wordsOf } from '../ordering/text';
import { formsIn, translatePhrase } from './glossary';
import { normalizeDishName } from '../ordering/text';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import type { LanguagePack } from './types';
import { zh } from './zh';

export type { LanguagePack, Replies } from './types';

export const PACKS: Record<Language, LanguagePack> = { en, es, fr, zh };

/** A pack's phrase as it is compared: normalized words for spaced languages, lowercase characters for Chinese. */
export function phraseKey(pack: LanguagePack, phrase: string): string {
  const keys = phraseKeys.get(pack) ?? new Map<string, string>();
  phraseKeys.set(pack, keys);
  let key = keys.get(phrase);
  if (key === undefined) {
    key = pack.spaced ? normalizeDishName(phrase) : phrase.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
    // The packs' own phrases, looked up on every word of every turn: worked out once.
    if (keys.size < 10_000) keys.set(phrase, key);
  }
  return key;
}

const phraseKeys = new WeakMap<LanguagePack, Map<string, string>>();

/**
 * Whether the text (already normalized: words joined by single spaces, or Chinese as written) contains the phrase
 * as whole words. A "*" in a phrase stands for anything in between.
 */
export function containsPhrase(pack: LanguagePack, text: string, phrase: string): boolean {
  const parts = phrase.split('*').map((p) => phraseKey(pack, p));
  if (pack.spaced) {
    const padded = ` ${text} `;
    let from = 0;
    for (const part of parts) {
      const at = padded.indexOf(` ${part} `, from);
      if (at < 0) return false;
      from = at + part.length + 1;
    }
    return true;
  }
  let from = 0;
  for (const part of parts) {
    const at = text.indexOf(part, from);
    if (at < 0) return false;
    from = at + part.length;
  }
  return true;
}

export const containsAny = (pack: LanguagePack, text: string, phrases: readonly string[]) =>
  phrases.some((p) => containsPhrase(pack, text, p));

// prettier-ignore
const MARKERS: Record<Exclude<Language, 'zh'>, string[]> = {
  en: ['welcome', 'thanks', 'thank', 'calling', 'how', 'can', 'help', 'you', 'today', 'hello', 'hi', 'the', 'what', 'for', 'may', 'i', 'order', 'get', 'your', 'would', 'like', 'call', 'this', 'is'],
  es: ['bienvenido', 'bienvenidos', 'bienvenida', 'gracias', 'por', 'llamar', 'como', 'puedo', 'ayudar', 'ayudarle', 'hoy', 'hola', 'en', 'al', 'su', 'usted', 'pedido', 'buenos', 'dias', 'tardes', 'le', 'servirle', 'quiere', 'desea', 'esta', 'es', 'habla', 'del'],
  fr: ['bienvenue', 'merci', 'd', 'avoir', 'appele', 'comment', 'puis', 'je', 'vous', 'aider', 'aujourd', 'hui', 'bonjour', 'chez', 'votre', 'nous', 'est', 'bonsoir', 'commande', 'souhaitez', 'desirez', 'c', 'ici', 'le', 'la', 'du'],
};

/**
 * The language a short text (a greeting) is written in, or null when it cannot tell: Chinese by its characters,
 * the others by their most common words.
 */
export function detectLanguage(text: string): Language | null {
  const han = [...text].filter((c) => /\p{Script=Han}/u.test(c)).length;
  const letters = [...text].filter((c) => /\p{L}/u.test(c)).length;
  if (han > 0 && han * 3 >= letters) return 'zh';
  const words = normalizeDishName(text).split(' ');
  const scores = (Object.keys(MARKERS) as (keyof typeof MARKERS)[]).map((code) => ({
    code,
    score: words.filter((w) => MARKERS[code].includes(w)).length,
  }));
  scores.sort((a, b) => b.score - a.score);
  const [first, second] = scores;
  if (!first || first.score === 0 || first.score === second?.score) return null;
  return first.code;
}

/**
 * The lexicon of a restaurant's menu in one language, with that language's words for it: brand names, number words,
 * the glossary's translations. The built-in assistant and the phone tools read dishes and choices through it.
 */
export function menuLexicon(restaurantId: string, menu: readonly MenuItem[], language: Language): MenuLexicon {
  const pack = PACKS[language];
  return lexiconFor(restaurantId, menu, language, {
    synonyms: pack.ordering.synonyms,
    links: pack.ordering.links,
    numbers: pack.numbers,
    translate: (words) =>
      LANGUAGE_CODES.filter((from) => from !== language)
        .map((from) => translatePhrase(words, from, language))
        .filter((t): t is string => t !== null)
        .map((t) => wordsOf(t)),
    wordForms: (word) => formsIn(word, language),
  });
}
