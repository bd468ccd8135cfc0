import { LANGUAGE_CODES } from '@shared/domain/languages';
import type { MenuEntry } from '../voice/call-context';
import { matchDish, normalizeDishName, type MatchCandidate } from '../voice/menu-match';
import { mentionsAllergy } from '../voice/review';
import { containsAny, phraseKey, type LanguagePack } from '../language';
import { CHINESE_GLOSSARY_WORDS, glossaryForms, translatePhrase } from '../language/glossary';
import { CHINESE_NUMERAL, parseChineseNumber, readNumber } from '../ordering/numbers';

/**
 * Reads one thing a caller said into what the built-in assistant acts on: yes or no, a name, what they ask about
 * (menu, prices, hours, their order, a person), and item actions (add, remove, change a quantity, a note) with the
 * dishes named as said. Dishes are found by trying the caller's words, and their glossary translations, against the
 * menu's names and aliases with the shared forgiving matcher (matchDish).
 */

/** A dish as the caller named it, with the same words said in the other languages (glossary). */
export interface DishRef {
  text: string;
  variants: string[];
  /** When the whole phrase is one glossary word: every way of saying it ("eau", "water", "agua", "水" …). */
  forms: string[];
}

export type ItemAction =
  /** `exact`: said as a correction ("make that two tacos"), so the quantity replaces rather than adds. */
  | { kind: 'add'; dish: DishRef; quantity: number | null; exact: boolean }
  /** A quantity for a dish, or (dish null) for the item last talked about; `bare` when it was just a number. */
  | { kind: 'set'; dish: DishRef | null; quantity: number; bare: boolean }
  | { kind: 'remove'; dish: DishRef | null }
  /** A note for the dish (null: the item last talked about). */
  | { kind: 'note'; dish: DishRef | null; note: string }
  /** "no horchata": a removal when the dish is in the order, otherwise a note ("no onions") for `target`. */
  | { kind: 'negative'; dish: DishRef; target: DishRef | null; note: string }
  /** "two waters" where nothing on the menu is water: something asked for that the menu does not have. */
  | { kind: 'unknown'; text: string };

export interface Utterance {
  yes: boolean;
  no: boolean;
  /** Given with "my name is …" and the like. */
  name: string | null;
  /** What the caller said, if it can only be a name (a few words, nothing else recognised). */
  bareName: string | null;
  transfer: boolean;
  goodbye: boolean;
  thanks: boolean;
  done: boolean;
  menu: boolean;
  price: boolean;
  doYouHave: boolean;
  /** A question about a dish ("is the soup spicy?"), not an order for it. */
  dishQuestion: boolean;
  hours: boolean;
  status: boolean;
  waitTime: boolean;
  cancelAll: boolean;
  /** A custom (off-menu) request, with its text when the caller said it. */
  custom: { text: string | null } | null;
  actions: ItemAction[];
  /** Every dish named, in order. */
  dishes: DishRef[];
  /** The request without its opener ("I'd like …"), for an unknown or custom request. */
  content: string;
  /** Words in `content` that are not fillers or numbers. */
  contentWords: number;
}

interface Token {
  raw: string;
  norm: string;
  start: number;
  end: number;
  sep: boolean;
  num: number | null;
  article: boolean;
  /** Part of a dish name found by exact match before numbers were read ("Tres Leches"). */
  fixedDish: boolean;
}

type Category = 'remove' | 'change' | 'negative' | 'noteWord' | 'noteMarker' | 'with' | 'add' | 'conj' | 'qfill';
const CATEGORY_ORDER: Category[] = [
  'remove',
  'change',
  'negative',
  'noteWord',
  'noteMarker',
  'with',
  'add',
  'conj',
  'qfill',
];
const BLOCKS_END = new Set<Category>(['remove', 'change', 'negative', 'noteMarker', 'with', 'add', 'conj', 'qfill']);
const BLOCKS_INNER = new Set<Category>(['remove', 'change', 'negative']);
/** Markers that start or continue a note. */
const NOTE_CATEGORIES = new Set<Category>(['negative', 'noteMarker', 'noteWord', 'with']);

interface Compiled {
  markers: { category: Category; key: string; words: string[] }[];
  fillers: Set<string>;
  articles: Set<string>;
  quantityFillers: Set<string>;
  measureWords: string[];
  /** Chinese: every known word, for segmenting. */
  dictionary: Set<string>;
}

const compiledPacks = new WeakMap<LanguagePack, Compiled>();

