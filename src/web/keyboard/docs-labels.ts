import i18next from 'i18next';
import commands from '../i18n/locales/en-GB/commands.json';
import routes from '../i18n/locales/en-GB/routes.json';
import type { HelpLabels } from './help-model.ts';

/** English (en-GB) labels from the locale files, for the docs (written outside a browser). */
export async function englishLabels(): Promise<HelpLabels> {
  const instance = i18next.createInstance();
  await instance.init({
    lng: 'en-GB',
    resources: { 'en-GB': { commands, routes } },
    interpolation: { escapeValue: false },
  });
  return { commands: instance.getFixedT('en-GB', 'commands'), routes: instance.getFixedT('en-GB', 'routes') };
}
