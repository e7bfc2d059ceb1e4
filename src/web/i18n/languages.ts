/** The console's languages (spec 1, section 9). en-GB is the default and the fallback. */
export const LANGUAGES = ['en-GB', 'en-US', 'de-DE', 'fi-FI'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en-GB';

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** The first browser language we support: exact tag first, then by primary language (de → de-DE). */
export function pickBrowserLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const exact = LANGUAGES.find((l) => l.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const primary = tag.split('-')[0]!.toLowerCase();
    if (primary === 'en') return DEFAULT_LANGUAGE;
    const byPrimary = LANGUAGES.find((l) => l.split('-')[0]!.toLowerCase() === primary);
    if (byPrimary) return byPrimary;
  }
  return DEFAULT_LANGUAGE;
}
