import type { Language } from '@shared/domain/languages';
import type { MenuItem } from '@shared/contracts/restaurant';
import { HAN, wordsOf } from './text';
import { deletions, soundKey, stemOf, typoAllowance, wordCost } from './word-match';

/**
 * Everything on one menu a caller can name, built once per menu version and language: dish names and other names,
 * every option choice of every dish, the brand names callers use for them ("coca cola" for Coke), and the words of
 * each name alone ("margherita" for Margherita Pizza). A spoken word finds its menu words through keys (the word,
 * its stem, its deletions, its sound), so reading a turn costs about one look-up per word, whatever the menu's size.
 */

/** A choice of an option group, as named on the menu, with the dishes that offer it. */
export interface ChoiceReading {
  kind: 'choice';
  group: string;
  choice: string;
  dishIds: ReadonlySet<string>;
  /** One choice of the group at a time (a size): a second one said is another item, or a correction. */
  single: boolean;
  /** Said without some of its words ("thin" for Thin Crust): weaker than the whole name. */
  partial: boolean;
}

export interface DishReading {
  kind: 'dish';
  id: string;
  /** Said with only some of its name's words ("pepper" for Dr Pepper): weaker than the whole name. */
  partial: boolean;
}

export type Reading = DishReading | ChoiceReading;

interface Term {
  words: readonly string[];
  readings: Reading[];
  /** Readings named by the menu itself, not through a synonym: where there are any, they are the only ones. */
  direct: Set<Reading>;
}

/** A run of spoken words that names something on the menu. */
export interface TermMatch {
  start: number;
  /** Words taken. */
  length: number;
  /** 0 exact; a stem adds 0.1, a near-spelling 1, per word. */
  cost: number;
  readings: Reading[];
}

/** Words to say the same drink or dish by, per language: a menu name that is one of them answers to all of them. */
export type SynonymGroups = readonly (readonly string[])[];

export interface LexiconWords {
  synonyms?: SynonymGroups;
  /** A menu name's words said in the call's language (a glossary's translations), each as words. */
  translate?: (words: readonly string[]) => string[][];
  /** The language's number words ("two": 2), so a name with a digit can be said with the word. */
  numbers?: Readonly<Record<string, number>>;
  /** Every way the call's language says one word of a name ("chicken" → "pollo"): each names the dish in part. */
  wordForms?: (word: string) => string[];
  /** Words that join a dish's two words the other way round: "burrito de pollo", "burger au poulet". */
  links?: readonly string[];
}

/** Words that never name a dish alone ("the", "de", "size"): a name's other words are its partial names. */
const WEAK_WORD = /^(a|an|the|of|de|del|la|le|el|les|los|las|du|des|au|aux|and|y|et|with|con|avec|size|order|s|d)$/;

export class MenuLexicon {
  readonly language: Language;
  readonly dishes: ReadonlyMap<string, MenuItem>;
  private readonly terms = new Map<string, Term>();
  /** First word of a term → the terms starting with it. */
  private readonly byFirstWord = new Map<string, Term[]>();
  /** Look-up key (word, stem, deletion, sound) → menu words. */
  private readonly keys = new Map<string, Set<string>>();
  /** Spoken word → the menu words it can be, with their cost: each word is worked out once. */
  private readonly seen = new Map<string, ReadonlyMap<string, number>>();
  /** The longest term, in words (Chinese: characters). */
  readonly longest: number;
  /** Chinese menu words, for segmenting Chinese text. */
  readonly hanWords = new Set<string>();

