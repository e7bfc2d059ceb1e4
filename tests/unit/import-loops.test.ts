import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The web app and the server load without an import loop (issue "An area is a folder"). The web's
 * types do run in a circle, on purpose: a command names the route it opens (`RouteName`), the
 * routes list the areas, and each area declares its commands. Those imports are erased when the
 * code is compiled, so this test reads each file as it runs (TypeScript's own transpile drops what
 * is used only as a type) and looks for a loop among what is left. Dynamic `import()` loads later
 * and is not followed. On the server, the plugins that sort callers by their credential once
 * loaded the connectors area, whose handlers load those plugins: a loop through 123 files.
 */
const webDir = fileURLToPath(new URL('../../src/web/', import.meta.url));
const serverDir = fileURLToPath(new URL('../../src/server/', import.meta.url));
const repo = resolve(webDir, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const STATIC_IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"](\.[^'"]+)['"]|(?:^|[\s;])import\s*['"](\.[^'"]+)['"]/g;

/** The web files each file imports when it runs. */
function runtimeGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const compiled = ts.transpileModule(readFileSync(file, 'utf8'), {
        fileName: file,
        compilerOptions: {
          module: ts.ModuleKind.ESNext,
          target: ts.ScriptTarget.ESNext,
          jsx: ts.JsxEmit.Preserve,
        },
      }).outputText;
      const imports = [...compiled.matchAll(STATIC_IMPORT)]
        .map((match) => resolve(dirname(file), match[1] ?? match[2] ?? ''))
        .filter((path) => known.has(path));
      return [file, imports];
    }),
  );
}

/** Groups of files that import each other in a loop (Tarjan's strongly connected components). */
function loops(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    order.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const imported of graph.get(file) ?? []) {
      if (!order.has(imported)) {
        visit(imported);
        low.set(file, Math.min(low.get(file)!, low.get(imported)!));
      } else if (onStack.has(imported)) low.set(file, Math.min(low.get(file)!, order.get(imported)!));
    }
    if (low.get(file) !== order.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(relative(repo, member));
    } while (member !== file);
    if (group.length > 1) found.push(group.sort());
  };
  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  return found;
}

describe('import loops', () => {
  it.each([
    ['web app', webDir],
    ['server', serverDir],
  ])('has none among the imports that run in the %s', (_side, dir) => {
    const graph = runtimeGraph(sourceFiles(dir));
    expect(graph.size).toBeGreaterThan(300);
    expect(loops(graph)).toEqual([]);
  });

  it('finds a loop when two files import each other', () => {
    const a = join(webDir, 'a.ts');
    const b = join(webDir, 'b.ts');
    expect(
      loops(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
      ),
    ).toEqual([['src/web/a.ts', 'src/web/b.ts']]);
  });
});
