/**
 * `npm run machines -- list` and `npm run machines -- paths <machine> [--format md|json|mermaid]`:
 * the console's machines and the paths a tester can walk through each, generated from the
 * machines (machines/index.ts). `npm run docs:machines` writes docs/machines.md.
 */
import { writeFileSync } from 'node:fs';
import { renderMachinesDoc } from '../machines/catalogue/docs.ts';
import { FORMATS, formatReport, type PathFormat } from '../machines/catalogue/format.ts';
import { reportMachine } from '../machines/catalogue/paths.ts';
import { findMachine, MACHINES } from '../machines/index.ts';

const USAGE = `Usage:
  npm run machines -- list
  npm run machines -- paths <machine> [--format md|json|mermaid]
  npm run machines -- docs`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

const [command, ...rest] = process.argv.slice(2);

if (command === 'list') {
  const width = Math.max(...MACHINES.map((m) => m.name.length));
  for (const m of MACHINES) console.log(`${m.name.padEnd(width)}  ${m.description}`);
} else if (command === 'paths') {
  const name = rest.find((a) => !a.startsWith('--') && rest[rest.indexOf(a) - 1] !== '--format');
  if (!name) fail('paths: name a machine (npm run machines -- list shows them).');
  const entry = findMachine(name);
  if (!entry) fail(`paths: no machine named "${name}". Known: ${MACHINES.map((m) => m.name).join(', ')}.`);
  const at = rest.indexOf('--format');
  const format = (at >= 0 ? rest[at + 1] : 'md') as PathFormat;
  if (!FORMATS.includes(format))
    fail(`paths: --format must be one of ${FORMATS.join(', ')}, not "${format}".`);
  process.stdout.write(formatReport(reportMachine(entry), format));
} else if (command === 'docs') {
  const target = new URL('../docs/machines.md', import.meta.url);
  writeFileSync(target, renderMachinesDoc());
  console.log(`Wrote ${target.pathname}`);
} else {
  fail(command ? `Unknown command "${command}".` : 'Name a command.');
}
