import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language, pickBrowserLanguage } from './languages.ts';

/**
 * Translations live in locales/<language>/<namespace>.json: the shell's here, each area's in its
 * own folder (src/web/features/<area>/locales/). Every key exists in all four languages (a unit
 * test fails otherwise); keys are typed from en-GB (types.d.ts, written by `npm run i18n:types`).
 *
 * Only the user's language is fetched, one file per namespace (vite.config.ts puts a language's
 * shell files in one chunk and each area's in another): the shell's namespaces before the first
 * render (`translationsReady`), an area's with its screen (app/screens.ts). Route titles are the
 * one namespace shared by all: `routes` is the shell's routes.json merged with every area's, so
 * the sidebar, the palette and the `?` overlay can name every route from the start.
 */
type Messages = Record<string, unknown>;
type LoadMessages = () => Promise<Messages>;

const shellFiles = import.meta.glob<Messages>('./locales/*/*.json', { import: 'default' });
const areaFiles = import.meta.glob<Messages>('../features/*/locales/*/*.json', { import: 'default' });

/** The files of each language's namespace: one, or for `routes` the shell's and every area's. */
const files = new Map<string, LoadMessages[]>();
const fileOf = (path: string) => /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path)?.slice(1) ?? [];
for (const [path, load] of Object.entries({ ...shellFiles, ...areaFiles })) {
  const [language, namespace] = fileOf(path);
  if (!language || !namespace) continue;
  const key = `${language}/${namespace}`;
  files.set(key, [...(files.get(key) ?? []), load]);
}

/** The namespaces the shell needs from the first render: its own and every route's title. */
export const SHELL_NAMESPACES = [
  ...new Set(
    Object.keys(shellFiles)
      .map((path) => fileOf(path))
      .filter(([language]) => language === DEFAULT_LANGUAGE)
      .map(([, namespace]) => namespace!),
  ),
];

/** Every namespace, the shell's and the areas' (tests load them all at once). */
export const ALL_NAMESPACES = [
  ...new Set(
    [...files.keys()]
      .filter((key) => key.startsWith(`${DEFAULT_LANGUAGE}/`))
      .map((key) => key.split('/')[1]!),
  ),
];

/**
 * Reads one namespace of one language. en-GB stands in only for a namespace the language has no
 * file of; a missing key within a file is a failing test, not a fallback.
 */
async function readMessages(language: string, namespace: string): Promise<Messages> {
  const loads = files.get(`${language}/${namespace}`) ?? files.get(`${DEFAULT_LANGUAGE}/${namespace}`);
  if (!loads) throw new Error(`No translations for the namespace ${namespace}`);
  const parts = await Promise.all(loads.map((load) => load()));
  return Object.assign({}, ...parts);
}

const localeFiles: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    readMessages(language, namespace).then(
      (messages) => callback(null, messages),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** Settles once the shell's namespaces of the first language are in (failed files show keys). */
export const translationsReady = i18next
  .use(localeFiles)
  .use(initReactI18next)
  .init({
    lng: pickBrowserLanguage(navigator.languages ?? [navigator.language]),
    // Each language has every key, so nothing falls back key by key, and no second language is
    // fetched alongside the user's.
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly',
    ns: SHELL_NAMESPACES,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });

// Nothing is drawn half translated: whatever imports this module (main.tsx first) runs once the
// shell's strings in the user's language are in.
await translationsReady;

i18next.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});
document.documentElement.lang = i18next.language;

/**
 * Loads namespaces in the current language (an area's, before its screen draws). A language
 * change later loads every namespace loaded so far, before the switch shows.
 */
export function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  return namespaces.length === 0 ? Promise.resolve() : i18next.loadNamespaces([...namespaces]);
}

/**
 * Applies the user's locale attribute when it is one of ours (spec 1, section 4.2). The page keeps
 * the current language until every namespace in use has arrived in the new one.
 */
export function applyUserLocale(locale: unknown) {
  if (isLanguage(locale) && i18next.language !== locale) void i18next.changeLanguage(locale);
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;
}

export default i18next;
