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

/** Where each namespace lives. */
const homes = new Map(
  roots.flatMap((folder) =>
    readdirSync(new URL('en-GB/', folder)).map((f) => [f.replace(/\.json$/, ''), folder] as const),
  ),
);

function load(language: string, namespace: string) {
  const folder = homes.get(namespace)!;
  return flatten(JSON.parse(readFileSync(new URL(`${language}/${namespace}.json`, folder), 'utf8')));
}

const namespaces = [...homes.keys()];

describe('translations', () => {
  it('has the four languages, in the shell and in every feature', () => {
    for (const folder of roots) expect(readdirSync(folder).sort()).toEqual([...LANGUAGES].sort());
  });

  it("each feature's descriptor names the namespaces of its locales folder", async () => {
    const { FEATURES } = await import('../../src/web/features/index.ts');
    for (const feature of FEATURES) {
      const files = readdirSync(new URL(`${feature.id}/locales/en-GB/`, features));
      expect([...feature.namespaces].sort()).toEqual(files.map((f) => f.replace(/\.json$/, '')).sort());
    }
  });

  it('has each namespace in one place only', () => {
    const all = roots.flatMap((folder) => readdirSync(new URL('en-GB/', folder)));
    expect(all.length).toBe(new Set(all).size);
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