  constructor(menu: readonly MenuItem[], language: Language, words: LexiconWords = {}) {
    const { synonyms = [], translate, links = [], wordForms, numbers = {} } = words;
    /** "2 liter" is also "two liter": a name's digits said as words. */
    const numberWords = new Map<string, string[]>();
    const digitOf = new Map<string, string>();
    for (const [word, value] of Object.entries(numbers)) {
      const said = wordsOf(word);
      if (said.length !== 1 || said[0]!.length < 3) continue;
      numberWords.set(String(value), [...(numberWords.get(String(value)) ?? []), said[0]!]);
      if (value > 1) digitOf.set(said[0]!, String(value));
    }
    this.language = language;
    this.dishes = new Map(menu.map((m) => [m.id, m]));
    const synonymOf = new Map<string, string[][]>();
    for (const group of synonyms) {
      const forms = group.map((w) => wordsOf(w)).filter((w) => w.length > 0);
      for (const form of forms) synonymOf.set(form.join(' '), forms);
    }
    const withSynonyms = (words: string[]): string[][] => {
      const out = [words];
      const digit = words.findIndex((w) => numberWords.has(w));
      for (const word of digit >= 0 ? numberWords.get(words[digit]!)! : []) {
        out.push([...words.slice(0, digit), word, ...words.slice(digit + 1)]);
      }
      // "Quatre Fromages" said "4 fromages".
      const numeral = words.findIndex((w) => digitOf.has(w));
      if (numeral >= 0)
        out.push([...words.slice(0, numeral), digitOf.get(words[numeral]!)!, ...words.slice(numeral + 1)]);
      // "Ice Tea" typed "icetea", "Ginger Ale" "gingerale".
      if (words.length === 2 && !words.some((w) => HAN.test(w) || /\d/.test(w))) out.push([words.join('')]);
      // A synonym anywhere in the name: "Diet Coke" is also "diet coca cola", "Coke Zero" "coca cola zero".
      for (let i = 0; i < words.length; i++) {
        for (let length = 1; i + length <= words.length && length <= 3; length++) {
          for (const form of synonymOf.get(words.slice(i, i + length).join(' ')) ?? []) {
            out.push([...words.slice(0, i), ...form, ...words.slice(i + length)]);
          }
        }
      }
      return out;
    };

    const choices = new Map<string, ChoiceReading>();
    for (const dish of menu) {
      for (const name of [dish.name, ...dish.aliases]) {
        const words = wordsOf(name);
        if (words.length === 0) continue;
        for (const form of withSynonyms(words))
          this.add(form, { kind: 'dish', id: dish.id, partial: false }, form !== words);
        for (const part of partsOf(words)) this.add(part, { kind: 'dish', id: dish.id, partial: true });
        // Said in the call's language: "pollo burrito", and for two words the other order, "burrito de pollo".
        for (const translated of translate?.(words) ?? []) {
          const orders = [translated];
          if (translated.length === 2) {
            const [a, b] = translated as [string, string];
            orders.push([b, a], ...links.map((link) => [b, ...wordsOf(link), a]));
          }
          for (const form of orders) this.add(form, { kind: 'dish', id: dish.id, partial: false }, true);
          for (const part of partsOf(translated)) this.add(part, { kind: 'dish', id: dish.id, partial: true }, true);
        }
        // A Chinese name is one word: its shorter runs name it in part (饺子 for 猪肉饺子), and so do their other forms.
        const hanParts =
          words.length === 1 && HAN.test(words[0]!) && words[0]!.length > 2 ? substringsOf(words[0]!) : [];
        for (const part of hanParts) this.add([part], { kind: 'dish', id: dish.id, partial: true }, true);
        for (const word of [...words, ...hanParts]) {
          for (const form of (wordForms?.(word) ?? []).filter((f) => !HAN.test(f) || f.length >= 2)) {
            const formWords = wordsOf(form);
            if (formWords.length > 0 && formWords.join(' ') !== word) {
              this.add(formWords, { kind: 'dish', id: dish.id, partial: words.length > 1 }, true);
            }
          }
        }
      }
      for (const group of dish.options) {
        const groupWords = new Set(wordsOf(group.name));
        for (const choice of group.choices) {
          const key = `${wordsOf(group.name).join(' ')}\u0000${wordsOf(choice.name).join(' ')}`;
          let reading = choices.get(key);
          if (!reading) {
            const whole: ChoiceReading = {
              kind: 'choice',
              group: group.name,
              choice: choice.name,
              dishIds: new Set(),
              single: group.required || !group.multiple,
              partial: false,
            };
            const part: ChoiceReading = { ...whole, partial: true, dishIds: whole.dishIds };
            choices.set(key, whole);
            const words = wordsOf(choice.name);
            for (const form of withSynonyms(words)) this.add(form, whole, form !== words);
            // "large size", "thin crust" for Large in Size and Thin in Crust.
            if (groupWords.size > 0 && !words.some((w) => groupWords.has(w))) {
              for (const form of withSynonyms(words))
                this.add([...form, ...wordsOf(group.name)], whole, form !== words);
            }
            // "Thin Crust" in Crust is also "thin"; "Extra Cheese" also "cheese" (weaker than a choice named Cheese).
            // A number left alone ("6" of 6 Pieces) is how many, not a choice: "6 large pizzas".
            const short = words.filter((w) => !groupWords.has(w) && w !== 'extra');
            const onlyNumbers = short.every((w) => /^\d+$/.test(w));
            if (
              short.length > 0 &&
              short.length < words.length &&
              !short.every((w) => WEAK_WORD.test(w)) &&
              !onlyNumbers
            ) {
              for (const form of withSynonyms(short)) this.add(form, part, form !== short);
            }
            reading = whole;
          }
          (reading.dishIds as Set<string>).add(dish.id);
        }
      }
    }

    let longest = 1;
    for (const term of this.terms.values()) {
      // "personal" on a menu with both Personal and Small is Personal only; a dish's word stays beside a choice.
      const direct = [...term.direct];
      const rivals = (d: Reading, r: Reading) =>
        d.kind === r.kind &&
        d.partial === r.partial &&
        (d.kind === 'dish' || [...d.dishIds].some((id) => (r as ChoiceReading).dishIds.has(id)));
      term.readings = term.readings.filter((r) => term.direct.has(r) || !direct.some((d) => rivals(d, r)));
      const first = term.words[0]!;
      const list = this.byFirstWord.get(first) ?? [];
      list.push(term);
      this.byFirstWord.set(first, list);
      longest = Math.max(longest, term.words.length);
      for (const word of term.words) {
        if (HAN.test(word)) this.hanWords.add(word);
        this.index(word);
      }
    }
    this.longest = longest;
  }

