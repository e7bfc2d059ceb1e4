/** `npm run docs:keyboard`: writes docs/keyboard.md from the command registry. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { englishLabels } from './docs-labels.ts';
import { renderKeyboardDoc } from './keyboard-doc.ts';

const target = new URL('../../../docs/keyboard.md', import.meta.url);
mkdirSync(new URL('.', target), { recursive: true });
writeFileSync(target, renderKeyboardDoc(await englishLabels()));
console.log(`Wrote ${target.pathname}`);