function compile(pack: LanguagePack): Compiled {
  const cached = compiledPacks.get(pack);
  if (cached) return cached;
  const key = (p: string) => phraseKey(pack, p);
  const lists: Record<Category, string[]> = {
    remove: pack.remove,
    change: pack.change,
    negative: pack.negative,
    noteWord: pack.noteWords,
    noteMarker: pack.noteMarkers,
    with: pack.withWords,
    add: pack.add,
    conj: pack.conjunctions,
    qfill: pack.quantityFillers.filter((w) => key(w).includes(' ')),
  };
  const markers = CATEGORY_ORDER.flatMap((category) =>
    lists[category].map((p) => ({ category, key: key(p), words: key(p).split(' ') })),
  );
  const everyPhrase = [
    ...Object.values(lists).flat(),
    pack.yes,
    pack.no,
    pack.thanks,
    pack.done,
    pack.goodbye,
    pack.transfer.verbs,
    pack.transfer.targets,
    pack.transfer.standalone,
    pack.menu,
    pack.price,
    pack.doYouHave,
    pack.hours,
    pack.status,
    pack.custom,
    pack.cancelAll,
    pack.fillers,
    pack.requestLeads,
    pack.nameIntro,
    pack.nameBare,
  ].flat();
  const compiled: Compiled = {
    markers,
    fillers: new Set(pack.fillers.map(key)),
    articles: new Set(pack.articles.map(key)),
    quantityFillers: new Set(pack.quantityFillers.map(key)),
    measureWords: [...pack.measureWords].sort((a, b) => b.length - a.length),
    dictionary: new Set(pack.spaced ? [] : everyPhrase.map(key).filter((p) => p && !p.includes('*'))),
  };
  compiledPacks.set(pack, compiled);
  return compiled;
}

const HAN = /\p{Script=Han}/u;
const SEPARATOR = /^[\p{P}\p{S}]+$/u;

// ——— Tokens ———

function tokenizeSpaced(source: string, pack: LanguagePack): Token[] {
  const tokens: Token[] = [];
  for (const m of source.matchAll(/[\p{L}\p{N}\p{M}]+|[,.;!?:…—–()]|\s-\s/gu)) {
    const raw = m[0];
    const start = m.index;
    const sep = !/^[\p{L}\p{N}\p{M}]/u.test(raw);
    const expanded = sep ? undefined : pack.contractions[raw.toLowerCase()];
    if (expanded) {
      // "thats" reads as "that s", both words spanning what was typed.
      for (const norm of normalizeDishName(expanded).split(' ')) {
        tokens.push({ raw, norm, start, end: start + raw.length, sep, num: null, article: false, fixedDish: false });
      }
      continue;
    }
    tokens.push({
      raw,
      norm: sep ? '' : normalizeDishName(raw),
      start,
      end: start + raw.length,
      sep,
      num: null,
      article: false,
      fixedDish: false,
    });
  }
  return tokens;
}

/** The longest known word starting at text[i], if any. */
function longestAt(text: string, i: number, words: ReadonlySet<string>, maxLength: number): string | null {
  for (let length = Math.min(maxLength, text.length - i); length >= 1; length--) {
    const candidate = text.slice(i, i + length);
    if (words.has(candidate)) return candidate;
  }
  return null;
}

