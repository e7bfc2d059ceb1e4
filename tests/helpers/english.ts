import i18next, { AREA_NAMESPACES } from '../../src/web/i18n/index.ts';

/**
 * Switches the web app to English (UK) with every namespace in: the app loads an area's strings
 * with its screen, but tests draw screens and their parts directly.
 */
export async function inEnglish() {
  await i18next.changeLanguage('en-GB');
  await i18next.loadNamespaces(AREA_NAMESPACES);
}
