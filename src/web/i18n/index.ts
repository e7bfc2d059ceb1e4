import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language, pickBrowserLanguage } from './languages.ts';

/**
 * Translations live in locales/<language>/<namespace>.json: the shell's here, each feature's in
 * its own folder (src/web/features/<area>/locales/). Every key exists in all four languages (a
 * unit test fails otherwise); keys are typed from en-GB (types.d.ts).
 */
const files = import.meta.glob<Record<string, unknown>>(
  ['./locales/*/*.json', '../features/*/locales/*/*.json'],
  {
    eager: true,
    import: 'default',
  },
);

export const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [path, messages] of Object.entries(files)) {
  const [, language, namespace] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  if (!language || !namespace) continue;
  resources[language] ??= {};
  resources[language][namespace] = messages;
}

export const namespaces = Object.keys(resources[DEFAULT_LANGUAGE] ?? {});

void i18next.use(initReactI18next).init({
  resources,
  lng: pickBrowserLanguage(navigator.languages ?? [navigator.language]),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: namespaces,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});

i18next.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});
document.documentElement.lang = i18next.language;

/** Applies the user's locale attribute when it is one of ours (spec 1, section 4.2). */
export function applyUserLocale(locale: unknown) {
  if (isLanguage(locale) && i18next.language !== locale) void i18next.changeLanguage(locale);
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;
}

export default i18next;
