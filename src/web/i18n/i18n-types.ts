import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LANGUAGE } from './languages.ts';

/**
 * The source of types.d.ts (`npm run i18n:types`), read from the en-GB locale files: the shell's
 * (src/web/i18n/locales/) and every area's (src/web/features/<area>/locales/), so an area's
 * namespaces are typed without editing a shell file. `routes` is the shell's titles and every
 * area's together, as the web app loads it (i18n/index.ts). Runs under Node.
 */
// Paths, not file URLs: under the test DOM (the keyboard docs test) URL is the DOM's, which fs refuses.
const i18nFolder = dirname(fileURLToPath(import.meta.url));
const featuresFolder = join(i18nFolder, '../features');

interface LocaleFile {
  /** The import path from types.d.ts. */
  path: string;
  namespace: string;
  /** Its identifier in types.d.ts. */
  name: string;
}

const identifier = (words: string) =>
  words.replace(/[^A-Za-z0-9]+([A-Za-z0-9])/g, (_, letter: string) => letter.toUpperCase());

const jsonFiles = (folder: string) =>
  existsSync(folder)
    ? readdirSync(folder)
        .filter((file) => file.endsWith('.json'))
        .sort()
    : [];

/** Every en-GB locale file: the shell's, then each area's. */
export function englishLocaleFiles(): LocaleFile[] {
  const shell = jsonFiles(join(i18nFolder, 'locales', DEFAULT_LANGUAGE)).map((file) => {
    const namespace = file.replace(/\.json$/, '');
    return { path: `./locales/${DEFAULT_LANGUAGE}/${file}`, namespace, name: identifier(namespace) };
  });
  const areas = readdirSync(featuresFolder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .flatMap((area) =>
      jsonFiles(join(featuresFolder, area, 'locales', DEFAULT_LANGUAGE)).map((file) => {
        const namespace = file.replace(/\.json$/, '');
        // An area's route titles join the shared `routes` namespace under a name of their own.
        const name = namespace === 'routes' ? identifier(`${area}-routes`) : identifier(namespace);
        return { path: `../features/${area}/locales/${DEFAULT_LANGUAGE}/${file}`, namespace, name };
      }),
    );
  return [...shell, ...areas];
}

export function renderI18nTypes(files = englishLocaleFiles()): string {
  const byNamespace = new Map<string, string[]>();
  for (const file of files)
    byNamespace.set(file.namespace, [...(byNamespace.get(file.namespace) ?? []), file.name]);
  const imports = [...files]
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map((file) => `import type ${file.name} from '${file.path}';`);
  const resources = [...byNamespace]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([namespace, names]) => {
      const key = /^[A-Za-z_$][\w$]*$/.test(namespace) ? namespace : `'${namespace}'`;
      const types = names.map((name) => `typeof ${name}`);
      const line = `      ${key}: ${types.join(' & ')};`;
      // Biome's layout: a long intersection breaks after each `&`.
      return line.length <= 110 ? line : `      ${key}: ${types.join(' &\n        ')};`;
    });
  return [
    '// Written by `npm run i18n:types` from the en-GB locale files: run it again, never edit by hand.',
    "import 'i18next';",
    ...imports,
    '',
    '// Keys are typed from en-GB: a misspelt key fails the typecheck.',
    "declare module 'i18next' {",
    '  interface CustomTypeOptions {',
    "    defaultNS: 'common';",
    '    resources: {',
    ...resources,
    '    };',
    '  }',
    '}',
    '',
  ].join('\n');
}
