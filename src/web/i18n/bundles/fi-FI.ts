/**
 * The shell's fi-FI strings and every area's fi-FI route titles, in one chunk: the first render
 * waits for this one request (i18n/index.ts). The areas' own namespaces load with their screens.
 */
export default import.meta.glob<Record<string, unknown>>(
  ['../locales/fi-FI/*.json', '../../features/*/locales/fi-FI/routes.json'],
  { eager: true, import: 'default' },
);
