/** `npm run i18n:types`: writes types.d.ts from the en-GB locale files of the shell and the areas. */
import { writeFileSync } from 'node:fs';
import { renderI18nTypes } from './i18n-types.ts';

const target = new URL('./types.d.ts', import.meta.url);
writeFileSync(target, renderI18nTypes());
console.log(`Wrote ${target.pathname}`);
