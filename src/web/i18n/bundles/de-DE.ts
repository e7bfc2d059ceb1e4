/**
 * The shell's de-DE strings and every area's de-DE route titles, in one chunk: the first render
 * waits for this one request (i18n/index.ts). The areas' own namespaces load with their screens.
 */
export default import.meta.glob<Record<string, unknown>>(
  ['../locales/de-DE/*.json', '../../features/*/locales/de-DE/routes.json'],
  { eager: true, import: 'default' },
);
