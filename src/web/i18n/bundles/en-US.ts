/**
 * The shell's en-US strings and every area's en-US route titles, in one chunk: the first render
 * waits for this one request (i18n/index.ts). The areas' own namespaces load with their screens.
 */
export default import.meta.glob<Record<string, unknown>>(
  ['../locales/en-US/*.json', '../../features/*/locales/en-US/routes.json'],
  { eager: true, import: 'default' },
);
