import { normalizeDishName } from './text';

/** The number words of one language, as its language pack gives them. */
export interface NumberWords {
  /** Number words and phrases: "one", "a couple of", "half a dozen", "veintiuno", "quatre vingt". */
  numbers: Record<string, number>;
  /** Words that multiply the number before them (or 1): "dozen" 12, "hundred" 100, "thousand" 1000. */
  multipliers: Record<string, number>;
  /** "twenty and one", "treinta y uno", "vingt et un". */
  numberJoiners: string[];
}

interface NumberTable {
  words: Map<string, number>;
  multipliers: Map<string, number>;
  joiners: Set<string>;
  longest: number;
}

const tables = new WeakMap<NumberWords, NumberTable>();

function tableOf(pack: NumberWords): NumberTable {
  let table = tables.get(pack);
  if (!table) {
    const words = new Map(Object.entries(pack.numbers).map(([w, n]) => [normalizeDishName(w), n]));
    const multipliers = new Map(Object.entries(pack.multipliers).map(([w, n]) => [normalizeDishName(w), n]));
    const longest = Math.max(...[...words.keys(), ...multipliers.keys()].map((k) => k.split(' ').length));
    table = { words, multipliers, joiners: new Set(pack.numberJoiners.map(normalizeDishName)), longest };
    tables.set(pack, table);
  }
  return table;
}

function phraseAt(words: readonly string[], i: number, map: Map<string, number>, longest: number) {
  for (let length = Math.min(longest, words.length - i); length >= 1; length--) {
    const value = map.get(words.slice(i, i + length).join(' '));
    if (value !== undefined) return { value, length };
  }
  return null;
}

/**
 * The number said at words[i] (normalized words of a spaced language), and how many words it takes: "two" 2,
 * "twenty one" 21, "a dozen" 12, "two hundred and five" 205, "12" 12, "treinta y dos" 32, "vingt et un" 21,
 * "une demi douzaine" 6. Null when no number starts there.
 */
export function readNumber(
  words: readonly string[],
  i: number,
  pack: NumberWords,
): { value: number; length: number } | null {
  const table = tableOf(pack);
  let total = 0;
  let current = 0;
  let any = false;
  let j = i;
  while (j < words.length) {
    const word = words[j]!;
    if (/^\d+$/.test(word)) {
      if (any) break;
      current = Number(word);
      any = true;
      j++;
      continue;
    }
    const number = phraseAt(words, j, table.words, table.longest);
    if (number) {
      // "twenty one", "cien veinte": a smaller number after a round one adds to it; any other pair is two numbers.
      const adds =
        !any ||
        (current % 10 === 0 && current >= 20 && number.value < 10) ||
        (current % 100 === 0 && current > 0 && number.value < 100);
      if (!adds) break;
      current += number.value;
      any = true;
      j += number.length;
      continue;
    }
    const multiplier = phraseAt(words, j, table.multipliers, table.longest);
    if (multiplier) {
      if (multiplier.value >= 1000) {
        total += (current || 1) * multiplier.value;
        current = 0;
      } else {
        current = (current || 1) * multiplier.value;
      }
      any = true;
      j += multiplier.length;
      continue;
    }
    if (any && table.joiners.has(word) && j + 1 < words.length) {
      const next = phraseAt(words, j + 1, table.words, table.longest);
      const joins =
        next && ((current % 10 === 0 && current >= 20 && next.value < 10) || (current % 100 === 0 && next.value < 100));
      if (joins) {
        j++;
        continue;
      }
    }
    break;
  }
  return any ? { value: total + current, length: j - i } : null;
}

const CHINESE_DIGITS: Record<string, number> = {
  零: 0,
  〇: 0,
  一: 1,
  二: 2,
  两: 2,
  俩: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};
const CHINESE_UNITS: Record<string, number> = { 十: 10, 百: 100, 千: 1000, 万: 10000 };

/** Characters a Chinese number is written with (Arabic digits included). */
export const CHINESE_NUMERAL = /[零〇一二两俩三四五六七八九十百千万0-9０-９]/;

/** 两 2, 十二 12, 二十五 25, 一百零五 105, 两千 2000, 12 12. Null when the text is not a number. */
export function parseChineseNumber(text: string): number | null {
  const ascii = text.normalize('NFKC');
  if (/^\d+$/.test(ascii)) return Number(ascii);
  if (!text || ![...text].every((c) => c in CHINESE_DIGITS || c in CHINESE_UNITS)) return null;
  let total = 0;
  let section = 0;
  let digit = 0;
  for (const c of text) {
    if (c in CHINESE_DIGITS) {
      digit = CHINESE_DIGITS[c]!;
    } else if (c === '万') {
      total += (section + digit || 1) * 10000;
      section = 0;
      digit = 0;
    } else {
      section += (digit || 1) * CHINESE_UNITS[c]!;
      digit = 0;
    }
  }
  return total + section + digit;
}
