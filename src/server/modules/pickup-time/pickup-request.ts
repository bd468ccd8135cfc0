import type { Language } from '@shared/domain/languages';
import { dayAt, instantAt, wallClockAt } from '@shared/domain/zoned-time';
import { PACKS, type LanguagePack } from '../language';
import type { PickupTimeWords } from '../language/types';
import { parseChineseNumber } from '../ordering/numbers';

/**
 * A caller asking for a later pickup time, in the call's language: a time of day ("at 7 pm", "a las siete y media de
 * la tarde", "à 19 h 30", "晚上7点半") or a wait ("in an hour", "en media hora", "dans 20 minutes", "半小时后").
 * The words are the language packs' (`pickupTime`); the rule for what the kitchen can promise is
 * `checkScheduledPickup` in src/shared/domain/pickup-quote.ts.
 */
export type PickupRequest =
  { kind: 'clock'; hour: number; minute: number; meridiem: 'am' | 'pm' | null } | { kind: 'wait'; minutes: number };

export interface ReadPickup {
  request: PickupRequest;
  /** What the caller said around it, for the rest of the turn. */
  rest: string;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

interface Token {
  /** Compared without case, accents or apostrophes. */
  key: string;
  start: number;
  end: number;
}

const keyOf = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/['’]/g, '');

function tokensOf(text: string): Token[] {
  return [...text.matchAll(/\d+|[\p{L}\p{M}'’]+|:/gu)].map((m) => ({
    key: keyOf(m[0]),
    start: m.index,
    end: m.index + m[0].length,
  }));
}

interface Phrase {
  keys: string[];
  /** The minutes a wait or a part of the hour stands for; 0 for plain words. */
  value: number;
}

const isWordList = (list: readonly string[] | Record<string, number>): list is readonly string[] => Array.isArray(list);

/** A pack's phrases as token keys, longest first. */
const phraseCache = new WeakMap<object, Phrase[]>();
function phrases(list: readonly string[] | Record<string, number>): Phrase[] {
  let cached = phraseCache.get(list);
  if (!cached) {
    const entries: [string, number][] = isWordList(list)
      ? list.map((w): [string, number] => [w, 0])
      : Object.entries(list);
    cached = entries
      .map(([word, value]) => ({ keys: tokensOf(word).map((t) => t.key), value }))
      .filter((p) => p.keys.length > 0)
      .sort((a, b) => b.keys.length - a.keys.length);
    phraseCache.set(list, cached);
  }
  return cached;
}

/** The longest phrase of the list that starts at token `i`: its length in tokens and its value. */
function phraseAt(tokens: readonly Token[], i: number, list: readonly string[] | Record<string, number>) {
  const found = phrases(list).find((p) => p.keys.every((key, k) => tokens[i + k]?.key === key));
  return found ? { length: found.keys.length, value: found.value } : null;
}

/** A number at token `i`, in digits or in the pack's words (at most three words: "twenty five"). */
function numberAt(tokens: readonly Token[], i: number, pack: LanguagePack): { length: number; value: number } | null {
  const token = tokens[i];
  if (!token) return null;
  if (/^\d+$/.test(token.key)) return { length: 1, value: Number(token.key) };
  const numbers = numberWords(pack);
  for (let length = 3; length >= 1; length--) {
    const key = tokens
      .slice(i, i + length)
      .map((t) => t.key)
      .join(' ');
    if (tokens.length >= i + length && numbers.has(key)) return { length, value: numbers.get(key)! };
  }
  return null;
}

const numberCache = new WeakMap<LanguagePack, Map<string, number>>();
function numberWords(pack: LanguagePack): Map<string, number> {
  let map = numberCache.get(pack);
  if (!map) {
    map = new Map(
      Object.entries(pack.numbers)
        .filter(([, value]) => value >= 0 && value <= 59)
        .map(([word, value]) => [
          tokensOf(word)
            .map((t) => t.key)
            .join(' '),
          value,
        ]),
    );
    numberCache.set(pack, map);
  }
  return map;
}

interface Match {
  request: PickupRequest;
  start: number;
  end: number;
}

/** "in 20 minutes", "in an hour", "dentro de una hora y media", "20 minutes from now". */
function waitAt(tokens: readonly Token[], i: number, pack: LanguagePack, words: PickupTimeWords): Match | null {
  const lead = phraseAt(tokens, i, words.in);
  if (!lead) return null;
  let j = i + lead.length;
  let minutes: number;
  const said = phraseAt(tokens, j, words.waits);
  if (said) {
    minutes = said.value;
    j += said.length;
  } else {
    const count = numberAt(tokens, j, pack);
    if (!count) return null;
    j += count.length;
    const unit = phraseAt(tokens, j, words.minutes) ? 'minutes' : phraseAt(tokens, j, words.hours) ? 'hours' : null;
    if (!unit) return null;
    j += (phraseAt(tokens, j, unit === 'minutes' ? words.minutes : words.hours) ?? { length: 0 }).length;
    minutes = unit === 'minutes' ? count.value : count.value * 60;
    const half = phraseAt(tokens, j, words.pastHour);
    if (unit === 'hours' && half && half.value === 30) {
      minutes += 30;
      j += half.length;
    }
  }
  const after = phraseAt(tokens, j, words.later);
  if (after) j += after.length;
  if (minutes <= 0) return null;
  return { request: { kind: 'wait', minutes }, start: tokens[i]!.start, end: tokens[j - 1]!.end };
}

/** "at 7", "at 7:30 pm", "7 pm", "a las siete y media de la tarde", "à 19 h 30", "at noon". */
function clockAt(tokens: readonly Token[], i: number, pack: LanguagePack, words: PickupTimeWords): Match | null {
  // The longer lead wins ("for pickup at" over "for"); only an 'at' lead makes a bare number a time.
  const at = phraseAt(tokens, i, words.at);
  const marked = phraseAt(tokens, i, words.atMarked);
  const lead = at && (!marked || at.length >= marked.length) ? at : null;
  let j = i + (lead?.length ?? marked?.length ?? 0);
  let hour: number;
  let minute = 0;
  let isTime = false;
  // "Noon" and "midnight" only after a lead ("at noon"): alone they may be part of a dish's name.
  const hasLead = j > i;
  const noon = hasLead ? phraseAt(tokens, j, words.noon) : null;
  const midnight = noon || !hasLead ? null : phraseAt(tokens, j, words.midnight);
  if (noon || midnight) {
    hour = noon ? 12 : 0;
    j += (noon ?? midnight)!.length;
    isTime = true;
  } else {
    const h = numberAt(tokens, j, pack);
    if (!h || h.value > 24) return null;
    hour = h.value;
    j += h.length;
    if (tokens[j]?.key === ':' && /^\d{2}$/.test(tokens[j + 1]?.key ?? '')) {
      minute = Number(tokens[j + 1]!.key);
      j += 2;
      isTime = true;
    } else {
      const oClock = phraseAt(tokens, j, words.oClock);
      if (oClock) {
        j += oClock.length;
        isTime = true;
      }
      const m = numberAt(tokens, j, pack);
      // "seven thirty", "19 h 30": minutes after the hour (a small number after it is more likely a quantity).
      if (m && m.value >= 10 && m.value <= 59 && (lead || oClock)) {
        minute = m.value;
        j += m.length;
      }
    }
    const past = phraseAt(tokens, j, words.pastHour);
    if (past && minute === 0) {
      minute = past.value;
      j += past.length;
      isTime = true;
    }
  }
  let meridiem: 'am' | 'pm' | null = null;
  const am = phraseAt(tokens, j, words.am);
  const pm = am ? null : phraseAt(tokens, j, words.pm);
  if (am || pm) {
    meridiem = am ? 'am' : 'pm';
    j += (am ?? pm)!.length;
  }
  // A bare number is a time only when the caller put it after "at" or marked it as one.
  if (!lead && !isTime && !meridiem) return null;
  if (minute < 0) {
    // "siete menos cuarto": a quarter to seven.
    hour = (hour + 23) % 24;
    minute += 60;
  }
  if (minute > 59 || (meridiem && (hour < 1 || hour > 12))) return null;
  return {
    request: { kind: 'clock', hour: hour % 24, minute, meridiem },
    start: tokens[i]!.start,
    end: tokens[j - 1]!.end,
  };
}

const HAN_NUMBER = '[0-9零〇一二两三四五六七八九十]+';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const alternation = (list: readonly string[]) =>
  [...list]
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|');

/** Chinese, read as written: "晚上7点半", "下午三点十五分", "7:30", "一个小时后", "半小时后", "20分钟后". */
function readChinese(text: string, words: PickupTimeWords): Match | null {
  const later = alternation(words.later);
  const waitPhrase = new RegExp(`(${alternation(Object.keys(words.waits))})(?:${later})`).exec(text);
  if (waitPhrase) {
    return {
      request: { kind: 'wait', minutes: words.waits[waitPhrase[1]!]! },
      start: waitPhrase.index,
      end: waitPhrase.index + waitPhrase[0].length,
    };
  }
  const wait = new RegExp(
    `(?:${alternation(words.in)})?(${HAN_NUMBER})(?:(${alternation(words.minutes)})|(${alternation(words.hours)})(半)?)(?:${later})`,
  ).exec(text);
  if (wait) {
    const count = parseChineseNumber(wait[1]!);
    if (count !== null && count > 0) {
      const minutes = wait[2] ? count : count * 60 + (wait[4] ? 30 : 0);
      return { request: { kind: 'wait', minutes }, start: wait.index, end: wait.index + wait[0].length };
    }
  }
  const noon = new RegExp(alternation([...words.noon, ...words.midnight])).exec(text);
  if (noon) {
    const hour = words.noon.includes(noon[0]) ? 12 : 0;
    return {
      request: { kind: 'clock', hour, minute: 0, meridiem: null },
      start: noon.index,
      end: noon.index + noon[0].length,
    };
  }
  const pastWords = alternation(Object.keys(words.pastHour));
  const clock = new RegExp(
    `(?:${alternation(words.at)})?(${alternation([...words.am, ...words.pm, '中午'])})?(${HAN_NUMBER})(?:(?:${alternation(words.oClock)})(?:(${pastWords})|(${HAN_NUMBER})分?)?|[:：](\\d{2}))`,
  ).exec(text);
  if (!clock) return null;
  let hour = parseChineseNumber(clock[2]!);
  const minute = clock[3]
    ? words.pastHour[clock[3]]!
    : clock[4]
      ? parseChineseNumber(clock[4])
      : clock[5]
        ? Number(clock[5])
        : 0;
  if (hour === null || minute === null || hour > 24 || minute > 59) return null;
  const mark = clock[1];
  let meridiem: 'am' | 'pm' | null = null;
  if (mark && words.am.includes(mark)) meridiem = 'am';
  else if (mark && words.pm.includes(mark)) meridiem = 'pm';
  else if (mark === '中午') {
    // Midday: 12 stays noon, 1 or 2 is the afternoon.
    meridiem = hour === 12 ? null : 'pm';
  }
  if (meridiem && hour > 12) meridiem = null;
  hour %= 24;
  return { request: { kind: 'clock', hour, minute, meridiem }, start: clock.index, end: clock.index + clock[0].length };
}

/** Where the request ends once the pickup words said right after it ("for pickup", "取餐") are taken with it. */
function trailingEnd(text: string, end: number, pack: LanguagePack): number {
  const after = text.slice(end);
  if (!pack.spaced) {
    const found = [...pack.pickupTime.trailing].sort((a, b) => b.length - a.length).find((w) => after.startsWith(w));
    return found ? end + found.length : end;
  }
  const tokens = tokensOf(after);
  const found = phraseAt(tokens, 0, pack.pickupTime.trailing);
  return found ? end + tokens[found.length - 1]!.end : end;
}

/** The first pickup-time request in what the caller said, in the call's language; null when there is none. */
export function readPickupRequest(text: string, pack: LanguagePack): ReadPickup | null {
  const words = pack.pickupTime;
  let match: Match | null = null;
  if (!pack.spaced) {
    match = readChinese(text.normalize('NFKC'), words);
    if (match) text = text.normalize('NFKC');
  } else {
    const tokens = tokensOf(text);
    for (let i = 0; i < tokens.length && !match; i++) {
      match = waitAt(tokens, i, pack, words) ?? clockAt(tokens, i, pack, words);
    }
  }
  if (!match) return null;
  match.end = trailingEnd(text, match.end, pack);
  const gap = pack.spaced ? ' ' : '';
  const rest = `${text.slice(0, match.start)}${gap}${text.slice(match.end)}`.replace(/\s+/g, ' ').trim();
  return { request: match.request, rest };
}

/** A clock time said today and already past by more than this is about tomorrow ("1 am" said at 11 pm). */
const PAST_GRACE_MS = 3 * HOUR_MS;

/**
 * The instant a request names, on the restaurant's clock. A wait counts from now. A time of day is its next
 * occurrence, unless it passed within the last three hours (then it is that past time, which the caller is told has
 * passed); without "am" or "pm", 7 is 7:00 or 19:00, whichever comes first.
 */
export function resolvePickupRequest(request: PickupRequest, now: number, timeZone: string): number {
  if (request.kind === 'wait') return now + request.minutes * MINUTE_MS;
  const today = wallClockAt(now, timeZone);
  const hours =
    request.meridiem === 'pm'
      ? [request.hour === 12 ? 12 : request.hour + 12]
      : request.meridiem === 'am'
        ? [request.hour === 12 ? 0 : request.hour]
        : request.hour >= 1 && request.hour < 12
          ? [request.hour, request.hour + 12]
          : [request.hour];
  const occurrences = hours.map((hour) => {
    const at = instantAt(timeZone, dayAt(today, 0, hour, request.minute));
    return at < now - PAST_GRACE_MS ? instantAt(timeZone, dayAt(today, 1, hour, request.minute)) : at;
  });
  const ahead = occurrences.filter((at) => at >= now).sort((a, b) => a - b);
  return ahead[0] ?? Math.max(...occurrences);
}

/**
 * A pickup time as a tool was given it: an ISO 8601 date and time (on the restaurant's clock when it names no
 * offset), '19:00', or what the caller said ("7 pm", "in an hour", in the call's language or in English). Null when
 * none of these reads.
 */
export function readPickupTime(value: string, language: Language, now: number, timeZone: string): number | null {
  const text = value.trim();
  if (!text) return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i.exec(text);
  if (iso) {
    if (iso[6]) {
      const at = Date.parse(text.replace(' ', 'T'));
      return Number.isNaN(at) ? null : at;
    }
    const [year, month, day, hour, minute] = iso.slice(1, 6).map(Number) as [number, number, number, number, number];
    if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
    return instantAt(timeZone, { year, month, day, hour, minute });
  }
  const read =
    readPickupRequest(text, PACKS[language]) ?? (language === 'en' ? null : readPickupRequest(text, PACKS.en));
  return read ? resolvePickupRequest(read.request, now, timeZone) : null;
}
