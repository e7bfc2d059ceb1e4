import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../src/web/i18n/locales/', import.meta.url);
const features = new URL('../../src/web/features/', import.meta.url);
const LANGUAGES = ['en-GB', 'en-US', 'de-DE', 'fi-FI'];

/** The shell's locales folder and each feature's own. */
const roots = [
  root,
  ...readdirSync(features)
    .map((area) => new URL(`${area}/locales/`, features))
    .filter((folder) => existsSync(folder)),
];

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value !== 'object' || value === null) return { [prefix]: String(value) };
  return Object.assign(
    {},
    ...Object.entries(value).map(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k)),
  );
}

/** `routes` is shared: the shell's file and each area's hold the titles of their own routes. */
const SHARED = 'routes';

/** Where each namespace lives; `routes` in several folders, as `routes@<folder>`. */
const homes = new Map(
  roots.flatMap((folder) =>
    readdirSync(new URL('en-GB/', folder)).map((f) => {
      const namespace = f.replace(/\.json$/, '');
      return [namespace === SHARED ? `${SHARED}@${folder.pathname}` : namespace, folder] as const;
    }),
  ),
);

const read = (language: string, namespace: string, folder: URL) =>
  flatten(JSON.parse(readFileSync(new URL(`${language}/${namespace}.json`, folder), 'utf8')));

function load(language: string, namespace: string) {
  return read(language, namespace.split('@')[0]!, homes.get(namespace)!);
}

const namespaces = [...homes.keys()];

describe('translations', () => {
  it('has the four languages, in the shell and in every feature', () => {
    for (const folder of roots) expect(readdirSync(folder).sort()).toEqual([...LANGUAGES].sort());
  });

  it("each feature's descriptor names the namespaces of its locales folder", async () => {
    const { FEATURES } = await import('../../src/web/features/index.ts');
    for (const feature of FEATURES) {
      const files = readdirSync(new URL(`${feature.id}/locales/en-GB/`, features))
        .map((f) => f.replace(/\.json$/, ''))
        .filter((namespace) => namespace !== SHARED);
      expect([...feature.namespaces].sort()).toEqual(files.sort());
    }
  });

  it("each feature's routes.json titles exactly its routes and sidebar links, and the shell's the others", async () => {
    const { FEATURES } = await import('../../src/web/features/index.ts');
    const { ROUTES } = await import('../../src/web/routes.ts');
    const owned = new Set<string>();
    for (const feature of FEATURES) {
      const names = feature.routes.map((route) => route.name);
      // A sidebar link named otherwise than its route's title has its own key there.
      const links = (feature.sidebar ?? []).flatMap((entry) =>
        'label' in entry && entry.label ? [entry.label] : [],
      );
      const titles = read('en-GB', SHARED, new URL(`${feature.id}/locales/`, features));
      expect(Object.keys(titles).sort(), feature.id).toEqual([...names, ...links].sort());
      for (const name of names) owned.add(name);
    }
    const shellTitles = Object.keys(read('en-GB', SHARED, root));
    const shellRoutes = [...ROUTES.map((route) => route.name), 'error_400'].filter(
      (name) => !owned.has(name),
    );
    expect(shellTitles.sort()).toEqual([...new Set(shellRoutes)].sort());
  });

  it('has each namespace in one place only, and each route title once', () => {
    const all = roots
      .flatMap((folder) => readdirSync(new URL('en-GB/', folder)))
      .filter((f) => f !== `${SHARED}.json`);
    expect(all.length).toBe(new Set(all).size);
    const titles = roots
      .filter((folder) => existsSync(new URL(`en-GB/${SHARED}.json`, folder)))
      .flatMap((folder) => Object.keys(read('en-GB', SHARED, folder)));
    expect(titles.length).toBe(new Set(titles).size);
  });

  it('types.d.ts is what npm run i18n:types writes from the en-GB files', async () => {
    const { renderI18nTypes } = await import('../../src/web/i18n/i18n-types.ts');
    const committed = readFileSync(new URL('../../src/web/i18n/types.d.ts', import.meta.url), 'utf8');
    expect(committed, 'run npm run i18n:types').toBe(renderI18nTypes());
  });

  for (const language of LANGUAGES) {
    for (const namespace of namespaces) {
      it(`${language}/${namespace} has exactly the keys of en-GB, none empty`, () => {
        const reference = load('en-GB', namespace);
        const translated = load(language, namespace);
        expect(Object.keys(translated).sort()).toEqual(Object.keys(reference).sort());
        for (const [key, text] of Object.entries(translated)) expect(text.trim(), key).not.toBe('');
      });

      it(`${language}/${namespace} keeps every {{placeholder}} of en-GB`, () => {
        const reference = load('en-GB', namespace);
        const translated = load(language, namespace);
        for (const [key, text] of Object.entries(reference)) {
          const placeholders = (text.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();
          expect((translated[key]?.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort(), key).toEqual(placeholders);
        }
      });
    }
  }

  it('German and Finnish are translated, not copied from English', () => {
    for (const namespace of namespaces) {
      const english = load('en-GB', namespace);
      for (const language of ['de-DE', 'fi-FI']) {
        const translated = load(language, namespace);
        const keys = Object.keys(english);
        const copied = keys.filter((k) => translated[k] === english[k] && /[a-z]{4,}/.test(english[k]!));
        // Product names and codes may stay; most strings must differ.
        expect(copied.length, `${language}/${namespace}: ${copied.join(', ')}`).toBeLessThanOrEqual(
          Math.ceil(keys.length * 0.15),
        );
      }
    }
  });
});
