import { LOCALES, type Language } from '@shared/domain/languages';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import type { Phrases } from './types';
import { zh } from './zh';

export type { Phrases } from './types';

/** What the assistant's tools say, by language: each pack's `tools`. */
export const PHRASES: Record<Language, Phrases> = { en: en.tools, es: es.tools, fr: fr.tools, zh: zh.tools };

/** A sentence ending in an abbreviated time ('hasta las 2:00 a.m.') must not get a second full stop. */
export const tidyStops = (text: string) => text.replace(/\.\.(?=\s|$)/g, '.');

/** The BCP 47 locale for times and day names in each language. */
export { LOCALES };

/** Intl formatters are costly to build and cheap to reuse: one per language and purpose. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(key: string, build: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let format = formatters.get(key);
  if (!format) formatters.set(key, (format = build()));
  return format;
}

/** '17:00:00' → '5:00 PM' (en), '17:00' (es, fr), '下午5:00' (zh). */
export function speakTime(language: Language, time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return formatter(
    `time:${language}`,
    () => new Intl.DateTimeFormat(LOCALES[language], { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }),
  ).format(new Date(Date.UTC(2026, 0, 4, h, m)));
}

/** 0 → 'Sunday' / 'domingo' / 'dimanche' / '星期日'. */
export function speakDay(language: Language, dayOfWeek: number): string {
  // 4 January 2026 was a Sunday.
  return formatter(
    `day:${language}`,
    () => new Intl.DateTimeFormat(LOCALES[language], { weekday: 'long', timeZone: 'UTC' }),
  ).format(new Date(Date.UTC(2026, 0, 4 + dayOfWeek, 12)));
}
