import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language, pickBrowserLanguage } from './languages.ts';

/**
 * Translations live in locales/<language>/<namespace>.json: the shell's here, each area's in its
 * own folder (src/web/features/<area>/locales/). Every key exists in all four languages (a unit
 * test fails otherwise); keys are typed from en-GB (types.d.ts, written by `npm run i18n:types`).
 *
 * Only the user's language is fetched. Its shell bundle (bundles/<language>.ts: the shell's
 * namespaces and every route title) is one request, made before the first render; an area's
 * namespaces load with its screen (app/screens.ts), one file each. Route titles are the one
 * namespace shared by all: `routes` is the shell's routes.json merged with every area's, so the
 * sidebar, the palette and the `?` overlay can name every route from the start.
 */
type Messages = Record<string, unknown>;

const bundles = import.meta.glob<Record<string, Messages>>('./bundles/*.ts', { import: 'default' });
const areaFiles = import.meta.glob<Messages>(
  ['../features/*/locales/*/*.json', '!../features/*/locales/*/routes.json'],
  { import: 'default' },
);

const fileOf = (path: string) => /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path)?.slice(1) ?? [];

/** An area's namespace in a language, by `<language>/<namespace>`. */
const areaLoads = new Map<string, () => Promise<Messages>>();
for (const [path, load] of Object.entries(areaFiles)) {
  const [language, namespace] = fileOf(path);
  if (language && namespace) areaLoads.set(`${language}/${namespace}`, load);
}

/** A language's shell namespaces, `routes` merged from the shell's and every area's file. */
const shellOf = new Map<string, Promise<Record<string, Messages>>>();
function shellNamespaces(language: string): Promise<Record<string, Messages>> {
  const load = bundles[`./bundles/${language}.ts`];
  if (!load) return Promise.reject(new Error(`No translations for ${language}`));
  const loaded =
    shellOf.get(language) ??
    load().then((files) => {
      const namespaces: Record<string, Messages> = {};
      for (const [path, messages] of Object.entries(files)) {
        const [, namespace] = fileOf(path);
        if (namespace) namespaces[namespace] = { ...namespaces[namespace], ...messages };
      }
      return namespaces;
    });
  shellOf.set(language, loaded);
  return loaded;
}

/** The areas' namespaces (tests load them all at once). */
export const AREA_NAMESPACES = [
  ...new Set(
    [...areaLoads.keys()]
      .filter((key) => key.startsWith(`${DEFAULT_LANGUAGE}/`))
      .map((key) => key.split('/')[1]!),
  ),
];

/**
 * Reads one namespace of one language. en-GB stands in only for an area namespace the language
 * has no file of; a missing key within a file is a failing test, not a fallback.
 */
async function readMessages(language: string, namespace: string): Promise<Messages> {
  const area = areaLoads.get(`${language}/${namespace}`) ?? areaLoads.get(`${DEFAULT_LANGUAGE}/${namespace}`);
  if (area) return area();
  const shell = await shellNamespaces(language);
  const messages = shell[namespace];
  if (!messages) throw new Error(`No translations for the namespace ${namespace}`);
  return messages;
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

async function start() {
  const language = pickBrowserLanguage(navigator.languages ?? [navigator.language]);
  const shell = await shellNamespaces(language).catch(() => ({}));
  await i18next
    .use(localeFiles)
    .use(initReactI18next)
    .init({
      lng: language,
      resources: { [language]: shell },
      // The areas' namespaces, and every namespace of another language, come from the backend.
      partialBundledLanguages: true,
      // Each language has every key, so nothing falls back key by key, and no second language is
      // fetched alongside the user's.
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      ns: Object.keys(shell),
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
}

/** Settles once the shell's namespaces of the first language are in (a failed fetch shows keys). */
export const translationsReady = start();

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
