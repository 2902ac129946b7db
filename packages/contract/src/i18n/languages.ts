/** Interface and API languages (spec §9). */
export const LANGUAGES = ['uk', 'ru', 'en', 'pl'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The language of API messages when the request names none it supports (spec §9). */
export const DEFAULT_API_LANGUAGE: Language = 'ru';

/** The interface language when neither a saved choice nor the browser's language fits (spec §9). */
export const DEFAULT_UI_LANGUAGE: Language = 'en';

/** The locale each language's dates, times and numbers are written in (Intl). */
export const LANGUAGE_LOCALES: Record<Language, string> = {
  uk: 'uk-UA',
  ru: 'ru-RU',
  en: 'en-GB',
  pl: 'pl-PL',
};

export function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first supported language of an Accept-Language header, by quality, or the default.
 * `uk-UA;q=0.9, en;q=0.8` → `uk`.
 */
export function pickLanguage(
  header: string | undefined,
  fallback: Language = DEFAULT_API_LANGUAGE,
): Language {
  if (!header) return fallback;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return {
        base: tag.trim().toLowerCase().split('-')[0] ?? '',
        quality: Number.isFinite(quality) ? quality : 0,
        index,
      };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked.map((entry) => entry.base).find(isLanguage) ?? fallback;
}
