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

/** What each area declares, read from the one list (areas/index.ts) the server derives from. */
describe('the list of areas', async () => {
  const { AREAS, EVERY_DECLARER } = await import('../../src/server/areas/index.ts');
  const { TENANT_POLICIES } = await import('../../src/server/db/tenant-policies.ts');
  const tenancy = await import('../../src/server/db/tenancy.ts');
  const schema = await import('../../src/server/db/schema/index.ts');
  const { getTableName, is } = await import('drizzle-orm');
  const { PgTable } = await import('drizzle-orm/pg-core');
  const { loadContract, listOperations } = await import('../../src/server/contract/load.ts');
  const { parse } = await import('yaml');

  const schemaTables = Object.values(schema)
    .filter((value) => is(value, PgTable))
    .map((table) => getTableName(table as InstanceType<typeof PgTable>))
    .sort();
  const owners = (table: string) =>
    EVERY_DECLARER.filter((area) => area.tables.includes(table)).map((a) => a.name);

  it('names each area after its folder', () => {
    const folders = readdirSync(areasDir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    expect(AREAS.map((area) => area.name).sort()).toEqual(folders);
  });

  it('derives the same row-level security policies, byte for byte, as the list they replaced', () => {
    const before = JSON.parse(
      readFileSync(new URL('./fixtures/tenant-policies.json', import.meta.url), 'utf8'),
    ) as Record<string, string>;
    expect(Object.keys(TENANT_POLICIES).sort()).toEqual(Object.keys(before).sort());
    for (const [table, predicate] of Object.entries(before)) expect(TENANT_POLICIES[table]).toBe(predicate);
  });

  it('has every table with a tenant policy owned by exactly one area or the platform', () => {
    for (const table of Object.keys(TENANT_POLICIES))
      expect([table, owners(table)]).toEqual([table, [expect.any(String)]]);
  });

  it('has every table of the schema owned by exactly one area or the platform', () => {
    for (const table of schemaTables) expect([table, owners(table).length]).toEqual([table, 1]);
    const declared = EVERY_DECLARER.flatMap((area) => area.tables);
    // log_events is partitioned, made by a migration of its own rather than the schema.
    expect(declared.filter((table) => !schemaTables.includes(table))).toEqual(['log_events']);
  });

  it('grants request work each table of the schema one way, or lists it as not granted', () => {
    const ways: Record<string, readonly string[]> = {
      'tenant policy': Object.keys(TENANT_POLICIES),
      'shared read-only': tenancy.SHARED_READ_ONLY,
      'staff writable': Object.keys(tenancy.STAFF_WRITABLE),
      'append only': tenancy.APPEND_ONLY,
      'not granted': tenancy.NOT_GRANTED_TO_REQUESTS,
    };
    for (const table of schemaTables) {
      const granted = Object.entries(ways)
        .filter(([, tables]) => tables.includes(table))
        .map(([way]) => way);
      expect([table, granted.length]).toEqual([table, 1]);
    }
  });

  it('names each contract file after the area that serves its operations', () => {
    const areaOfOperation = new Map<string, string>();
    for (const area of AREAS) for (const id of Object.keys(area.handlers)) areaOfOperation.set(id, area.name);
    const pathsDir = fileURLToPath(new URL('../../openapi/paths/', import.meta.url));
    const wrong: string[] = [];
    for (const file of readdirSync(pathsDir).filter((name) => name.endsWith('.yaml'))) {
      const doc = parse(readFileSync(join(pathsDir, file), 'utf8')) as Parameters<typeof listOperations>[0];
      const served = new Set(
        listOperations({ ...doc, paths: doc.paths ?? {} }).map((o) => areaOfOperation.get(o.operationId)),
      );
      const names = served.size ? [...served] : AREAS.map((area) => area.name);
      const fits = (name: string | undefined) =>
        name !== undefined && (file === `${name}.yaml` || file.startsWith(`${name}-`));
      if (served.size > 1 || !names.some(fits))
        wrong.push(`${file}: ${[...served].join(', ') || 'no operations'}`);
    }
    expect(wrong).toEqual([]);
    // Every operation of the contract is served by an area.
    const missing = listOperations(loadContract()).filter((o) => !areaOfOperation.has(o.operationId));
    expect(missing).toEqual([]);
  });
});