  private add(words: readonly string[], reading: Reading, viaSynonym = false) {
    const key = words.join(' ');
    const term = this.terms.get(key) ?? { words, readings: [], direct: new Set<Reading>() };
    this.terms.set(key, term);
    const same = term.readings.find((r) =>
      r.kind === 'dish' && reading.kind === 'dish'
        ? r.id === reading.id
        : r.kind === 'choice' && reading.kind === 'choice'
          ? r.group === reading.group && r.choice === reading.choice
          : false,
    );
    let kept = reading;
    if (!same) term.readings.push(reading);
    else if (!reading.partial && same.partial) term.readings[term.readings.indexOf(same)] = reading;
    else kept = same;
    if (!viaSynonym) term.direct.add(kept);
  }

  private index(word: string) {
    const put = (key: string) => {
      const set = this.keys.get(key) ?? new Set<string>();
      set.add(word);
      this.keys.set(key, set);
    };
    put(`w:${word}`);
    if (HAN.test(word) || /\d/.test(word)) return;
    put(`s:${stemOf(word, this.language)}`);
    if (word.length >= 4) for (const d of deletions(word)) put(`d:${d}`);
    const sound = soundKey(word, this.language);
    if (sound) put(`p:${sound}`);
  }

  /** The menu words a spoken word can be, with the cost of each reading. */
  wordMatches(said: string): ReadonlyMap<string, number> {
    const cached = this.seen.get(said);
    if (cached) return cached;
    const candidates = new Set<string>();
    const take = (key: string) => this.keys.get(key)?.forEach((w) => candidates.add(w));
    take(`w:${said}`);
    if (!HAN.test(said) && !/\d/.test(said)) {
      // "familiares", "tomatoes", "gâteaux": the word without its plural ending.
      for (const ending of ['s', 'es', 'x']) if (said.endsWith(ending)) take(`w:${said.slice(0, -ending.length)}`);
      take(`s:${stemOf(said, this.language)}`);
      if (said.length >= 4) {
        take(`d:${said}`);
        for (const d of deletions(said)) {
          take(`w:${d}`);
          take(`d:${d}`);
        }
      }
      const sound = soundKey(said, this.language);
      if (sound) take(`p:${sound}`);
    }
    const matches = new Map<string, number>();
    for (const known of candidates) {
      const cost = wordCost(said, known, this.language);
      if (cost !== null) matches.set(known, cost);
    }
    // Bounded: a long call with many different words cannot grow it without end.
    if (this.seen.size > 20_000) this.seen.clear();
    this.seen.set(said, matches);
    return matches;
  }

