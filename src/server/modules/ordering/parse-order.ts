import type { Language } from '@shared/domain/languages';
import type { ChoiceReading, MenuLexicon, TermMatch } from './lexicon';
import { CHINESE_NUMERAL, parseChineseNumber, readNumber, type NumberWords } from './numbers';
import { HAN, wordsOf } from './text';

/**
 * Reads what a caller said into the items of an order, item by item. The words are split into item phrases (a new
 * one starts at a quantity once the current one has something in it, and at a dish once the current one has one);
 * each phrase keeps its own quantity (anywhere in it: "four of the small ham pizzas"), its own options, and its own
 * exclusions ("no", "without any", "hold the" cover the words after them in the phrase). A phrase without a dish
 * ("a large cheese and a small pepperoni pizza") takes the dish that offers its options from the phrase after it or
 * before it, or the only dish that offers them. A word that is both a choice and a dish ("peppers", "Dr Pepper") is
 * the choice when the phrase's dish offers it. Corrections ("actually make that a large") change the item before.
 */

/** The words of one language the order parser reads, beyond those it shares with the rest of the language pack. */
export interface OrderPhrases {
  /** Words that take the rest of their phrase off the dish: "no", "without any", "hold the", "sin", "sans", 不要. */
  negative: string[];
  /** A correction of the item before: "actually", "make that", "mejor", "plutôt", 改成. */
  correction: string[];
  /** A removal ("take off", "quita"): this turn is not an order, and the parser leaves it to the conversation. */
  removal: string[];
  /**
   * An addition to an item said before: "add olives to the pizza", "añade aceitunas a la pizza". Its choices join the
   * item's; a dish said with its own number ("add a coke") is another item.
   */
  addition: string[];
  /** Words that add again after what was left off: "no sauce and extra cheese", "sin cebolla y doble queso". */
  positive: string[];
  /** What was said of every item before it: "a coke and a sprite, both large", "todas grandes", 都要大杯. */
  everyItem: string[];
  /** The choices listed with it go one to each of the dish counted: "two pizzas, one of each: ham and olives". */
  oneOfEach: string[];
  /** The choices of the item before, for this one too: "and a large one with the same toppings", "lo mismo". */
  sameAsBefore: string[];
  /** Words that count one of several said before: "the first with ham and the second with olives", "la primera". */
  ordinals: string[];
  /** Units a number measures rather than counts with: "a 20 oz coke", "a 12 inch pizza", "un coca de 50 cl". */
  units: string[];
  /** In a correction, the toppings said are the only ones: "no actually just pepperoni", "mejor solo jamón". */
  onlyThese: string[];
  /** Ways to say the same drink or dish ("coke", "coca cola", "cola"): a menu name that is one answers to all. */
  synonyms: string[][];
  /** Words that join a dish's words the other way round: "burrito de pollo", "burger au poulet". */
  links: string[];
  /** Words that stand for the dish a number counts: "two of them", "il m'en faut trois". */
  countPronouns: string[];
  /** Phrases that look like menu words but are not ("can i" is no Can): read as nothing. */
  ignore: string[];
  /** Words after which an article stays with the item ("a ginger ale in a can"). */
  attach: string[];
  /** Words that put what is taken off before the verb that takes it off: 把火腿去掉. */
  objectMarkers: string[];
}

/** The words of one language the parser reads, from its language pack. */
export interface OrderWords extends NumberWords {
  code: Language;
  /** False for Chinese: no spaces between words. */
  spaced: boolean;
  /** Number words that are also articles ("a", "un"). */
  articles: string[];
  /** Number words that stand for a dish rather than count it: "a small one". */
  pronouns: string[];
  /** Words that end an exclusion and add again: "with", "con", "avec". */
  withWords: string[];
  conjunctions: string[];
  /** Words that say nothing about the order ("the", "please", "i"). */
  fillers: string[];
  /** Notes by themselves: "spicy", "well done". */
  noteWords: string[];
  /** Words that start a note about the dish: "extra", "light", "easy on". */
  noteMarkers: string[];
  /** Chinese measure words read with the number before them (个, 份, 杯). */
  measureWords: string[];
  ordering: OrderPhrases;
}

export interface ChosenChoice {
  group: string;
  choice: string;
}

export interface ParsedItem {
  /** The dish: one id, or several when the words fit more than one (the caller is asked which). Empty: none found. */
  dishIds: string[];
  /** Null when no number was said (one is meant, unless it corrects a quantity). */
  quantity: number | null;
  /** The quantity was only an article ("a pizza", "un taco"): one, plainly. */
  article: boolean;
  options: ChosenChoice[];
  /** Groups that were given two choices where one is allowed: asked again rather than guessed. */
  conflicts: string[];
  /** What the caller does not want on it: a choice's name, or the words said. */
  exclusions: string[];
  notes: string[];
  /** Said after "actually", "make that": changes the item before (in this turn, or the one talked about last). */
  correction: boolean;
  /** Near-spellings taken as something on the menu: the order is flagged for review. */
  unsure: string[];
  /** The words said for it. */
  text: string;
}

export interface ParsedOrder {
  items: ParsedItem[];
  /** Things asked for with a number that nothing on the menu is ("two waters" where there is no water), as said. */
  unknown: string[];
  /** A removal ("take off the coke"): the conversation handles it. */
  removal: boolean;
}

// ——— Spans ———

type Marker =
  | 'negative'
  | 'with'
  | 'conj'
  | 'change'
  | 'add'
  | 'every'
  | 'each'
  | 'same'
  | 'remove'
  | 'noteWord'
  | 'noteMarker'
  | 'object'
  | 'ignore';

type Span =
  | { kind: 'sep'; start: number; end: number }
  | { kind: 'num'; value: number; article: boolean; pronoun: boolean; start: number; end: number }
  | { kind: 'term'; match: TermMatch; start: number; end: number }
  | { kind: 'marker'; marker: Marker; start: number; end: number }
  | { kind: 'word'; word: string; filler: boolean; start: number; end: number };

interface Token {
  word: string;
  start: number;
  end: number;
  sep: boolean;
}

interface CompiledWords {
  markers: Map<string, Marker>;
  longestMarker: number;
  fillers: Set<string>;
  articles: Set<string>;
  pronouns: Set<string>;
  measureWords: string[];
  countPronouns: Set<string>;
  attach: Set<string>;
  /** Note words as compared: a negation may begin with one ("with everything but …"). */
  noteWords: Set<string>;
  positive: Set<string>;
  /** Chinese: every marker word, for segmenting. */
  hanWords: Set<string>;
  /** The language's numbers, with the ordinals that count one ("the first", "the second"). */
  numberWords: NumberWords;
  units: Set<string>;
  onlyThese: Set<string>;
}

const compiledWords = new WeakMap<OrderWords, CompiledWords>();

