/**
 * The shell's en-GB strings and every area's en-GB route titles, in one chunk: the first render
 * waits for this one request (i18n/index.ts). The areas' own namespaces load with their screens.
 */
export default import.meta.glob<Record<string, unknown>>(
  ['../locales/en-GB/*.json', '../../features/*/locales/en-GB/routes.json'],
  { eager: true, import: 'default' },
);