  /**
   * The longest run of words starting at `start` that names something on the menu, with every reading of that run
   * at its lowest cost; null when none starts there. `usable(k)` says whether word k may be part of a name.
   */
  matchAt(words: readonly string[], start: number, usable: (k: number) => boolean = () => true): TermMatch | null {
    if (!usable(start)) return null;
    let best: TermMatch | null = null;
    for (const [first, firstCost] of this.wordMatches(words[start]!)) {
      for (const term of this.byFirstWord.get(first) ?? []) {
        const length = term.words.length;
        if (start + length > words.length) continue;
        let cost = firstCost;
        for (let k = 1; k < length && cost !== Infinity; k++) {
          const c = usable(start + k) ? this.wordMatches(words[start + k]!).get(term.words[k]!) : undefined;
          cost = c === undefined ? Infinity : cost + c;
        }
        // A near-spelling of a whole multi-word name needs most of it right: one typo per name word at most. A short
        // word is too close to other words to be a typo, unless it is the name with a doubled letter typed once ("smal").
        const short = typoAllowance(words[start]!.length) === 0 && !undoubled(words[start]!, first);
        if (cost === Infinity || (cost >= 1 && length === 1 && short)) continue;
        // Readings a stem apart stay together ("petite" is Petite, and Petit for a drink): the item decides.
        if (!best || length > best.length || (length === best.length && cost < best.cost - 0.5)) {
          best = { start, length, cost, readings: [...term.readings] };
        } else if (length === best.length && cost <= best.cost + 0.5) {
          best.cost = Math.min(best.cost, cost);
          for (const r of term.readings) if (!best.readings.some((b) => sameReading(b, r))) best.readings.push(r);
        }
      }
    }
    return best;
  }

  /** Menu word → the dishes whose names, other names or choices use it; built on first use. */
  private dishesByWord: Map<string, Set<string>> | null = null;

  /**
   * The dishes a word said outside any menu name still points to, through a menu word it can be: "cheese" in "a
   * large cheese" is the pizza's (Extra Cheese, Cheese Lovers), never a drink's.
   */
  dishesUsingWord(said: string): ReadonlySet<string> {
    if (!this.dishesByWord) {
      const index = new Map<string, Set<string>>();
      for (const term of this.terms.values()) {
        for (const word of term.words) {
          const ids = index.get(word) ?? new Set<string>();
          index.set(word, ids);
          for (const r of term.readings) {
            if (r.kind === 'dish') ids.add(r.id);
            else r.dishIds.forEach((id) => ids.add(id));
          }
        }
      }
      this.dishesByWord = index;
    }
    const found = new Set<string>();
    for (const word of this.wordMatches(said).keys()) this.dishesByWord.get(word)?.forEach((id) => found.add(id));
    return found;
  }