function tokenizeChinese(source: string, pack: LanguagePack, menu: readonly MenuEntry[]): Token[] {
  const compiled = compile(pack);
  const dictionary = new Set([
    ...compiled.dictionary,
    ...CHINESE_GLOSSARY_WORDS,
    ...menu.flatMap((m) => [m.name, ...m.aliases].map((n) => phraseKey(pack, n)).filter((n) => HAN.test(n))),
  ]);
  const maxLength = Math.max(1, ...[...dictionary].map((w) => w.length));
  const lower = source.toLowerCase();
  const tokens: Token[] = [];
  const push = (start: number, end: number, extra: Partial<Token> = {}) =>
    tokens.push({
      raw: source.slice(start, end),
      norm: lower.slice(start, end),
      start,
      end,
      sep: false,
      num: null,
      article: false,
      fixedDish: false,
      ...extra,
    });
  let i = 0;
  while (i < source.length) {
    const ch = source[i]!;
    if (/\s/u.test(ch)) {
      i++;
    } else if (SEPARATOR.test(ch)) {
      push(i, i + 1, { sep: true, norm: '' });
      i++;
    } else if (CHINESE_NUMERAL.test(ch) || (ch === '半' && source[i + 1] === '打')) {
      let j = i;
      while (j < source.length && CHINESE_NUMERAL.test(source[j]!)) j++;
      const word = longestAt(lower, i, dictionary, maxLength);
      let value = ch === '半' ? 6 : parseChineseNumber(source.slice(i, j));
      if (ch === '半') j = i + 2;
      if (value === null || (word && word.length > j - i)) {
        const end = i + (word?.length ?? 1);
        push(i, end);
        i = end;
        continue;
      }
      if (source[j] === '打' && ch !== '半') {
        value *= 12;
        j++;
      }
      const measure = compiled.measureWords.find((m) => source.startsWith(m, j));
      if (measure) j += measure.length;
      push(i, j, { num: value });
      i = j;
    } else if (HAN.test(ch)) {
      const word = longestAt(lower, i, dictionary, maxLength);
      const end = i + (word?.length ?? 1);
      push(i, end);
      i = end;
    } else {
      let j = i;
      while (j < source.length && /[\p{L}\p{N}\p{M}'’]/u.test(source[j]!) && !HAN.test(source[j]!)) j++;
      if (j === i) j = i + 1;
      const raw = source.slice(i, j);
      tokens.push({
        raw,
        norm: normalizeDishName(raw),
        start: i,
        end: j,
        sep: false,
        num: null,
        article: false,
        fixedDish: false,
      });
      i = j;
    }
  }
  return tokens;
}

/** Number words become one token each ("twenty one", "a dozen"), except inside a dish name said in full. */
function readNumbers(tokens: Token[], pack: LanguagePack, source: string): Token[] {
  const compiled = compile(pack);
  const words = tokens.map((t) => (t.sep || t.fixedDish ? '\u0000' : t.norm));
  const out: Token[] = [];
  for (let i = 0; i < tokens.length;) {
    const token = tokens[i]!;
    const number = token.sep || token.fixedDish ? null : readNumber(words, i, pack);
    if (!number) {
      out.push(token);
      i++;
      continue;
    }
    const last = tokens[i + number.length - 1]!;
    const norm = words.slice(i, i + number.length).join(' ');
    out.push({
      raw: source.slice(token.start, last.end),
      norm,
      start: token.start,
      end: last.end,
      sep: false,
      num: number.value,
      article: compiled.articles.has(norm),
      fixedDish: false,
    });
    i += number.length;
  }
  return out;
}

/** The menu's names and aliases that contain a number word ("Tres Leches"), as words. */
export function namesWithNumbers(menu: readonly MenuEntry[], pack: LanguagePack): string[][] {
  return menu
    .flatMap((m) => [m.name, ...m.aliases])
    .map((n) => normalizeDishName(n).split(' '))
    .filter((name) => name.some((w) => /^\d+$/.test(w) || readNumber([w], 0, pack)));
}

/** Dish names and aliases that contain a number word ("Tres Leches"), said in full, are kept whole. */
function markFixedDishes(tokens: Token[], names: readonly string[][]) {
  const byFirst = namesByFirstWord(names);
  for (let i = 0; i < tokens.length; i++) {
    for (const name of byFirst.get(tokens[i]!.norm) ?? []) {
      if (i + name.length > tokens.length || !name.every((w, k) => tokens[i + k]!.norm === w)) continue;
      for (let k = 0; k < name.length; k++) tokens[i + k]!.fixedDish = true;
    }
  }
}

const namesIndex = new WeakMap<readonly string[][], Map<string, string[][]>>();

function namesByFirstWord(names: readonly string[][]): Map<string, string[][]> {
  let index = namesIndex.get(names);
  if (!index) {
    index = new Map();
    for (const name of names) index.set(name[0]!, [...(index.get(name[0]!) ?? []), name]);
    namesIndex.set(names, index);
  }
  return index;
}

// ——— Markers and dishes ———

function markerAt(
  tokens: readonly Token[],
  i: number,
  pack: LanguagePack,
): { category: Category; length: number } | null {
  const { markers } = compile(pack);
  let best: { category: Category; length: number; size: number } | null = null;
  for (const marker of markers) {
    let length = 0;
    if (pack.spaced) {
      if (marker.words.every((w, k) => tokens[i + k] && !tokens[i + k]!.sep && tokens[i + k]!.norm === w)) {
        length = marker.words.length;
      }
    } else {
      let text = '';
      let k = i;
      while (k < tokens.length && !tokens[k]!.sep && text.length < marker.key.length) text += tokens[k++]!.norm;
      if (text === marker.key) length = k - i;
    }
    const size = marker.key.length;
    if (length > 0 && (!best || size > best.size)) best = { category: marker.category, length, size };
  }
  return best && { category: best.category, length: best.length };
}

function variantsOf(words: readonly string[], pack: LanguagePack): string[] {
  const said = pack.spaced
    ? words.join(' ')
    : words.reduce((t, w) => (t && /\w$/.test(t) && /^\w/.test(w) ? `${t} ${w}` : t + w), '');
  const variants = [said];
  // Two Latin letters ("té", "te") are too easily an ordinary word to translate.
  if (HAN.test(said) || said.replace(/\s/g, '').length > 2) {
    for (const target of LANGUAGE_CODES) {
      if (target === pack.code) continue;
      const translated = translatePhrase(words, pack.code, target);
      // Words of one or two letters each match almost any name word for word: such a variant says nothing.
      const meaningful = translated && !(translated.includes(' ') && translated.split(' ').every((w) => w.length <= 2));
      if (translated && meaningful && !variants.includes(translated)) variants.push(translated);
    }
  }
  return variants;
}

const candidatesOf = (entries: readonly MenuEntry[]): MatchCandidate<MenuEntry>[] =>
  entries.map((m) => ({ value: m, names: [m.name, ...m.aliases] }));

export type Resolution = { entry: MenuEntry; isConfident: boolean } | { options: MenuEntry[] } | null;

/**
 * The menu entry among `entries` a dish reference means: the first variant that matchDish matches; otherwise, when
 * two or more entries match it on their own ("pizza" for two pizzas), those options; otherwise null.
 */
export function resolveDish(dish: DishRef, entries: readonly MenuEntry[]): Resolution {
  const candidates = candidatesOf(entries);
  const optionsFor = (variants: readonly string[]) =>
    candidates
      .filter((c) =>
        variants.some((v) => {
          const result = matchDish(v, [c]);
          return result.kind === 'match' && result.isConfident;
        }),
      )
      .map((c) => c.value);
  // The caller's own words first: "chicken" that fits three dishes is a question, even if "pollo" fits one alias.
  const [said, ...translated] = dish.variants;
  const direct = matchDish(said ?? '', candidates);
  if (direct.kind === 'match') return { entry: direct.value, isConfident: direct.isConfident };
  const saidOptions = optionsFor(said ? [said] : []);
  if (saidOptions.length >= 2) return { options: saidOptions };
  for (const variant of translated) {
    const result = matchDish(variant, candidates);
    if (result.kind === 'match') return { entry: result.value, isConfident: result.isConfident };
  }
  const options = optionsFor(dish.variants);
  if (options.length >= 2) return { options };
  // A short common word ("eau", "tea") is a whole word of the names it belongs to: "Eau Minérale", "Green Tea".
  const named = entries.filter((e) =>
    [e.name, ...e.aliases].some((name) => {
      const target = normalizeDishName(name);
      return dish.forms.some((form) => (HAN.test(form) ? target.includes(form) : ` ${target} `.includes(` ${form} `)));
    }),
  );
  if (named.length === 1) return { entry: named[0]!, isConfident: true };
  return named.length >= 2 ? { options: named } : null;
}

type Piece =
  | { kind: 'sep'; start: number; end: number }
  | { kind: 'num'; value: number; article: boolean; norm: string; start: number; end: number }
  | { kind: 'dish'; ref: DishRef; start: number; end: number }
  | { kind: 'marker'; category: Category; norm: string; start: number; end: number }
  | { kind: 'word'; norm: string; start: number; end: number };

function piecesOf(
  tokens: readonly Token[],
  pack: LanguagePack,
  menu: readonly MenuEntry[],
  source: string,
  resolve: (dish: DishRef) => Resolution,
): Piece[] {
  const compiled = compile(pack);
  const covered: (Category | null)[] = tokens.map(() => null);
  const markerStarts = new Map<number, { category: Category; length: number }>();
  for (let i = 0; i < tokens.length;) {
    const marker = tokens[i]!.sep || tokens[i]!.num !== null ? null : markerAt(tokens, i, pack);
    if (!marker) {
      i++;
      continue;
    }
    markerStarts.set(i, marker);
    for (let k = i; k < i + marker.length; k++) covered[k] = marker.category;
    i += marker.length;
  }

  const hanMenuWords = new Set(
    menu.flatMap((m) => [m.name, ...m.aliases].map((n) => phraseKey(pack, n))).filter((n) => HAN.test(n)),
  );
  const glossaryWords = new Set(CHINESE_GLOSSARY_WORDS);
  const isWord = (k: number) => !!tokens[k] && !tokens[k].sep && tokens[k].num === null;
  const isFiller = (k: number) => compiled.fillers.has(tokens[k]!.norm);
  const dishCapable = (k: number) =>
    isWord(k) &&
    (tokens[k]!.fixedDish ||
      (pack.spaced
        ? true
        : hanMenuWords.has(tokens[k]!.norm) ||
          glossaryWords.has(tokens[k]!.norm) ||
          (!HAN.test(tokens[k]!.norm) && !isFiller(k))));
  const canStart = (k: number) => dishCapable(k) && !isFiller(k) && covered[k] === null;
  const canEnd = (k: number) => dishCapable(k) && !isFiller(k) && !(covered[k] && BLOCKS_END.has(covered[k]));
  const canInner = (k: number) =>
    isWord(k) &&
    !(covered[k] && BLOCKS_INNER.has(covered[k])) &&
    (pack.spaced || dishCapable(k) || tokens[k]!.norm === '的');
  const longestName = Math.max(
    1,
    ...menu.flatMap((m) => [m.name, ...m.aliases]).map((n) => normalizeDishName(n).split(' ').length),
  );
  const maxWords = Math.min(8, longestName + 3);

  const dishes = new Map<number, { length: number; ref: DishRef }>();
  for (let i = 0; i < tokens.length;) {
    if (!canStart(i)) {
      i++;
      continue;
    }
    let run = 0;
    while (i + run < tokens.length && run < maxWords && (run === 0 || canInner(i + run))) run++;
    let found = false;
    for (let length = run; length >= 1 && !found; length--) {
      if (!canEnd(i + length - 1)) continue;
      const words = tokens.slice(i, i + length).map((t) => t.norm);
      const variants = variantsOf(words, pack);
      const ref: DishRef = {
        text: source.slice(tokens[i]!.start, tokens[i + length - 1]!.end),
        variants,
        forms: variants.length > 1 ? glossaryForms(words.join(' '), pack.code) : [],
      };
      if (resolve(ref)) {
        dishes.set(i, { length, ref });
        i += length;
        found = true;
      }
    }
    if (!found) i++;
  }

  const pieces: Piece[] = [];
  for (let i = 0; i < tokens.length;) {
    const token = tokens[i]!;
    const dish = dishes.get(i);
    const marker = markerStarts.get(i);
    if (dish) {
      pieces.push({ kind: 'dish', ref: dish.ref, start: token.start, end: tokens[i + dish.length - 1]!.end });
      i += dish.length;
    } else if (token.sep) {
      pieces.push({ kind: 'sep', start: token.start, end: token.end });
      i++;
    } else if (token.num !== null) {
      pieces.push({
        kind: 'num',
        value: token.num,
        article: token.article,
        norm: token.norm,
        start: token.start,
        end: token.end,
      });
      i++;
    } else if (marker) {
      const last = tokens[i + marker.length - 1]!;
      const norm = tokens
        .slice(i, i + marker.length)
        .map((t) => t.norm)
        .join(pack.spaced ? ' ' : '');
      pieces.push({ kind: 'marker', category: marker.category, norm, start: token.start, end: last.end });
      i += marker.length;
    } else {
      pieces.push({ kind: 'word', norm: token.norm, start: token.start, end: token.end });
      i++;
    }
  }
  return pieces;
}

// ——— Item actions ———

function actionsOf(pieces: readonly Piece[], pack: LanguagePack, source: string): ItemAction[] {
  const compiled = compile(pack);
  // Segments: split at punctuation and at "and" (outside dish names).
  const segments: { pieces: Piece[]; afterConjunction: boolean }[] = [{ pieces: [], afterConjunction: false }];
  for (const piece of pieces) {
    if (piece.kind === 'sep' || (piece.kind === 'marker' && piece.category === 'conj')) {
      const last = segments.at(-1)!;
      if (last.pieces.length > 0) segments.push({ pieces: [], afterConjunction: piece.kind === 'marker' });
      else last.afterConjunction = piece.kind === 'marker';
    } else {
      segments.at(-1)!.pieces.push(piece);
    }
  }

  const pronouns = new Set(pack.pronouns.map((p) => phraseKey(pack, p)));
  const measureWords = new Set(pack.measureWords);
  const actions: ItemAction[] = [];
  let previousMode = 'add' as 'add' | 'remove' | 'change';
  for (const { pieces: segment, afterConjunction } of segments) {
    if (segment.length === 0) continue;
    const hasMarker = (category: Category) => segment.some((p) => p.kind === 'marker' && p.category === category);
    // "remove the horchata and the fries": a removal carries over "and" unless a quantity starts a new item.
    const mode: 'add' | 'remove' | 'change' = hasMarker('remove')
      ? 'remove'
      : hasMarker('change')
        ? 'change'
        : afterConjunction && previousMode === 'remove' && !segment.some((p) => p.kind === 'num')
          ? 'remove'
          : 'add';
    previousMode = mode;

    const segmentText = source.slice(segment[0]!.start, segment.at(-1)!.end);
    const hasDish = segment.some((p) => p.kind === 'dish');
    if (!hasDish && mentionsAllergy(segmentText)) {
      // "I'm allergic to peanuts": the whole remark is the note, from its first word that says something.
      const first = segment.findIndex((p) => !(p.kind === 'word' && compiled.fillers.has(p.norm)));
      actions.push({
        kind: 'note',
        dish: null,
        note: noteText(source.slice(segment[Math.max(0, first)]!.start, segment.at(-1)!.end), pack),
      });
      continue;
    }

    let quantity: number | null = null;
    let lastDish: DishRef | null = null;
    let lastAdd: Extract<ItemAction, { kind: 'add' }> | null = null;
    /** A note being read: where it starts and ends (its last word that says something), and whom it is for. */
    let note: {
      start: number;
      end: number;
      negative: boolean;
      content: boolean;
      target: DishRef | null;
      /** Only fillers since the last word of the note ("no ice on the …"). */
      afterFiller: boolean;
      /** Words that say something, and whether a number was among them. */
      words: number;
      number: boolean;
    } | null = null;
    const closeNote = () => {
      // With no dish to go with, a long remark or one with a number ("a vegan lasagna for eight people") is a
      // request of its own, not a note.
      const request = note && !note.target && !lastDish && (note.number || note.words > 3);
      if (note?.content && !request) {
        const text = noteText(source.slice(note.start, note.end), pack);
        if (text) actions.push({ kind: 'note', dish: note.target, note: text });
      }
      note = null;
    };

    for (let k = 0; k < segment.length; k++) {
      const piece = segment[k]!;
      if (piece.kind === 'num') {
        // A number before a dish (past "orders of", "de", "more") is its quantity.
        let next = k + 1;
        while (next < segment.length && isQuantityFiller(segment[next]!, compiled)) next++;
        const following = segment[k + 1];
        if (segment[next]?.kind === 'dish') {
          closeNote();
          quantity = piece.value;
          k = next - 1;
        } else if (!note && following?.kind === 'marker' && NOTE_CATEGORIES.has(following.category)) {
          // "two cheeseburgers, one without pickles": a note about some of them.
          note = {
            start: piece.start,
            end: piece.end,
            negative: following.category === 'negative',
            content: false,
            target: lastDish,
            afterFiller: false,
            words: 0,
            number: false,
          };
        } else if (note) {
          note.end = piece.end;
          note.afterFiller = false;
          note.number = true;
        } else if (mode !== 'remove' && isContentWord(segment[next], compiled)) {
          // A quantity of something that is not on the menu.
          let last = next;
          while (isContentWord(segment[last + 1], compiled)) last++;
          actions.push({ kind: 'unknown', text: source.slice(segment[next]!.start, segment[last]!.end) });
          k = last;
        } else if (mode === 'change') {
          actions.push({ kind: 'set', dish: lastDish, quantity: piece.value, bare: false });
        } else if (lastDish && pronouns.has(piece.norm)) {
          // "the chicken one": not a quantity.
        } else if (lastAdd && lastAdd.quantity === null) {
          // "饺子两份", "the tacos, four": a quantity after its dish is the quantity, not more of it.
          lastAdd.quantity = piece.value;
          lastAdd.exact = true;
        } else if (!piece.article) {
          actions.push({ kind: 'set', dish: lastDish, quantity: piece.value, bare: lastDish === null });
        }
        continue;
      }
      if (piece.kind === 'word' && measureWords.has(piece.norm) && segment[k + 1]?.kind === 'dish') {
        // "来个炒饭", "来碗汤": a measure word on its own is one.
        quantity ??= 1;
        continue;
      }
      if (piece.kind === 'dish') {
        if (note && quantity === null) {
          const current: NonNullable<typeof note> = note;
          if (current.negative && !current.content) {
            // "no horchata", "sin cebolla": taken off if ordered, otherwise a note.
            actions.push({
              kind: 'negative',
              dish: piece.ref,
              target: current.target,
              note: noteText(source.slice(current.start, piece.end), pack),
            });
            note = null;
          } else if (current.content && current.afterFiller) {
            // "no ice on the horchata": the dish is whom the note is for.
            current.target = piece.ref;
            closeNote();
            lastDish = piece.ref;
          } else {
            current.end = piece.end;
            current.content = true;
            current.afterFiller = false;
          }
          continue;
        }
        closeNote();
        if (mode === 'remove') {
          actions.push({ kind: 'remove', dish: piece.ref });
        } else if (mode === 'change') {
          if (quantity !== null) actions.push({ kind: 'add', dish: piece.ref, quantity, exact: true });
        } else {
          lastAdd = { kind: 'add', dish: piece.ref, quantity, exact: false };
          actions.push(lastAdd);
        }
        lastDish = piece.ref;
        quantity = null;
        continue;
      }
      if (piece.kind === 'marker' && NOTE_CATEGORIES.has(piece.category)) {
        if (!note) {
          note = {
            start: piece.start,
            end: piece.end,
            negative: piece.category === 'negative',
            content: piece.category === 'noteWord',
            target: lastDish,
            afterFiller: false,
            words: 0,
            number: false,
          };
        } else {
          note.end = piece.end;
          note.afterFiller = false;
          note.content ||= piece.category === 'noteWord';
          if (piece.category === 'negative' && !note.content) note.negative = true;
        }
        continue;
      }
      if (note) {
        if (piece.kind === 'word' && compiled.fillers.has(piece.norm)) {
          note.afterFiller = true;
        } else {
          note.end = piece.end;
          note.content = true;
          note.afterFiller = false;
          note.words++;
        }
      }
    }
    closeNote();
    if (mode === 'remove' && !segment.some((p) => p.kind === 'dish')) actions.push({ kind: 'remove', dish: null });
  }
  return actions;
}

const isContentWord = (piece: Piece | undefined, compiled: Compiled) =>
  piece?.kind === 'word' && !compiled.fillers.has(piece.norm);

function isQuantityFiller(piece: Piece, compiled: Compiled): boolean {
  if (piece.kind === 'word') return compiled.quantityFillers.has(piece.norm);
  return piece.kind === 'marker' && (piece.category === 'qfill' || compiled.quantityFillers.has(piece.norm));
}

/** A note as it goes on the ticket: the caller's words, lowercase, without a leading "with" or trailing "please". */
function noteText(text: string, pack: LanguagePack): string {
  const compiled = compile(pack);
  let note = text.trim().replace(/[\s,.;!?:。，！？；、]+$/u, '');
  if (pack.spaced) {
    note = note.toLowerCase();
    if (pack.noteWords.some((w) => phraseKey(pack, w) === normalizeDishName(note))) return note;
    const words = note.split(/\s+/);
    while (
      words.length > 1 &&
      compiled.fillers.has(normalizeDishName(words.at(-1)!)) &&
      !pack.withWords.includes(words.at(-1)!)
    )
      words.pop();
    const withWord = pack.withWords.map((w) => phraseKey(pack, w)).find((w) => normalizeDishName(words[0] ?? '') === w);
    if (withWord && words.length > 2) {
      const second = normalizeDishName(words[1]!);
      if (compiled.markers.some((m) => m.words[0] === second && m.category !== 'with')) words.shift();
    }
    note = words.join(' ');
  } else {
    note = note.replace(/^[吧了呢啊呀]+|[吧了呢啊呀]+$/gu, '');
  }
  return note;
}

// ——— Whole utterance ———

function leadingPhrase(norms: readonly string[], phrases: readonly string[], pack: LanguagePack): number {
  let best = 0;
  for (const phrase of phrases) {
    const key = phraseKey(pack, phrase);
    if (pack.spaced) {
      const words = key.split(' ');
      if (words.every((w, k) => norms[k] === w) && words.length > best) best = words.length;
    } else {
      let text = '';
      let k = 0;
      while (k < norms.length && text.length < key.length) text += norms[k++];
      if (text === key && k > best) best = k;
    }
  }
  return best;
}

const capitalize = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

/** The name after an introduction ("my name is Dana and …"): up to three words, stopping at the first filler. */
function nameAfter(
  tokens: readonly Token[],
  from: number,
  pack: LanguagePack,
  source: string,
): { name: string; end: number } | null {
  const compiled = compile(pack);
  if (pack.spaced) {
    let k = from;
    while (k < tokens.length && k - from < 3 && !tokens[k]!.sep && tokens[k]!.num === null) {
      if (k > from && (compiled.fillers.has(tokens[k]!.norm) || markerAt(tokens, k, pack))) break;
      k++;
    }
    if (k === from) return null;
    return { name: capitalize(source.slice(tokens[from]!.start, tokens[k - 1]!.end)), end: k };
  }
  const stops = new Set(
    [...pack.thanks, ...pack.done, ...pack.goodbye, ...pack.conjunctions, ...pack.yes].map((p) => phraseKey(pack, p)),
  );
  let k = from;
  let length = 0;
  while (k < tokens.length && !tokens[k]!.sep && length < 6 && !stops.has(tokens[k]!.norm)) {
    length += tokens[k]!.raw.length;
    k++;
  }
  if (k === from) return null;
  const name = source.slice(tokens[from]!.start, tokens[k - 1]!.end);
  return { name: /\p{Script=Latin}/u.test(name) ? capitalize(name) : name, end: k };
}

function findIntro(tokens: readonly Token[], phrases: readonly string[], pack: LanguagePack) {
  for (let i = 0; i < tokens.length; i++) {
    const length = leadingPhrase(
      tokens.slice(i).map((t) => t.norm),
      phrases,
      pack,
    );
    if (length > 0) return { start: i, length };
  }
  return null;
}

export interface AnalyseOptions {
  /** The assistant has just asked for the caller's name. */
  awaitingName: boolean;
  /** The menu entry a dish reference means; by default the forgiving matcher over every name on the menu. */
  resolve?: (dish: DishRef) => Resolution;
  /** namesWithNumbers of this menu, when the caller keeps it from turn to turn. */
  numberNames?: readonly string[][];
}

/** Reads what the caller said, in the call's language, against this menu. */
export function analyse(
  text: string,
  pack: LanguagePack,
  menu: readonly MenuEntry[],
  { awaitingName, resolve = (dish) => resolveDish(dish, menu), numberNames }: AnalyseOptions = { awaitingName: false },
): Utterance {
  const source = text
    .normalize('NFC')
    .replace(/[’‘`´]/g, "'")
    .trim();
  const compiled = compile(pack);
  let tokens = pack.spaced ? tokenizeSpaced(source, pack) : tokenizeChinese(source, pack, menu);

  // The name, when introduced, is taken out before anything else is read.
  let name: string | null = null;
  const intro = findIntro(tokens, pack.nameIntro, pack);
  if (intro) {
    const found = nameAfter(tokens, intro.start + intro.length, pack, source);
    if (found) {
      name = found.name;
      tokens = [...tokens.slice(0, intro.start), ...tokens.slice(found.end)];
    }
  }

  const flat = (list: readonly Token[]) =>
    pack.spaced
      ? list
          .filter((t) => !t.sep)
          .map((t) => t.norm)
          .join(' ')
      : list.map((t) => (t.sep ? ' ' : t.norm)).join('');
  // What the caller asks for is read without the notes' own words: "well done" is no "done".
  const all = pack.noteWords
    .map((w) => phraseKey(pack, w))
    .reduce(
      (text, word) => (pack.spaced ? ` ${text} `.split(` ${word} `).join('  ').trim() : text.split(word).join(' ')),
      flat(tokens),
    );
  const has = (phrases: readonly string[]) => containsAny(pack, all, phrases);

  // A leading yes or no ("yes please", "no, that's all", "不用了") is an answer; "no onions" is not.
  let yes = false;
  let no = false;
  const words = tokens.filter((t) => !t.sep);
  const norms = words.map((t) => t.norm);
  const yesLength = leadingPhrase(norms, pack.yes, pack);
  const noLength = leadingPhrase(norms, pack.no, pack);
  if (noLength > 0 && noLength >= yesLength) {
    const nextIndex = tokens.indexOf(words[noLength - 1]!) + 1;
    const next = tokens[nextIndex];
    const rest = norms.slice(noLength);
    const follows =
      !next ||
      next.sep ||
      pack.answerFollowers.map((w) => phraseKey(pack, w)).includes(next.norm) ||
      leadingPhrase(rest, [...pack.done, ...pack.thanks, ...pack.goodbye, ...pack.answerFollowers], pack) > 0;
    if (follows) {
      no = true;
      tokens = tokens.slice(nextIndex);
    }
  } else if (yesLength > 0) {
    yes = true;
    tokens = tokens.slice(tokens.indexOf(words[yesLength - 1]!) + 1);
  }

  if (pack.spaced) {
    markFixedDishes(tokens, numberNames ?? namesWithNumbers(menu, pack));
    tokens = readNumbers(tokens, pack, source);
  }
  const pieces = piecesOf(tokens, pack, menu, source, resolve);
  const actions = actionsOf(pieces, pack, source);
  const dishes = pieces.flatMap((p) => (p.kind === 'dish' ? [p.ref] : []));

  // The request without its opener, for an unknown dish or a custom order.
  const contentTokens = stripLeads(tokens, pack);
  const content = contentTokens.length
    ? source
        .slice(contentTokens[0]!.start, contentTokens.at(-1)!.end)
        .replace(/^[\s,.;:!?。，！？：；、-]+|[\s,.;:!?。，！？：；、-]+$/gu, '')
    : '';
  const contentWords = contentTokens.filter((t) => !t.sep && t.num === null && !compiled.fillers.has(t.norm)).length;

  // "I'd like a custom order: a birthday cake for 12": the text after the phrase, or before it if nothing follows.
  let custom: Utterance['custom'] = null;
  const customAt = findIntro(tokens, pack.custom, pack);
  if (customAt) {
    const after = tokens.slice(customAt.start + customAt.length);
    const before = stripLeads(tokens.slice(0, customAt.start), pack);
    custom = { text: customText(after, pack, source) ?? customText(before, pack, source) };
  }

  // When the assistant asked for the name, a few words with nothing else in them are the name.
  let bareName: string | null = null;
  if (awaitingName && !name) {
    const firstSegment: Token[] = [];
    for (const t of tokens) {
      if (t.sep) {
        if (firstSegment.length) break;
        continue;
      }
      firstSegment.push(t);
    }
    const lead = leadingPhrase(
      firstSegment.map((t) => t.norm),
      pack.nameBare,
      pack,
    );
    const candidate = firstSegment.slice(lead);
    const plain = candidate.every(
      (t) => t.num === null && !pieces.some((p) => p.kind === 'dish' && p.start <= t.start && t.end <= p.end),
    );
    const meaningful = candidate.some(
      (t) => !compiled.fillers.has(t.norm) && !markerAt(candidate, candidate.indexOf(t), pack),
    );
    const short = pack.spaced ? candidate.length <= 4 : candidate.map((t) => t.raw).join('').length <= 6;
    if (candidate.length > 0 && plain && meaningful && short) {
      const raw = source.slice(candidate[0]!.start, candidate.at(-1)!.end);
      bareName = /\p{Script=Latin}/u.test(raw) ? capitalize(raw) : raw;
    }
  }

  const transfer = has(pack.transfer.standalone) || (has(pack.transfer.verbs) && has(pack.transfer.targets));
  return {
    yes,
    no,
    name,
    bareName,
    transfer,
    goodbye: has(pack.goodbye),
    thanks: has(pack.thanks),
    done: has(pack.done),
    menu: has(pack.menu),
    price: has(pack.price),
    doYouHave: has(pack.doYouHave),
    dishQuestion: pack.spaced
      ? leadingPhrase(
          tokens.filter((t) => !t.sep).map((t) => t.norm),
          pack.dishQuestion,
          pack,
        ) > 0
      : has(pack.dishQuestion),
    hours: has(pack.hours),
    status: has(pack.status),
    waitTime: has(pack.waitTime),
    cancelAll: has(pack.cancelAll),
    custom,
    actions,
    dishes,
    content,
    contentWords,
  };
}

/**
 * The tokens after the request's opener ("I'd like", "quisiera", "我想要"), however many are chained, and after
 * any opening remark made only of fillers ("Allô, bonjour, …").
 */
function stripLeads(tokens: readonly Token[], pack: LanguagePack): Token[] {
  const { fillers } = compile(pack);
  let from = 0;
  for (;;) {
    while (tokens[from]?.sep) from++;
    const lead = leadingPhrase(
      tokens.slice(from).map((t) => t.norm),
      pack.requestLeads,
      pack,
    );
    if (lead > 0) {
      from += lead;
      continue;
    }
    const sep = tokens.findIndex((t, i) => i >= from && t.sep);
    if (sep > from && tokens.slice(from, sep).every((t) => fillers.has(t.norm))) {
      from = sep;
      continue;
    }
    break;
  }
  return tokens.slice(from);
}

/** Words that link "custom order" to the request itself: "a custom order for a birthday cake". */
const CUSTOM_LINKS = new Set([
  'for',
  'of',
  'de',
  'pour',
  'para',
  'please',
  'por',
  'favor',
  'as',
  'como',
  'comme',
  'en',
  'is',
  'es',
  'est',
]);

/** The custom request's own words: what follows "custom order", without a leading ":" or "for". */
function customText(tokens: readonly Token[], pack: LanguagePack, source: string): string | null {
  let from = 0;
  while (from < tokens.length && (tokens[from]!.sep || (pack.spaced && CUSTOM_LINKS.has(tokens[from]!.norm)))) from++;
  let to = tokens.length - 1;
  while (to >= from && tokens[to]!.sep) to--;
  // "I need a custom order": nothing but "a" is no request yet.
  const { fillers } = compile(pack);
  const says = (t: Token) => !t.sep && (t.num !== null ? !t.article : !fillers.has(t.norm));
  if (!tokens.slice(from, to + 1).some(says)) return null;
  const text = source.slice(tokens[from]!.start, tokens[to]!.end).replace(/^[\s:：,，-]+|[\s。.!！?？]+$/gu, '');
  return text || null;
}
