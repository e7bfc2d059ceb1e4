import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../src/web/i18n/locales/', import.meta.url);
const LANGUAGES = ['en-GB', 'en-US', 'de-DE', 'fi-FI'];

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value !== 'object' || value === null) return { [prefix]: String(value) };
  return Object.assign(
    {},
    ...Object.entries(value).map(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k)),
  );
}

function load(language: string, namespace: string) {
  return flatten(JSON.parse(readFileSync(new URL(`${language}/${namespace}.json`, root), 'utf8')));
}

const namespaces = readdirSync(new URL('en-GB/', root)).map((f) => f.replace(/\.json$/, ''));

describe('translations', () => {
  it('has the four languages', () => {
    expect(readdirSync(root).sort()).toEqual([...LANGUAGES].sort());
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
