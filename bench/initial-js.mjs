/**
 * The JavaScript the index page loads before any route: the entry script of dist/web/index.html
 * and every module it imports statically, each gzipped as a server would send it, against the
 * budget of 200 KB gzip. Dynamic imports (screens, locales) are not counted: they load later.
 *
 *   node bench/initial-js.mjs           reads dist/web (build it first: npx vite build)
 *   node bench/initial-js.mjs --build   builds first
 *   node bench/initial-js.mjs --dist <folder>   reads another build's output
 *   node bench/initial-js.mjs --why <name>      also prints the imports that pull in the file
 *                                               whose name contains <name>
 *
 * Exits 1 when over budget.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { init, parse } from 'es-module-lexer';

const BUDGET_KB = 200;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const distArg = process.argv.indexOf('--dist');
const dist = distArg > 0 ? process.argv[distArg + 1] : join(root, 'dist/web');

if (process.argv.includes('--build')) {
  const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
if (!existsSync(join(dist, 'index.html'))) {
  console.error('no dist/web/index.html: run `npx vite build` or pass --build');
  process.exit(2);
}

await init;
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entries = [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]);
if (entries.length === 0) throw new Error('index.html names no module script');

/** Every module reached from the entries by static imports (URL path -> gzip bytes). */
const sizes = new Map();
/** Which file first imported each one: `--why <name>` prints the chain that pulls a file in. */
const importedBy = new Map(entries.map((entry) => [entry, null]));
const pending = [...entries];
while (pending.length > 0) {
  const url = pending.pop();
  if (sizes.has(url)) continue;
  const source = readFileSync(join(dist, url), 'utf8');
  sizes.set(url, { raw: Buffer.byteLength(source), gzip: gzipSync(source).length });
  const [imports] = parse(source);
  for (const entry of imports) {
    // d === -1: a static import; dynamic ones (d >= 0) and import.meta (d === -2) load later or never.
    if (entry.d !== -1 || !entry.n) continue;
    if (!entry.n.startsWith('.') && !entry.n.startsWith('/')) continue;
    const target = entry.n.startsWith('/') ? entry.n : posix.join(posix.dirname(url), entry.n);
    if (!importedBy.has(target)) importedBy.set(target, url);
    pending.push(target);
  }
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const rows = [...sizes].sort((a, b) => b[1].gzip - a[1].gzip);
const width = Math.max(...rows.map(([url]) => url.length));
for (const [url, size] of rows) {
  console.log(`${url.padEnd(width)}  ${kb(size.raw).padStart(7)} KB  ${kb(size.gzip).padStart(6)} KB gzip`);
}
const whyArg = process.argv.indexOf('--why');
if (whyArg > 0) {
  const wanted = [...importedBy.keys()].find((url) => url.includes(process.argv[whyArg + 1]));
  const chain = [];
  for (let url = wanted; url; url = importedBy.get(url)) chain.push(url);
  console.log(wanted ? `\n${chain.join('\n  imported by ')}` : '\nnot in the initial JavaScript');
}
const total = rows.reduce((sum, [, size]) => sum + size.gzip, 0);
const over = total / 1024 > BUDGET_KB;
console.log(
  `\ninitial JavaScript: ${kb(total)} KB gzip in ${rows.length} files, budget ${BUDGET_KB} KB: ${over ? 'OVER' : 'met'}`,
);
process.exit(over ? 1 : 0);
