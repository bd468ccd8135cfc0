/** The assistant's languages. The database's check constraint, the contracts and the settings form all read this list. */
export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'es', label: 'Spanish' },
  { code: 'fr', label: 'French' },
  { code: 'zh', label: 'Chinese' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];

export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as [Language, ...Language[]];

export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: string): value is Language {
  return (LANGUAGE_CODES as readonly string[]).includes(value);
}

/**
 * The locale each language is spoken and written in: the server's dates and times, the browser's speech recognition
 * and voice. Spanish is the Americas' (es-US), as restaurants' callers speak it.
 */
export const LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-US', fr: 'fr-FR', zh: 'zh-CN' };
