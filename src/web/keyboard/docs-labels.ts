import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import { englishLocaleFiles } from '../i18n/i18n-types.ts';
import commands from '../i18n/locales/en-GB/commands.json';
import type { HelpLabels } from './help-model.ts';

/** The en-GB route titles: the shell's and every area's routes.json, merged as the web app does. */
function englishRouteTitles(): Record<string, string> {
  const i18n = join(dirname(fileURLToPath(import.meta.url)), '../i18n');
  return Object.assign(
    {},
    ...englishLocaleFiles()
      .filter((file) => file.namespace === 'routes')
      .map((file) => JSON.parse(readFileSync(join(i18n, file.path), 'utf8')) as Record<string, string>),
  );
}

/** English (en-GB) labels from the locale files, for the docs (written outside a browser). */
export async function englishLabels(): Promise<HelpLabels> {
  const instance = i18next.createInstance();
  await instance.init({
    lng: 'en-GB',
    resources: { 'en-GB': { commands, routes: englishRouteTitles() } },
    interpolation: { escapeValue: false },
  });
  return { commands: instance.getFixedT('en-GB', 'commands'), routes: instance.getFixedT('en-GB', 'routes') };
}
