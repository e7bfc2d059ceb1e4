import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The server's layout rule (src/server/README.md): a file of area X, or server code outside the
 * areas, reaches area Y only through Y's public module, `areas/Y/index.ts`. Imports are found with a regex over the source
 * (static `import … from`, `export … from` and dynamic `import()`), which is all the server uses.
 */
const serverDir = fileURLToPath(new URL('../../src/server/', import.meta.url));
const areasDir = join(serverDir, 'areas');

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The relative module paths a source text imports or re-exports. */
function importedPaths(source: string): string[] {
  return [...source.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? '').filter((p) => p.startsWith('.'));
}

/** The area a path under areas/ belongs to, and the path inside it; null for paths outside every area. */
function areaOf(path: string): { area: string; inside: string } | null {
  const parts = relative(areasDir, path).split(sep);
  if (parts[0] === '..' || parts.length < 2) return null;
  return { area: parts[0]!, inside: parts.slice(1).join('/') };
}

/**
 * Every import into an area's internals from outside that area (another area, or server code
 * such as seed/ and jobs/), as "from → to".
 */
function crossAreaViolations(): string[] {
  const violations: string[] = [];
  for (const file of sourceFiles(serverDir)) {
    const from = areaOf(file);
    for (const spec of importedPaths(readFileSync(file, 'utf8'))) {
      const target = resolve(dirname(file), spec);
      const to = areaOf(target);
      if (to && to.area !== from?.area && to.inside !== 'index.ts') {
        violations.push(`${relative(serverDir, file)} → ${relative(serverDir, target)}`);
      }
    }
  }
  return violations;
}

describe('server areas', () => {
  it('finds the imports the rule is about', () => {
    const source = [
      "import { a } from '../alerts/index.ts';",
      "import type { B } from '../../platform/handler.ts';",
      "export { c } from './present.ts';",
      "import {\n  d,\n  e,\n} from '../cases/assignees.ts';",
      "const f = await import('../mutes/match.ts');",
      "import { sql } from 'drizzle-orm';",
    ].join('\n');
    expect(importedPaths(source)).toEqual([
      '../alerts/index.ts',
      '../../platform/handler.ts',
      './present.ts',
      '../cases/assignees.ts',
      '../mutes/match.ts',
    ]);
  });

  it('has one folder per area, each with an index.ts', () => {
    const areas = readdirSync(areasDir, { withFileTypes: true }).filter((e) => e.isDirectory());
    expect(areas.length).toBeGreaterThan(0);
    for (const area of areas) expect(readdirSync(join(areasDir, area.name))).toContain('index.ts');
  });

  it('reaches an area from outside only through its index.ts', () => {
    expect(crossAreaViolations()).toEqual([]);
  });
});
