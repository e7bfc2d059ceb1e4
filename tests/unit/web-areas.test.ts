import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GROUPS, REGISTRY, TARGET_KINDS } from '../../src/web/commands/registry.ts';
import { FEATURE_SIDEBAR, FEATURES } from '../../src/web/features/index.ts';

/**
 * The web app's layout rule (src/web/README.md, "Adding an area"): a file of area X, or web code
 * outside the areas (shell, commands, admin, pages, components), reaches area Y only through Y's
 * `index.ts`; reads several areas make live in src/web/api/. Imports are found with a regex over
 * the source (static `import … from`, `export … from` and dynamic `import()`); locales are loaded
 * by glob, not imported.
 */
const webDir = fileURLToPath(new URL('../../src/web/', import.meta.url));
const featuresDir = join(webDir, 'features');

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The relative module paths a source text imports or re-exports. */
function importedPaths(source: string): string[] {
  return [...source.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? '').filter((p) => p.startsWith('.'));
}

/** The area a path under features/ belongs to, and the path inside it; null outside every area. */
function areaOf(path: string): { area: string; inside: string } | null {
  const parts = relative(featuresDir, path).split(sep);
  if (parts[0] === '..' || parts.length < 2) return null;
  return { area: parts[0]!, inside: parts.slice(1).join('/') };
}

/** What another area, or the shell, may import of an area. */
const isPublic = (inside: string) => inside === 'index.ts';

/**
 * Imports into another area's insides that stand until their areas are next reworked: each is
 * named, so a new one fails the test. Remove an entry once its import goes through index.ts.
 */
const NOT_YET_THROUGH_INDEX: string[] = [];

/** Every import into an area's insides from outside that area, as "from → to". */
function crossAreaViolations(): string[] {
  const violations: string[] = [];
  for (const file of sourceFiles(webDir)) {
    const from = areaOf(file);
    for (const spec of importedPaths(readFileSync(file, 'utf8'))) {
      const target = resolve(dirname(file), spec);
      const to = areaOf(target);
      if (to && to.area !== from?.area && !isPublic(to.inside)) {
        violations.push(`${relative(webDir, file)} → ${relative(webDir, target)}`);
      }
    }
  }
  return violations;
}

describe('web areas', () => {
  it('finds the imports the rule is about', () => {
    const source = [
      "import { a } from '../alerts/index.ts';",
      "import type { B } from '../../components/Icon.tsx';",
      "export { c } from './present.ts';",
      "import {\n  d,\n  e,\n} from '../cases/use-debounced.ts';",
      "const f = () => import('./ThingsPage.tsx');",
      "import { useState } from 'react';",
    ].join('\n');
    expect(importedPaths(source)).toEqual([
      '../alerts/index.ts',
      '../../components/Icon.tsx',
      './present.ts',
      '../cases/use-debounced.ts',
      './ThingsPage.tsx',
    ]);
  });

  it('has one folder per area, each with an index.ts, each in FEATURES', () => {
    const areas = readdirSync(featuresDir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    for (const area of areas) expect(readdirSync(join(featuresDir, area)), area).toContain('index.ts');
    expect(FEATURES.map((f) => f.id).sort()).toEqual(areas.sort());
  });

  it('reaches an area from outside only through its index.ts', () => {
    const violations = crossAreaViolations();
    expect(violations.filter((v) => !NOT_YET_THROUGH_INDEX.includes(v))).toEqual([]);
    // An entry the code no longer needs leaves the list.
    for (const allowed of NOT_YET_THROUGH_INDEX) expect(violations, allowed).toContain(allowed);
  });

  it('lists every command under a declared group, and every action on a declared kind', () => {
    const groups = GROUPS.map((g) => g.id);
    expect(new Set(groups).size).toBe(groups.length);
    for (const command of REGISTRY) expect(groups, command.id).toContain(command.group);
    const kinds = TARGET_KINDS.map((k) => k.id);
    for (const command of REGISTRY)
      if (command.kind === 'action') expect(kinds, command.id).toContain(command.target);
  });

  it('gives every sidebar link its own id and every g key its own route', () => {
    const ids = FEATURE_SIDEBAR.map((entry) => entry.id);
    expect(new Set(ids).size, ids.join(', ')).toBe(ids.length);
    const letters = FEATURES.flatMap((f) => Object.values(f.gKeys ?? {}));
    expect(new Set(letters).size, letters.join(', ')).toBe(letters.length);
  });
});