  /**
   * The dishes these words name when they are one name on the menu, all of them: whole names first, else the dishes
   * they name in part; null when they are not one name.
   */
  dishesNamed(words: readonly string[]): { ids: string[]; partial: boolean; cost: number } | null {
    if (words.length === 0 || words.length > this.longest) return null;
    const match = this.matchAt(words, 0);
    if (!match || match.length !== words.length) return null;
    const ids = (partial: boolean) => [
      ...new Set(match.readings.flatMap((r) => (r.kind === 'dish' && r.partial === partial ? [r.id] : []))),
    ];
    const whole = ids(false);
    if (whole.length > 0) return { ids: whole, partial: false, cost: match.cost };
    // A word of a name, misspelt, is too weak to name a dish: "Marta" is a name, not "tarta".
    const part = match.cost < 1 ? ids(true) : [];
    return part.length > 0 ? { ids: part, partial: true, cost: match.cost } : null;
  }
}

/** The runs of two characters or more inside a Chinese word, shorter than it. */
function substringsOf(word: string): string[] {
  const parts: string[] = [];
  for (let length = 2; length < word.length; length++) {
    for (let i = 0; i + length <= word.length; i++) parts.push(word.slice(i, i + length));
  }
  return parts;
}

const sameReading = (a: Reading, b: Reading) =>
  a === b ||
  (a.kind === 'dish' && b.kind === 'dish' && a.id === b.id && a.partial === b.partial) ||
  (a.kind === 'choice' && b.kind === 'choice' && a.group === b.group && a.choice === b.choice);

/** A name's shorter forms: each word that can stand alone, and each shorter run of three or more words. */
function partsOf(words: readonly string[]): string[][] {
  if (words.length < 2) return [];
  const parts: string[][] = [];
  for (let length = words.length - 1; length >= 1; length--) {
    for (let i = 0; i + length <= words.length; i++) {
      const part = words.slice(i, i + length);
      if (part.every((w) => WEAK_WORD.test(w))) continue;
      if (length === 1 && (part[0]!.length < 3 || /^\d+$/.test(part[0]!))) continue;
      if (WEAK_WORD.test(part[0]!) || WEAK_WORD.test(part.at(-1)!)) continue;
      parts.push(part);
    }
  }
  return parts;
}

/** Whether `said` is `known` with one of its doubled letters typed once: "smal" for small, "piza" for pizza. */
function undoubled(said: string, known: string): boolean {
  if (said.length < 4 || known.length !== said.length + 1) return false;
  for (let i = 1; i < known.length; i++) {
    if (known[i] === known[i - 1] && known.slice(0, i) + known.slice(i + 1) === said) return true;
  }
  return false;
}

/** Lexicons by restaurant, rebuilt when the menu changes: a few hundred restaurants' worth at most. */
const cache = new Map<string, { version: string; lexicon: MenuLexicon }>();
const CACHE_SIZE = 500;

/**
 * A fingerprint of everything the lexicon is built from, cheap next to building it: ids, names, aliases, options,
 * and availability (kept out: descriptions, prices).
 */
export function menuVersion(menu: readonly MenuItem[]): string {
  let hash = 0x811c9dc5;
  const mix = (text: string) => {
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  };
  for (const m of menu) {
    mix(m.id);
    mix(m.name);
    for (const a of m.aliases) mix(a);
    for (const g of m.options) {
      mix(g.name);
      for (const c of g.choices) mix(c.name);
    }
  }
  return `${menu.length}:${(hash >>> 0).toString(36)}`;
}

/** The lexicon of this restaurant's menu in this language, built on first use and whenever the menu changed. */
export function lexiconFor(
  restaurantId: string,
  menu: readonly MenuItem[],
  language: Language,
  words: LexiconWords = {},
): MenuLexicon {
  const key = `${restaurantId}\u0000${language}`;
  const version = menuVersion(menu);
  const cached = cache.get(key);
  if (cached && cached.version === version) {
    // Menu objects are read fresh for each request: the lexicon keeps answering with the newest ones.
    refreshDishes(cached.lexicon, menu);
    return cached.lexicon;
  }
  const lexicon = new MenuLexicon(menu, language, words);
  cache.delete(key);
  cache.set(key, { version, lexicon });
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return lexicon;
}

function refreshDishes(lexicon: MenuLexicon, menu: readonly MenuItem[]) {
  const dishes = lexicon.dishes as Map<string, MenuItem>;
  for (const m of menu) dishes.set(m.id, m);
}