function compile(words: OrderWords): CompiledWords {
  const cached = compiledWords.get(words);
  if (cached) return cached;
  const key = (p: string) => (words.spaced ? wordsOf(p).join(' ') : p.normalize('NFKC').toLowerCase());
  const markers = new Map<string, Marker>();
  const lists: [Marker, string[]][] = [
    ['noteMarker', words.noteMarkers],
    ['noteWord', words.noteWords],
    ['conj', words.conjunctions],
    ['with', words.withWords],
    ['remove', words.ordering.removal],
    ['change', words.ordering.correction],
    ['add', words.ordering.addition],
    ['every', words.ordering.everyItem],
    ['each', words.ordering.oneOfEach],
    ['same', words.ordering.sameAsBefore],
    ['negative', words.ordering.negative],
    ['object', words.ordering.objectMarkers],
    ['ignore', words.ordering.ignore],
  ];
  // Later lists win a phrase listed twice: a negation over a note word ("no" in "no ice"), and so on.
  for (const [marker, list] of lists) for (const p of list) if (key(p)) markers.set(key(p), marker);
  const longestMarker = Math.max(1, ...[...markers.keys()].map((k) => (words.spaced ? k.split(' ').length : k.length)));
  const compiled: CompiledWords = {
    markers,
    longestMarker,
    fillers: new Set(words.fillers.map(key)),
    articles: new Set(words.articles.map(key)),
    pronouns: new Set(words.pronouns.map(key)),
    measureWords: [...words.measureWords].sort((a, b) => b.length - a.length),
    countPronouns: new Set(words.ordering.countPronouns.map(key)),
    attach: new Set(words.ordering.attach.map(key)),
    noteWords: new Set(words.noteWords.map(key)),
    positive: new Set(words.ordering.positive.map(key)),
    hanWords: new Set([...markers.keys(), ...words.fillers.map(key)].filter((k) => HAN.test(k))),
    units: new Set(words.ordering.units.map(key)),
    onlyThese: new Set(words.ordering.onlyThese.map(key)),
    numberWords: {
      ...words,
      numbers: { ...words.numbers, ...Object.fromEntries(words.ordering.ordinals.map((o) => [o, 1])) },
    },
  };
  compiledWords.set(words, compiled);
  return compiled;
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  // A word keeps an English contraction ("don't", "lover's") but not an elision ("d'oignons" is two words).
  for (const m of text.matchAll(/[\p{L}\p{N}\p{M}]+(?:['’](?:s|t|d|ll|re|ve|m)(?![\p{L}]))?|[,.;!?:…—–()\-/&+]/giu)) {
    const raw = m[0];
    // "dr. pepper", "st. louis": a full stop after a short abbreviation, before a word, is no pause.
    const abbreviation =
      raw === '.' &&
      /\b(dr|mr|mrs|st|no)$/iu.test(text.slice(0, m.index)) &&
      /^\s*\p{Ll}/u.test(text.slice(m.index + 1));
    if (abbreviation) continue;
    if (/^[,.;!?:…—–()]$/u.test(raw)) {
      tokens.push({ word: '', start: m.index, end: m.index + raw.length, sep: true });
      continue;
    }
    if (raw === '&' || raw === '+') {
      tokens.push({ word: 'and', start: m.index, end: m.index + 1, sep: false });
      continue;
    }
    if (raw === '-' || raw === '/') continue;
    for (const word of wordsOf(raw)) tokens.push({ word, start: m.index, end: m.index + raw.length, sep: false });
  }
  return tokens;
}

function spansOf(text: string, words: OrderWords, lexicon: MenuLexicon): Span[] {
  const compiled = compile(words);
  const tokens = tokenize(text);
  const list = tokens.map((t) => (t.sep ? '\u0000' : t.word));
  const usable = (k: number) => !tokens[k]!.sep;
  const spans: Span[] = [];
  for (let i = 0; i < tokens.length;) {
    const token = tokens[i]!;
    if (token.sep) {
      spans.push({ kind: 'sep', start: token.start, end: token.end });
      i++;
      continue;
    }
    const found = lexicon.matchAt(list, i, usable);
    // A word of a name, misspelt, is too weak to name a dish alone: "Marta" is a name, not "tarta".
    const term = found && found.cost >= 1 && onlyPartOfDish(found) ? null : found;
    const marker = markerAt(list, i, compiled);
    const number = readNumber(list, i, compiled.numberWords);
    // The longest reading wins; a name beats a number of the same length ("7 up") and a marker beats a name.
    const termLength = term?.length ?? 0;
    const markerLength = marker?.length ?? 0;
    const numberLength = number?.length ?? 0;
    const end = (length: number) => tokens[i + length - 1]!.end;
    const noteOverName =
      (marker?.marker === 'noteWord' || marker?.marker === 'noteMarker') && markerLength === termLength;
    if (marker && markerLength >= termLength && markerLength >= numberLength && !noteOverName) {
      spans.push({ kind: 'marker', marker: marker.marker, start: token.start, end: end(markerLength) });
      i += markerLength;
    } else if (term && termLength >= numberLength && !(termLength === numberLength && onlyPartOfDish(term))) {
      spans.push({ kind: 'term', match: term, start: token.start, end: end(termLength) });
      i += termLength;
    } else if (number && unitAt(list, i + numberLength, compiled) > 0) {
      // "a 20 oz coke": a measure, not how many; a size the menu does not have, asked about with the dish.
      const length = numberLength + unitAt(list, i + numberLength, compiled);
      spans.push({
        kind: 'word',
        word: list.slice(i, i + length).join(' '),
        filler: false,
        start: token.start,
        end: end(length),
      });
      i += length;
    } else if (number) {
      const said = list.slice(i, i + numberLength).join(' ');
      spans.push({
        kind: 'num',
        value: number.value,
        article: compiled.articles.has(said),
        pronoun: compiled.pronouns.has(said),
        start: token.start,
        end: end(numberLength),
      });
      i += numberLength;
    } else {
      spans.push({
        kind: 'word',
        word: token.word,
        filler: compiled.fillers.has(token.word),
        start: token.start,
        end: token.end,
      });
      i++;
    }
  }
  return spans;
}

/** How many words of a unit ("oz", "fl oz") start at list[i]: 0 when none does. */
function unitAt(list: readonly string[], i: number, compiled: CompiledWords): number {
  for (const length of [2, 1]) if (compiled.units.has(list.slice(i, i + length).join(' '))) return length;
  return 0;
}

/** Whether a word that stands for the dish already said is right before the number or right after it. */
function countPronounNear(spans: readonly Span[], k: number, compiled: CompiledWords): boolean {
  const wordAt = (j: number) => {
    const span = spans[j];
    return span?.kind === 'word' ? span.word : null;
  };
  const first = wordAt(k + 1);
  const after = first === null ? '' : [first, wordAt(k + 2)].filter((w): w is string => w !== null).join(' ');
  if ([...compiled.countPronouns].some((p) => after === p || after.startsWith(`${p} `))) return true;
  for (let j = k - 1; j >= Math.max(0, k - 3); j--) {
    const word = wordAt(j);
    if (word === null) return false;
    if (compiled.countPronouns.has(word)) return true;
  }
  return false;
}

/** Whether the choice said right before this one (nothing but a space between) is of the same group. */
function adjacent(said: Draft['said'][number], all: Draft['said'], group: string): boolean {
  return all.some(
    (other) =>
      other !== said &&
      other.end !== undefined &&
      said.start !== undefined &&
      said.start - other.end <= 1 &&
      said.start > other.end - 1 &&
      other.readings.some((r) => r.group === group),
  );
}

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/** Whether every word of the menu's name is among the words said ("black olives" says Olives). */
const saysAll = (said: string, name: string) => {
  const key = (w: string) => w.replace(/(es|s|x)$/, '');
  const saidWords = new Set(wordsOf(said).map(key));
  return wordsOf(name).every((w) => saidWords.has(key(w)));
};

/** Whether two names are the same words, give or take a plural. */
const sameWords = (a: string, b: string) => {
  const key = (t: string) =>
    wordsOf(t)
      .map((w) => w.replace(/(es|s|x)$/, ''))
      .join(' ');
  return key(a) === key(b);
};

/** The rest of a note word that starts with a negation ("sans glaçons" → 'glaçons'), or null. */
function negationLead(text: string, compiled: CompiledWords, spaced: boolean): string | null {
  if (spaced) {
    const words = text.split(/\s+/);
    for (let n = words.length - 1; n >= 1; n--) {
      if (compiled.markers.get(wordsOf(words.slice(0, n).join(' ')).join(' ')) === 'negative')
        return words.slice(n).join(' ');
    }
    return null;
  }
  for (let n = text.length - 1; n >= 1; n--) {
    if (compiled.markers.get(text.slice(0, n)) === 'negative') return text.slice(n);
  }
  return null;
}

/** Chinese characters that follow a word without being part of it: 多, 少, 一点, 要, 了 … */
const FUNCTION_CHARACTERS = new Set([...'多少点些要了吧啊呢吗也都还再就和跟加不去换改来给请个份杯瓶罐听']);

/** A word that only names a dish in part: "tres" of Pastel Tres Leches is a number when said alone. */
const onlyPartOfDish = (term: TermMatch) => term.readings.every((r) => r.kind === 'dish' && r.partial);

function markerAt(list: readonly string[], i: number, compiled: CompiledWords) {
  for (let length = Math.min(compiled.longestMarker, list.length - i); length >= 1; length--) {
    const marker = compiled.markers.get(list.slice(i, i + length).join(' '));
    if (marker) return { marker, length };
  }
  return null;
}

/** Chinese: menu words, marker words and numbers (with their measure word) by longest match, other characters one by one. */
function spansOfChinese(text: string, words: OrderWords, lexicon: MenuLexicon): Span[] {
  const compiled = compile(words);
  const source = text.normalize('NFKC').toLowerCase();
  const spans: Span[] = [];
  const longestMenu = Math.max(1, ...[...lexicon.hanWords].map((w) => w.length));
  const longestMarker = Math.max(1, ...[...compiled.hanWords].map((w) => w.length));
  let i = 0;
  while (i < source.length) {
    const ch = source[i]!;
    if (/\s/u.test(ch)) {
      i++;
      continue;
    }
    if (/[\p{P}\p{S}]/u.test(ch)) {
      spans.push({ kind: 'sep', start: i, end: i + 1 });
      i++;
      continue;
    }
    if (!HAN.test(ch) && !CHINESE_NUMERAL.test(ch)) {
      // Latin words inside Chinese ("两杯 coke"): read as a spaced word.
      let j = i;
      while (j < source.length && /[\p{L}\p{N}]/u.test(source[j]!) && !HAN.test(source[j]!)) j++;
      const word = wordsOf(source.slice(i, j)).join(' ');
      const term = word ? lexicon.matchAt(word.split(' '), 0) : null;
      if (term && term.length === word.split(' ').length) spans.push({ kind: 'term', match: term, start: i, end: j });
      else spans.push({ kind: 'word', word, filler: false, start: i, end: j });
      i = Math.max(j, i + 1);
      continue;
    }
    // A menu word first (it may contain a numeral: 三明治), then a marker, then a number.
    let matched = false;
    for (let length = Math.min(longestMenu, source.length - i); length >= 1 && !matched; length--) {
      const candidate = source.slice(i, i + length);
      if (!lexicon.hanWords.has(candidate)) continue;
      const term = lexicon.matchAt([candidate], 0);
      if (term) {
        spans.push({ kind: 'term', match: term, start: i, end: i + length });
        i += length;
        matched = true;
      }
    }
    if (matched) continue;
    for (let length = Math.min(longestMarker, source.length - i); length >= 1 && !matched; length--) {
      const candidate = source.slice(i, i + length);
      const marker = compiled.markers.get(candidate);
      if (marker) {
        spans.push({ kind: 'marker', marker, start: i, end: i + length });
        i += length;
        matched = true;
      } else if (compiled.fillers.has(candidate) && length > 1) {
        spans.push({ kind: 'word', word: candidate, filler: true, start: i, end: i + length });
        i += length;
        matched = true;
      }
    }
    if (matched) continue;
    if (CHINESE_NUMERAL.test(ch) || (ch === '半' && source[i + 1] === '打')) {
      let j = i;
      while (j < source.length && CHINESE_NUMERAL.test(source[j]!)) j++;
      let value = ch === '半' ? 6 : parseChineseNumber(source.slice(i, j));
      if (ch === '半') j = i + 2;
      if (value !== null && value > 0) {
        if (source[j] === '打' && ch !== '半') {
          value *= 12;
          j++;
        }
        // 两瓶: the measure word goes with the number, unless it names a choice (瓶 for 瓶装).
        const measure = compiled.measureWords.find((m) => source.startsWith(m, j));
        if (measure && !lexicon.hanWords.has(measure)) j += measure.length;
        spans.push({ kind: 'num', value, article: false, pronoun: false, start: i, end: j });
        i = j;
        continue;
      }
    }
    if (compiled.measureWords.includes(ch)) {
      // 来个炒饭: a measure word alone is one.
      spans.push({ kind: 'num', value: 1, article: true, pronoun: false, start: i, end: i + 1 });
      i++;
      continue;
    }
    spans.push({ kind: 'word', word: ch, filler: compiled.fillers.has(ch), start: i, end: i + 1 });
    i++;
  }
  return spans;
}

// ——— Items ———

interface Draft {
  dishIds: string[];
  dishPartial: boolean;
  /** Where the dish's words start in what was said. */
  dishStart: number;
  quantity: number | null;
  quantityIsArticle: boolean;
  /** Choices said, each with every reading it can have until the dish is known. */
  said: { readings: ChoiceReading[]; text: string; cost: number; start?: number; end?: number; forAll?: boolean }[];
  /** No dish was named in it: the dish was taken from the options said. */
  dishInferred?: boolean;
  /** Said as "one of them": a part of the item before, with all it has. */
  partOf?: boolean;
  /** Said as "a large one": the number word stood for a dish. */
  pronoun?: boolean;
  /** "change the coke to a pepsi": the dish this correction replaces. */
  replaces?: string[];
  /** "add olives to the pizza": the choices join those of the item said before. */
  adds?: boolean;
  /** "…, both large": the choices go to every item said before that offers them. */
  forEvery?: boolean;
  /** "one of each: …", "3 pizzas: …": where the choices listed one to a dish start, and why. */
  list?: { from: number; oneOfEach: boolean };
  /** "with the same toppings": the choices of the item before, where this one says none of their group. */
  same?: boolean;
  /** "actually just pepperoni": the toppings of this correction replace all the item's toppings. */
  onlyThese?: boolean;
  exclusions: string[];
  notes: string[];
  correction: boolean;
  unsure: string[];
  start: number;
  end: number;
  /** Where words said that are neither fillers nor on the menu start and end ("two waters" without water). */
  unknown: { start: number; end: number } | null;
}

const newDraft = (start: number, correction = false): Draft => ({
  dishIds: [],
  dishPartial: false,
  dishStart: start,
  quantity: null,
  quantityIsArticle: false,
  said: [],
  exclusions: [],
  notes: [],
  correction,
  unsure: [],
  start,
  end: start,
  unknown: null,
});

/** Whether a draft says anything beyond naming its dish. */
const hasOwnContent = (d: Draft) => d.said.length + d.exclusions.length + d.notes.length > 0;

const hasContent = (d: Draft) => d.dishIds.length > 0 || d.said.length > 0 || d.exclusions.length > 0;

/** Reads the order in what the caller said, against the menu's lexicon. */
export function parseOrder(text: string, words: OrderWords, lexicon: MenuLexicon): ParsedOrder {
  // "2x large pepperoni", "3 x large cheese": a count written with its "x" is the count ("x large", "x-large" alone
  // are a size).
  const source = text
    .normalize('NFC')
    .replace(/(\d)x(?=\s|$)/gi, '$1 ')
    .replace(/(\d)\s+x\s+/gi, '$1  ');
  const compiled = compile(words);
  const spans = words.spaced ? spansOf(source, words, lexicon) : spansOfChinese(source, words, lexicon);
  const drafts: Draft[] = [];
  const unknown: string[] = [];
  let removal = false;
  let current = newDraft(0);
  /** Negation in force: the words after "no" until the phrase ends or "with" adds again. */
  let negation = false;
  /** A conjunction or a comma since the last thing said: a choice after it may start another item. */
  let boundary = false;
  /** A note being read ("extra sauce", "with pickles"): where it starts, ends, and whether it says anything yet. */
  let note: { start: number; end: number; content: boolean } | null = null;
  /** Words after a negation that are not on the menu: "no green onions". */
  let excluded: { start: number; end: number } | null = null;
  /** A menu word has been taken off since the negation began. */
  let negatedTerm = false;
  /** After 把: how many choices the item had, so those said before the 去掉 that follows are taken off. */
  let objectFrom: number | null = null;
  /** The span of an article read as part of "with a …" ("with a thin crust"), in case what follows is no choice of it. */
  let articleAfterWith: number | null = null;

  const closeNote = () => {
    if (note?.content) {
      const said = source.slice(note.start, note.end).trim();
      if (said) current.notes.push(said.toLowerCase());
    }
    note = null;
  };
  const closeExclusion = () => {
    if (excluded) {
      current.exclusions.push(source.slice(excluded.start, excluded.end).trim().toLowerCase());
      current.end = Math.max(current.end, excluded.end);
    }
    excluded = null;
  };
  /** Whether only a pause or a conjunction (and fillers) stands between two choices said: "ham, olives", "ham and olives". */
  const separated = (a: Draft['said'][number], b: Draft['said'][number]) => {
    if (a.end === undefined || b.start === undefined) return false;
    const between = source.slice(a.end, b.start);
    if (/[,;:、，；：&+]/u.test(between)) return true;
    const said = words.spaced ? wordsOf(between) : [...between.trim()];
    return said.some((w) => compiled.markers.get(w) === 'conj');
  };
  /**
   * "Two pizzas, one of each: ham and olives", "3 pizzas: pepperoni, sausage, and mushroom": as many choices listed
   * apart as the dish was counted are one pizza each, with what was said of all of them. Any other count is left as
   * said: several choices on each.
   */
  const oneToEach = (draft: Draft): Draft[] => {
    const total = draft.quantity ?? 0;
    if (!draft.list || draft.quantityIsArticle || total < 2) return [draft];
    let from = draft.list.from;
    // "pepperoni and veggie, one of each": the list is the run before it.
    if (from >= draft.said.length)
      while (from > 0 && (from === draft.said.length || separated(draft.said[from - 1]!, draft.said[from]!))) from--;
    const listed = draft.said.slice(from);
    const apart = listed.every((said, i) => i === 0 || separated(listed[i - 1]!, said));
    const enough = draft.list.oneOfEach ? listed.length === total : listed.length === total && total >= 3;
    if (!apart || !enough) return [draft];
    const shared = draft.said.slice(0, from);
    return listed.map((one) => ({ ...draft, quantity: 1, said: [...shared, one], list: undefined }));
  };
  const keep = (draft: Draft) => {
    const lastChoice = Math.max(-1, ...draft.said.map((said) => said.end ?? -1));
    if (
      draft.dishIds.length === 0 &&
      !draft.correction &&
      draft.unknown &&
      lastChoice >= 0 &&
      draft.unknown.start >= lastChoice &&
      source.slice(lastChoice, draft.unknown.start).trim() === '' &&
      // Only a choice several dishes offer (a size), and words that are no menu word at all ("a large cheese" is a
      // pizza, "cheese" being a word of its choices).
      draft.said.every((said) => said.readings.some((r) => r.dishIds.size > 1)) &&
      wordsOf(source.slice(draft.unknown.start, draft.unknown.end)).every((w) => lexicon.wordMatches(w).size === 0)
    ) {
      // "one medium root beer" with no root beer: the words after the size name something not on the menu, asked
      // about, rather than a size handed to whatever dish offers it.
      unknown.push(source.slice(draft.unknown.start, draft.unknown.end));
      return;
    }
    if (hasContent(draft) || draft.correction || draft.same) drafts.push(...oneToEach(draft));
    else if (draft.quantity !== null && draft.unknown)
      unknown.push(source.slice(draft.unknown.start, draft.unknown.end));
  };
  const startItem = (at: number, correction = false) => {
    closeNote();
    closeExclusion();
    keep(current);
    current = newDraft(at, correction);
    negation = false;
  };

  for (let k = 0; k < spans.length; k++) {
    const span = spans[k]!;
    if (span.kind === 'sep') {
      closeNote();
      closeExclusion();
      negation = false;
      boundary = true;
      objectFrom = null;
      // "3 medium pizzas: pepperoni, sausage, and mushroom": a list after a count may be one choice to each.
      if (/^[:：]$/u.test(source.slice(span.start, span.end)) && !current.list && current.dishIds.length === 1)
        current.list = { from: current.said.length, oneOfEach: false };
      continue;
    }
    if (span.kind === 'marker') {
      // ", no, a medium": a "no" standing alone between pauses takes back what came before it.
      const standsAlone = spans[k - 1]?.kind === 'sep' && spans[k + 1]?.kind === 'sep';
      const marker = span.marker === 'negative' && standsAlone ? 'change' : span.marker;
      switch (marker) {
        case 'ignore':
          break;
        case 'conj':
          closeNote();
          closeExclusion();
          boundary = true;
          break;
        case 'with':
          closeNote();
          closeExclusion();
          negation = false;
          note = { start: span.start, end: span.end, content: false };
          break;
        case 'negative':
          closeNote();
          closeExclusion();
          if (objectFrom !== null) {
            // 把火腿去掉: what was named after 把 is taken off.
            for (const said of current.said.splice(objectFrom)) current.exclusions.push(said.readings[0]!.choice);
            objectFrom = null;
            break;
          }
          negation = true;
          negatedTerm = false;
          if (words.spaced) {
            // "with everything but anchovies": the note stands, and what follows is left off.
            const said = wordsOf(source.slice(span.start, span.end)).join(' ');
            const lead = [...compiled.noteWords].find((w) => said.startsWith(`${w} `));
            if (lead) current.notes.push(lead);
          }
          break;
        case 'object':
          objectFrom = current.said.length;
          break;
        case 'change':
          if (!current.correction || hasContent(current)) startItem(span.start, true);
          break;
        case 'add':
          startItem(span.start, true);
          current.adds = true;
          break;
        case 'every':
          startItem(span.start);
          current.forEvery = true;
          break;
        case 'each':
          current.list = { from: current.said.length, oneOfEach: true };
          break;
        case 'same':
          // "a large pepperoni and the same in small": another item, like the one before.
          if (boundary && hasContent(current)) startItem(span.start);
          current.same = true;
          break;
        case 'remove':
          // "Take off the onions" takes a choice off this item; "take off the fries" is the conversation's.
          closeNote();
          closeExclusion();
          negation = true;
          negatedTerm = false;
          break;
        case 'noteWord': {
          closeNote();
          const text = source.slice(span.start, span.end).toLowerCase();
          const negated = negationLead(text, compiled, words.spaced);
          // "sans glaçons", "no ice": what is left off, like any other.
          if (negated) current.exclusions.push(negated);
          else current.notes.push(text);
          break;
        }
        case 'noteMarker':
          closeNote();
          closeExclusion();
          negation = false;
          note = { start: span.start, end: span.end, content: false };
          break;
      }
      continue;
    }
    if (span.kind === 'num') {
      const previous = spans[k - 1];
      const afterChoice =
        previous?.kind === 'term' && !previous.match.readings.some((r) => r.kind === 'dish' && !r.partial);
      const next = spans[k + 1];
      // "one with pepperoni one with sausage": after a choice said with "with", "one" counts the next one.
      let b = k - 1;
      while (
        b >= 0 &&
        (spans[b]!.kind === 'term' || (spans[b]!.kind === 'word' && (spans[b] as { filler: boolean }).filler))
      )
        b--;
      const before = spans[b];
      const afterWith = before?.kind === 'marker' && before.marker === 'with';
      const counted = afterWith && current.quantity !== null && !current.quantityIsArticle;
      if (span.pronoun && !boundary && afterChoice && next?.kind !== 'term' && !counted) {
        // "a small one": the number word stands for the dish ("pepperoni one sausage" counts another).
        current.pronoun = true;
        continue;
      }
      const counts = countPronounNear(spans, k, compiled);
      const described = current.dishIds.length > 0 || current.said.length > 0;
      // "2 large pepperoni pizzas, 1 with extra cheese": after a pause (not "and"), some of the pizzas with their
      // toppings, and more ("two pizzas, one with ham, one with olives" says each one's toppings: split later).
      const someWith =
        (previous?.kind === 'sep' ? source.slice(previous.start, previous.end) === ',' : !boundary) &&
        next?.kind === 'marker' &&
        next.marker === 'with' &&
        !span.article &&
        current.dishIds.length === 1 &&
        !current.quantityIsArticle &&
        current.said.some((s) => s.readings.every((r) => !r.single));
      if ((counts || someWith) && described && current.quantity !== null && span.value < current.quantity) {
        // "two small sausage pizzas, one of them with mushrooms too": some of the item before, with more on it.
        startItem(span.start);
        current.quantity = span.value;
        current.partOf = true;
        boundary = false;
        continue;
      }
      if (counts && (current.dishIds.length > 0 || current.said.length > 0) && current.quantity === null) {
        // "pizzas, two of them", "des pizzas, il m'en faudrait trois": the number counts the dish said before.
        current.quantity = span.value;
        boundary = false;
        continue;
      }
      const nextIsOwnChoice =
        next?.kind === 'term' &&
        next.match.readings.every((r) => r.kind === 'choice') &&
        next.match.readings.some((r) => r.kind === 'choice' && current.dishIds.some((id) => r.dishIds.has(id)));
      // "quiero pizzas, cinco, …", "…, me manda tres": a number with nothing after it counts what came before.
      const alone = !next || next.kind === 'sep';
      const postfix =
        (current.dishIds.length > 0 || (alone && current.said.length > 0)) &&
        current.quantity === null &&
        (!boundary || alone) &&
        !span.article &&
        (!(next && next.kind === 'term') || nextIsOwnChoice);
      if (postfix) {
        // "饺子两份", "pizzas, two of them": a number after its dish is its quantity.
        current.quantity = span.value;
        continue;
      }
      const withBefore =
        (previous?.kind === 'marker' && previous.marker === 'with') ||
        (previous?.kind === 'word' && compiled.attach.has(previous.word));
      if (span.article && withBefore && (current.dishIds.length > 0 || current.said.length > 0)) {
        // "with a thin crust": the article is no new item.
        articleAfterWith = k;
        continue;
      }
      if (current.correction && span.article && current.quantity === null && current.said.length === 0) {
        // "make the lemonade a medium": the article goes with the correction.
        continue;
      }
      if (hasContent(current) || (current.quantity !== null && !current.quantityIsArticle)) startItem(span.start);
      else if (!current.correction) current.start = span.start;
      closeNote();
      closeExclusion();
      current.quantity = span.value;
      current.quantityIsArticle = span.article;
      negation = false;
      boundary = false;
      continue;
    }
    if (span.kind === 'word') {
      if (current.correction && compiled.onlyThese.has(span.word)) current.onlyThese = true;
      // "no pepperoni no sausage just mushrooms": after what was left off, what follows is added again.
      if (negation && (boundary || negatedTerm) && current.exclusions.length > 0 && compiled.positive.has(span.word)) {
        negation = false;
        continue;
      }
      if (span.filler) {
        if (note) note.end = span.start;
        continue;
      }
      if (negation && boundary && current.exclusions.length > 0 && compiled.positive.has(span.word)) {
        // "no onions and double cheese": what follows is added again.
        negation = false;
        continue;
      }
      if (negation && !negatedTerm) {
        excluded = excluded ? { start: excluded.start, end: span.end } : { start: span.start, end: span.end };
      } else if (negation) {
        // "without any olives because my son won't eat them": the reason is no item.
      } else if (note) {
        note.end = span.end;
        note.content = true;
      } else {
        current.unknown = { start: current.unknown?.start ?? span.start, end: span.end };
      }
      continue;
    }

    // A run of words that names something on the menu.
    const { match } = span;
    const following = spans[k + 1];
    if (
      !words.spaced &&
      following?.kind === 'word' &&
      following.start === span.end &&
      !following.filler &&
      HAN.test(following.word) &&
      !FUNCTION_CHARACTERS.has(following.word) &&
      match.readings.every((r) => r.kind === 'choice')
    ) {
      // 牛肉面, 番茄酱: a choice's word inside a word the menu does not have.
      const run = { start: span.start, end: following.end };
      if (negation) excluded = excluded ? { start: excluded.start, end: run.end } : run;
      else current.unknown = { start: current.unknown?.start ?? run.start, end: run.end };
      k++;
      continue;
    }
    closeExclusion();
    const said = source.slice(span.start, span.end);
    const choices = match.readings.filter((r): r is ChoiceReading => r.kind === 'choice');
    const wholeDishes = match.readings
      .filter((r) => r.kind === 'dish' && !r.partial)
      .map((r) => (r as { id: string }).id);
    const partDishes = match.readings
      .filter((r) => r.kind === 'dish' && r.partial)
      .map((r) => (r as { id: string }).id);
    const offered = choices.filter((c) => current.dishIds.some((id) => c.dishIds.has(id)));
    if (
      negation &&
      (boundary || negatedTerm) &&
      current.exclusions.length > 0 &&
      compiled.positive.has(said.toLowerCase().split(/\s+/)[0] ?? '')
    ) {
      // "no sauce and extra cheese": the choice is added, not left off.
      negation = false;
    }
    if (negation && choices.length === 0 && wholeDishes.length > 0) {
      // "no fries": a dish taken off the order, which the conversation does.
      removal = true;
      continue;
    }
    if (negation) {
      // "no olives", "hold the extra cheese": taken off, by the menu's own name for it.
      const reading = offered[0] ?? choices[0];
      // By the menu's name when that is what was said (give or take a plural or a typo), else as said.
      const named = reading && (sameWords(said, reading.choice) || match.cost >= 1 || saysAll(said, reading.choice));
      current.exclusions.push(named ? reading.choice.toLowerCase() : said.toLowerCase());
      current.end = span.end;
      boundary = false;
      negatedTerm = true;
      continue;
    }
    // "light ice", "with ice": a word that names a dish only in part says what the note is about.
    if (note && (note.content || partDishes.length > 0) && choices.length === 0 && wholeDishes.length === 0) {
      note.end = span.end;
      note.content = true;
      continue;
    }
    // "extra guacamole": the choice says it.
    note = null;
    const unsure = match.cost >= 1;
    const again =
      boundary &&
      choices.length > 0 &&
      choices.every((c) => c.single && current.said.some((s) => s.readings.some((r) => r.group === c.group)));
    if (again && !current.correction) startItem(span.start);
    if (again || (offered.length > 0 && !(wholeDishes.length > 0 && offered.every((c) => c.partial)))) {
      if (again) {
        current.said.push({ readings: choices, text: said, cost: match.cost, start: span.start, end: span.end });
        current.end = span.end;
        boundary = false;
        continue;
      }
      current.said.push({ readings: offered, text: said, cost: match.cost, start: span.start, end: span.end });
    } else if (narrows(current, spans, k, wholeDishes, partDishes)) {
      // "burgers au poulet", "鸡肉汉堡": a second word of the same dish's name narrows the dish down.
      const ids = [...wholeDishes, ...partDishes];
      current.dishIds = current.dishIds.filter((id) => ids.includes(id));
    } else if (current.dishPartial && !boundary && wholeDishes.length > 0 && spans[k - 1]?.kind === 'term') {
      // "a diet pepsi" where there is Diet Coke and Pepsi but no Diet Pepsi: not on the menu, asked about.
      current.dishIds = [];
      current.dishPartial = false;
      current.unknown = { start: current.dishStart, end: span.end };
      current.end = span.end;
      continue;
    } else if (wholeDishes.length > 0 || (partDishes.length > 0 && choices.length === 0)) {
      const ids = wholeDishes.length > 0 ? wholeDishes : partDishes;
      const notItsOptions =
        current.dishIds.length === 0 &&
        boundary &&
        current.said.some((s) => !s.readings.some((r) => ids.some((id) => r.dishIds.has(id))));
      if (
        current.correction &&
        current.dishIds.length > 0 &&
        current.said.length === 0 &&
        !sameIds(current.dishIds, ids)
      ) {
        // "change the coke to a pepsi".
        current.replaces = current.dishIds;
      } else if (current.dishIds.length > 0 || notItsOptions) startItem(span.start);
      current.dishStart = span.start;
      current.dishIds = ids;
      current.dishPartial = wholeDishes.length === 0;
      if (unsure && ids.length === 1) current.unsure.push(`"${said}" taken as ${lexicon.dishes.get(ids[0]!)!.name}`);
    } else if (choices.length > 0) {
      // A choice the phrase's dish does not offer, or that no dish of the choices said before it offers ("one
      // sausage and 2 liter of coke"): after "and" or a comma it starts another item.
      const sharesADish = current.said.some((s) =>
        s.readings.some((r) => choices.some((c) => [...c.dishIds].some((id) => r.dishIds.has(id)))),
      );
      if (articleAfterWith === k - 1 && current.dishIds.length > 0) {
        // "a pizza on stuffed crust with a 2 liter coke": the article starts another item after all.
        startItem(spans[k - 1]!.start);
        current.quantity = 1;
        current.quantityIsArticle = true;
      } else if (boundary && (current.dishIds.length > 0 || (current.said.length > 0 && !sharesADish)))
        startItem(span.start);
      current.said.push({ readings: choices, text: said, cost: match.cost, start: span.start, end: span.end });
    }
    current.end = span.end;
    boundary = false;
  }
  closeNote();
  closeExclusion();
  keep(current);

  return { items: settle(drafts, lexicon, source), unknown, removal };
}

/**
 * Whether the dish words at spans[k] name the current item's dish again, more narrowly: right after its own dish
 * words (fillers and linking words between), several dishes before, fewer together.
 */
function narrows(
  current: Draft,
  spans: readonly Span[],
  k: number,
  wholeDishes: readonly string[],
  partDishes: readonly string[],
): boolean {
  if (current.dishIds.length === 0 || current.said.length > 0) return false;
  let j = k - 1;
  while (j >= 0 && spans[j]!.kind === 'word' && (spans[j] as { filler: boolean }).filler) j--;
  const before = spans[j];
  if (!before || before.kind !== 'term' || !before.match.readings.some((r) => r.kind === 'dish')) return false;
  const ids = new Set([...wholeDishes, ...partDishes]);
  const both = current.dishIds.filter((id) => ids.has(id));
  return both.length > 0;
}

/** Dishes for the phrases that named none, options checked against each dish, and the read-out items. */
function settle(drafts: Draft[], lexicon: MenuLexicon, source: string): ParsedItem[] {
  // A correction in the same breath changes the item before it ("a small pizza, actually make that a large"), or
  // the one of the same dish ("… and a lemonade, make the lemonade a medium").
  const merged: Draft[] = [];
  /** The item a bare mention ("la fanta") pointed back to. */
  let reference: number | null = null;
  for (const [d, draft] of drafts.entries()) {
    const before = merged.at(-1);
    if (draft.same) {
      // "…and one large pizza with the same toppings": what the item before has, in every group this one leaves open.
      const model = merged.findLast((d) => !d.correction && d.dishIds.length > 0);
      if (model && (draft.dishIds.length === 0 || sameDish(model, draft))) {
        draft.dishIds = [...model.dishIds];
        const open = model.said.filter((m) => !draft.said.some((d) => sameGroup(d.readings, m.readings)));
        draft.said = [...draft.said, ...open];
        draft.exclusions = [...model.exclusions, ...draft.exclusions];
      }
    }
    if (draft.correction && before && !hasContent(draft) && draft.quantity === null) {
      // "Un seul café finalement", "two tacos instead": the marker comes after what it corrects ("actually …, ham
      // instead" is one correction, said already).
      if (!drafts[d - 1]?.correction) before.correction = true;
      continue;
    }
    const sameIndex = draft.replaces
      ? merged.findLastIndex((d) => !d.correction && sameIds(d.dishIds, draft.replaces!))
      : draft.dishIds.length > 0
        ? merged.findLastIndex((d) => !d.correction && sameDish(d, draft))
        : -1;
    if (draft.forEvery && draft.dishIds.length === 0 && draft.quantity === null && draft.said.length > 0) {
      // "a coke and a diet coke, both large": each item before that offers a choice and has none of its group.
      let given = false;
      for (const item of merged) {
        // "two pizzas, one large one medium, both pepperoni": an item that named no dish yet has the dishes that
        // offer what it said.
        const dishIds =
          item.dishIds.length > 0
            ? item.dishIds
            : [...lexicon.dishes.keys()].filter(
                (id) => item.said.length > 0 && item.said.every((s) => s.readings.some((r) => r.dishIds.has(id))),
              );
        if (item.correction || dishIds.length === 0) continue;
        for (const said of draft.said) {
          const readings = said.readings.filter((r) => dishIds.some((id) => r.dishIds.has(id)));
          if (readings.length === 0 || item.said.some((s) => sameGroup(s.readings, readings))) continue;
          item.said.push({ ...said, readings, forAll: true });
          given = true;
        }
      }
      if (given) continue;
    }
    if (draft.adds && draft.dishIds.length > 0 && (sameIndex < 0 || draft.quantity !== null)) {
      // "add a coke", "and add another pizza": one more item, not a change to the one before.
      merged.push({ ...draft, correction: false, adds: false });
      continue;
    }
    const index = sameIndex >= 0 ? sameIndex : draft.correction && reference !== null ? reference : merged.length - 1;
    const target = merged[index];
    // "…和一杯雪碧，雪碧要中杯", "a pizza and a coke, the coke large": the same dish again, no number, more said of it.
    const followUp =
      !draft.correction &&
      sameIndex >= 0 &&
      draft.quantity === null &&
      draft.said.length + draft.exclusions.length + draft.notes.length > 0 &&
      !draft.said.some((d) => merged[sameIndex]!.said.some((t) => sameGroup(d.readings, t.readings)));
    if (!draft.correction && sameIndex >= 0 && draft.quantity === null && !hasOwnContent(draft)) {
      // "…y una fanta, la fanta que sea de lata": the dish named again, for the correction after it.
      reference = sameIndex;
      continue;
    }
    if (draft.partOf && before && before.quantity !== null) {
      // "…, one of them with mushrooms too": taken out of the item before, with everything it has.
      before.quantity -= draft.quantity ?? 1;
      const replaced = (b: Draft['said'][number]) =>
        b.readings.every((r) => r.single) && draft.said.some((d) => sameGroup(d.readings, b.readings));
      merged.push({
        ...draft,
        dishIds: before.dishIds,
        said: [...before.said.filter((b) => !replaced(b)), ...draft.said],
        exclusions: [...before.exclusions, ...draft.exclusions],
        partOf: false,
      });
      continue;
    }
    const appositive =
      draft.pronoun &&
      draft.dishIds.length === 0 &&
      before &&
      before.dishIds.length === 1 &&
      (before.quantity ?? 1) === 1 &&
      draft.said.every((d) => d.readings.some((r) => r.dishIds.has(before.dishIds[0]!))) &&
      !draft.said.some((d) => before.said.some((b) => sameGroup(d.readings, b.readings)));
    if (appositive) {
      // "a Pepsi, a large one": more about the item before, not another.
      before.said.push(...draft.said);
      before.exclusions.push(...draft.exclusions);
      continue;
    }
    if ((draft.correction || followUp) && target && !target.correction) {
      if (draft.dishIds.length > 0 && !sameDish(draft, target)) {
        const quantity = draft.quantity !== null && !draft.quantityIsArticle ? draft.quantity : target.quantity;
        const kept = draft.replaces
          ? target.said.filter((t) => !draft.said.some((d) => sameGroup(d.readings, t.readings)))
          : [];
        merged[index] = { ...draft, correction: false, quantity, said: [...kept, ...draft.said], replaces: undefined };
      } else {
        const quantity = draft.quantity !== null && !draft.quantityIsArticle ? draft.quantity : target.quantity;
        // "…with bacon, actually no bacon": a choice said before is taken back, not left off the dish.
        const isTopping = (t: Draft['said'][number]) => t.readings.every((r) => !r.single);
        const takenBack = (t: Draft['said'][number]) =>
          draft.exclusions.some((x) => t.readings.some((r) => sameWords(r.choice, x))) ||
          (draft.onlyThese === true && isTopping(t) && draft.said.some(isTopping));
        merged[index] = {
          ...target,
          quantity,
          said: [
            // A choice of a group that takes one replaces the one said before; an addition adds toppings.
            ...target.said.filter(
              (s) =>
                !takenBack(s) &&
                (!draft.said.some((d) => sameGroup(d.readings, s.readings)) ||
                  (draft.adds && s.readings.every((r) => !r.single))),
            ),
            ...draft.said,
          ],
          exclusions: [
            ...target.exclusions,
            ...draft.exclusions.filter(
              (x) => !target.said.some((t) => t.readings.some((r) => sameWords(r.choice, x)) && takenBack(t)),
            ),
          ],
          notes: [...target.notes, ...draft.notes],
        };
      }
      continue;
    }
    merged.push(draft);
  }

  // Dishes for phrases that named only options: first those only one dish offers ("one pepperoni" is a pizza), then
  // the others from the phrase after or before ("2 mediums, one pepperoni …"), or the dishes that offer them.
  const offeringAll = (draft: Draft, ids: readonly string[]) =>
    ids.filter((id) => draft.said.every((s) => s.readings.some((r) => r.dishIds.has(id))));
  const dishless = merged.filter((d) => d.dishIds.length === 0 && d.said.length > 0 && !d.correction);
  for (const draft of dishless) draft.dishInferred = true;
  for (const draft of dishless) {
    const everywhere = offeringAll(draft, [...lexicon.dishes.keys()]);
    // "1 large cheese, 3 large cokes": the words beside the size that are no name still say whose it is.
    const pointed = draft.unknown
      ? new Set(
          wordsOf(source.slice(draft.unknown.start, draft.unknown.end)).flatMap((w) => [...lexicon.dishesUsingWord(w)]),
        )
      : new Set<string>();
    const owners = everywhere.filter((id) => pointed.has(id));
    if (everywhere.length === 1 && (pointed.size !== 1 || owners.length === 1)) {
      draft.dishIds = everywhere;
    } else if (owners.length === 1) {
      draft.dishIds = owners;
    } else if (everywhere.length === 1 && pointed.size === 1) {
      // "one plain cheese" where only the wings come plain: the cheese says it is a pizza, "plain" a note on it.
      draft.dishIds = [...pointed];
    }
  }
  for (const draft of dishless) {
    if (draft.dishIds.length > 0) continue;
    const i = merged.indexOf(draft);
    const next = merged.slice(i + 1).find((d) => d.dishIds.length > 0);
    const previous = merged
      .slice(0, i)
      .reverse()
      .find((d) => d.dishIds.length > 0);
    // "1 large, 3 large cokes": a phrase that says only what the next one says again is not more of it (asked about).
    const repeatsNext =
      next !== undefined &&
      next.quantity !== null &&
      draft.said.every((d) =>
        next.said.some((n) =>
          d.readings.some((r) => n.readings.some((q) => q.group === r.group && q.choice === r.choice)),
        ),
      );
    const fromNext = next && !repeatsNext ? offeringAll(draft, next.dishIds) : [];
    const fromPrevious = previous ? offeringAll(draft, previous.dishIds) : [];
    draft.dishIds =
      fromNext.length > 0
        ? fromNext
        : fromPrevious.length > 0
          ? fromPrevious
          : offeringAll(draft, [...lexicon.dishes.keys()]);
  }
  // A word said only in part with no number ("… for a birthday party") is no item of its own.
  for (let i = merged.length - 1; i >= 0; i--) {
    const draft = merged[i]!;
    const onlyParts = draft.said.length > 0 && draft.said.every((s) => s.readings.every((r) => r.partial));
    if (dishless.includes(draft) && (draft.quantity === null || draft.quantityIsArticle) && onlyParts)
      merged.splice(i, 1);
  }
  // "Two cheeseburgers, one without pickles", "a pizza, no olives": about the item before.
  for (let i = merged.length - 1; i > 0; i--) {
    const draft = merged[i]!;
    const before = merged[i - 1]!;
    if (draft.dishIds.length > 0 || draft.said.length > 0 || draft.correction || before.dishIds.length === 0) continue;
    if (draft.quantity !== null) before.notes.push(source.slice(draft.start, draft.end).trim().toLowerCase());
    else before.exclusions.push(...draft.exclusions);
    before.notes.push(...draft.notes);
    merged.splice(i, 1);
  }
  // A lone word that several dishes offer, with no number ("can I get …"), is no item of its own.
  for (let i = merged.length - 1; i >= 0; i--) {
    const draft = merged[i]!;
    if (!draft.correction && draft.said.length > 0 && draft.quantity === null && draft.dishIds.length > 1) {
      merged.splice(i, 1);
    }
  }

  // "Two pizzas: one large with ham, one small with olives", "four medium pizzas: two with pepperoni, two with
  // sausage": the pizzas are the ones that follow, each with what was said of all of them.
  const items: Draft[] = [];
  for (let i = 0; i < merged.length; i++) {
    const draft = merged[i]!;
    const total = draft.quantity ?? 1;
    const toppings = draft.said.some((s) => !s.forAll && s.readings.every((r) => !r.single));
    if (draft.dishIds.length === 1 && total > 1 && !draft.quantityIsArticle && !toppings) {
      let sum = 0;
      let j = i + 1;
      while (
        j < merged.length &&
        !merged[j]!.correction &&
        merged[j]!.dishInferred === true &&
        merged[j]!.dishIds.length === 1 &&
        merged[j]!.dishIds[0] === draft.dishIds[0] &&
        merged[j]!.quantity !== null &&
        merged[j]!.said.length + merged[j]!.exclusions.length > 0 &&
        !contradicts(draft, merged[j]!) &&
        sum + merged[j]!.quantity! <= total
      ) {
        sum += merged[j]!.quantity!;
        j++;
      }
      if (j > i + 1 && sum > 0) {
        const shared = (part: Draft) => [
          ...draft.said.filter((s) => !part.said.some((p) => sameGroup(p.readings, s.readings))),
          ...part.said,
        ];
        // The rest, when fewer were described than ordered, stay as first said.
        if (sum < total) items.push({ ...draft, quantity: total - sum });
        for (let k = i + 1; k < j; k++) items.push({ ...merged[k]!, said: shared(merged[k]!) });
        i = j - 1;
        continue;
      }
    }
    items.push(draft);
  }

  return items.map((draft) => readOut(draft, lexicon, source));
}

/** Whether `part` names another choice of a one-choice group than `whole` did ("two medium …, one large …"). */
const contradicts = (whole: Draft, part: Draft) =>
  part.said.some((p) =>
    whole.said.some(
      (w) =>
        sameGroup(w.readings, p.readings) &&
        w.readings.every((r) => r.single) &&
        !w.readings.some((r) => p.readings.some((q) => q.group === r.group && q.choice === r.choice)),
    ),
  );

const sameDish = (a: Draft, b: Draft) =>
  a.dishIds.length === b.dishIds.length && a.dishIds.every((id) => b.dishIds.includes(id));

const sameGroup = (a: readonly ChoiceReading[], b: readonly ChoiceReading[]) =>
  a.some((x) => b.some((y) => x.group === y.group));

function readOut(draft: Draft, lexicon: MenuLexicon, source: string): ParsedItem {
  const dishId = draft.dishIds.length === 1 ? draft.dishIds[0]! : null;
  const dish = dishId ? lexicon.dishes.get(dishId) : undefined;
  const options: ChosenChoice[] = [];
  const conflicts: string[] = [];
  const notes = [...draft.notes];
  const unsure = [...draft.unsure];
  // A choice said in part ("party" for Party Size) gives way to one said whole in the same group.
  const partialOf = new Map<string, boolean>();
  for (const said of draft.said) {
    const reading = dishId
      ? (said.readings.filter((r) => r.dishIds.has(dishId)).sort((a, b) => Number(a.partial) - Number(b.partial))[0] ??
        null)
      : said.readings[0]!;
    if (!reading) {
      notes.push(said.text.toLowerCase());
      continue;
    }
    const group = dish?.options.find((g) => g.name === reading.group);
    const single = group ? group.required || !group.multiple : true;
    const already = options.findIndex((o) => o.group === reading.group);
    if (options.some((o) => o.group === reading.group && o.choice === reading.choice)) continue;
    if (already >= 0 && single && partialOf.get(reading.group) !== reading.partial) {
      if (reading.partial) continue;
      options.splice(already, 1);
    } else if (already >= 0 && single && adjacent(said, draft.said, reading.group)) {
      // "a two liter bottle": the first word says which, the second what it comes in.
      continue;
    } else if (already >= 0 && single) {
      // Two sizes for one pizza: asked again, not guessed.
      if (!conflicts.includes(reading.group)) conflicts.push(reading.group);
      options.splice(already, 1);
      continue;
    }
    if (conflicts.includes(reading.group) && single) continue;
    options.push({ group: reading.group, choice: reading.choice });
    partialOf.set(reading.group, reading.partial);
    if (said.cost >= 1) unsure.push(`"${said.text}" taken as ${reading.choice}`);
  }
  // "Six wings", "twelve pieces of chicken wings": the count is the dish's own choice of pieces, one of it.
  let quantity = draft.correction && draft.quantityIsArticle ? null : draft.quantity;
  if (dish && quantity !== null && !draft.quantityIsArticle) {
    for (const group of dish.options) {
      if (options.some((o) => o.group === group.name)) continue;
      const counted = group.choices.find((c) => new RegExp(`^${quantity}\\b`).test(c.name.trim()));
      if (counted && group.choices.every((c) => /^\d+\b/.test(c.name.trim()))) {
        options.push({ group: group.name, choice: counted.name });
        quantity = null;
        break;
      }
    }
  }
  // In the menu's order, whatever order they were said in.
  if (dish) {
    const order = dish.options.flatMap((g) => g.choices.map((c) => `${g.name}\u0000${c.name}`));
    options.sort((a, b) => order.indexOf(`${a.group}\u0000${a.choice}`) - order.indexOf(`${b.group}\u0000${b.choice}`));
  }
  return {
    dishIds: draft.dishIds,
    quantity,
    article: draft.quantityIsArticle || (quantity === null && draft.quantity !== null),
    options,
    conflicts,
    exclusions: [...new Set(draft.exclusions)],
    notes: [...new Set(notes)],
    correction: draft.correction,
    unsure,
    text: source.slice(draft.start, Math.max(draft.end, draft.start)).trim(),
  };
}
