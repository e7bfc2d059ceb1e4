import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * An area's stylesheet loads with the area's screens (Vite splits CSS by chunk), so a class that
 * only an area's stylesheet defines is drawn only once that area has been opened. A kit part, the
 * shell or another area that uses it looks right or unstyled by where the person came from: text
 * areas, key caps and checkbox groups once lived in the cases and users areas' stylesheets, and a
 * report or workflow opened directly drew them bare. So: code outside the areas uses only classes
 * of the shared stylesheets (styles/, components/, shell/…), and an area uses the shared ones and
 * its own.
 */
const webDir = fileURLToPath(new URL('../../src/web/', import.meta.url));

/**
 * Parts of one area drawn inside another area's screen, styled by that screen: the threat
 * sightings and the workflow runs of an alert are sections of the alert's page.
 */
const DRAWN_INSIDE: Record<string, string[]> = {
  'features/threat/ThreatSightings.tsx': ['alert-detail__section'],
  'features/workflows/AlertWorkflowRuns.tsx': ['alert-detail__section'],
};

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path, pattern);
    return pattern.test(entry.name) ? [relative(webDir, path).split(sep).join('/')] : [];
  });
}

/** The area a path under src/web belongs to, or null for shared code. */
const areaOf = (path: string) => /^features\/([^/]+)\//.exec(path)?.[1] ?? null;

/** Class name → the stylesheets that define it. */
function definitions(): Map<string, string[]> {
  const defined = new Map<string, string[]>();
  for (const sheet of files(webDir, /\.css$/)) {
    const text = readFileSync(join(webDir, sheet), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    for (const name of new Set([...text.matchAll(/\.([a-z][a-z0-9_-]*)/g)].map((m) => m[1]!)))
      defined.set(name, [...(defined.get(name) ?? []), sheet]);
  }
  return defined;
}

/** The literal class names a component writes (className="…", `…`, '…'; interpolations left out). */
function classesUsed(source: string): Set<string> {
  const used = new Set<string>();
  const literals = source.matchAll(
    /className=(?:"([^"]+)"|\{`([^`]+)`\}|\{'([^']+)'\})|className:\s*'([^']+)'/g,
  );
  for (const match of literals) {
    const text = (match[1] ?? match[2] ?? match[3] ?? match[4] ?? '').replace(/\$\{[^}]*\}/g, ' ');
    for (const name of text.split(/\s+/)) if (/^[a-z][a-z0-9_-]*$/.test(name)) used.add(name);
  }
  return used;
}

/** The web app's files (components, modules, stylesheets) and their source. */
const sourcesOf = (pattern: RegExp) =>
  new Map(files(webDir, pattern).map((file) => [file, readFileSync(join(webDir, file), 'utf8')]));
const components = () => sourcesOf(/\.tsx$/);

/** What a file loads with it (static imports, stylesheets included) and what it loads later (`import()`). */
function importsOf(file: string, source: string) {
  const resolveFrom = (path: string) => join(file, '..', path).split(sep).join('/');
  // ES imports, and a stylesheet's own @import of another.
  const now = [
    ...source.matchAll(/(?:^|[\s;])(?:import|export)\s(?:[^'"`;]*?from\s*)?['"](\.[^'"]+)['"]/g),
    ...source.matchAll(/@import\s+(?:url\()?['"]([^'"]+)['"]/g),
  ];
  const later = [...source.matchAll(/import\(\s*['"](\.[^'"]+)['"]\s*\)/g)];
  return { now: now.map((m) => resolveFrom(m[1]!)), later: later.map((m) => resolveFrom(m[1]!)) };
}

/**
 * For each file loaded with `import()` (a screen, a lazy dialog) and for main.tsx: the components
 * that come with it and the stylesheets the browser has by then. A chunk's stylesheets load with
 * it (Vite's CSS code splitting), so a lazily loaded file has those of what it statically imports,
 * of the first page and of whatever loaded it.
 */
function stylesPerEntry(sources: Map<string, string>) {
  const graph = new Map([...sources].map(([file, source]) => [file, importsOf(file, source)]));
  const closure = (entry: string) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const next of graph.get(file)?.now ?? []) visit(next);
    };
    visit(entry);
    return seen;
  };
  const entries = new Set(['main.tsx', ...[...graph.values()].flatMap((imports) => imports.later)]);
  const loaded = new Map([...entries].map((entry) => [entry, closure(entry)]));
  const first = loaded.get('main.tsx') ?? new Set<string>();
  const sheetsOf = (files: Iterable<string>) => [...files].filter((file) => file.endsWith('.css'));
  const styles = new Map<string, Set<string>>();
  for (const [entry, files] of loaded) {
    // What the chunk that asks for this one brought: nothing more when that is the first page's
    // (the first page's styles are there anyway); else the screens that file comes with.
    const askers = [...graph].filter(([, imports]) => imports.later.includes(entry)).map(([file]) => file);
    const fromAskers = askers
      .filter((asker) => !first.has(asker))
      .flatMap((asker) =>
        [...loaded]
          .filter(([other, comesWith]) => other !== entry && comesWith.has(asker))
          .flatMap(([, comesWith]) => sheetsOf(comesWith)),
      );
    styles.set(entry, new Set([...sheetsOf(first), ...sheetsOf(files), ...fromAskers]));
  }
  return { loaded, styles };
}

/** Each class a screen's components use that no stylesheet loaded with that screen defines. */
function unstyled(defined: Map<string, string[]>, sources: Map<string, string>): string[] {
  const { loaded, styles } = stylesPerEntry(sources);
  const found = new Set<string>();
  for (const [entry, files] of loaded) {
    for (const file of files) {
      if (!file.endsWith('.tsx')) continue;
      for (const name of classesUsed(sources.get(file) ?? '')) {
        const sheets = defined.get(name);
        if (!sheets || sheets.some((sheet) => styles.get(entry)?.has(sheet))) continue;
        if (DRAWN_INSIDE[file]?.includes(name)) continue;
        found.add(`${file} uses .${name} on ${entry}, which does not load ${sheets.join(' or ')}`);
      }
    }
  }
  return [...found];
}

/** Each class a component uses that only another area's stylesheets define. */
function borrowed(defined: Map<string, string[]>, sources: Map<string, string>): string[] {
  const found: string[] = [];
  for (const [file, source] of sources) {
    const area = areaOf(file);
    for (const name of classesUsed(source)) {
      const sheets = defined.get(name);
      if (!sheets || sheets.some((sheet) => areaOf(sheet) === null || areaOf(sheet) === area)) continue;
      if (DRAWN_INSIDE[file]?.includes(name)) continue;
      found.push(`${file} uses .${name}, defined only in ${sheets.join(', ')}`);
    }
  }
  return found;
}

describe('web styles', () => {
  it("uses no class that only another area's stylesheet defines", () => {
    const defined = definitions();
    expect(defined.size).toBeGreaterThan(300);
    expect(borrowed(defined, components())).toEqual([]);
  });

  it('has every class a screen uses in a stylesheet that loads with that screen', () => {
    const sources = sourcesOf(/\.(tsx?|css)$/);
    expect(stylesPerEntry(sources).loaded.size).toBeGreaterThan(50);
    expect(unstyled(definitions(), sources)).toEqual([]);
  });

  it('needs every exception it lists', () => {
    const defined = definitions();
    for (const [file, names] of Object.entries(DRAWN_INSIDE)) {
      const used = classesUsed(readFileSync(join(webDir, file), 'utf8'));
      for (const name of names) {
        expect(used.has(name), `${file} still uses .${name}`).toBe(true);
        expect(
          defined.get(name)?.every((sheet) => areaOf(sheet) !== null && areaOf(sheet) !== areaOf(file)),
        ).toBe(true);
      }
    }
  });

  it('finds a class borrowed from another area, and only that one', () => {
    const defined = new Map([
      ['case-list__row', ['features/cases/case-list.css']],
      ['report-editor', ['features/reports/reports.css']],
      ['button', ['styles/controls.css']],
    ]);
    const sources = new Map([
      [
        'features/reports/Editor.tsx',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a component's source, read as text
        '<div className="report-editor"><p className={`case-list__row ${x}`} /></div>',
      ],
      ['components/Kit.tsx', '<button className="button" /><span className={\'report-editor\'} />'],
    ]);
    expect(borrowed(defined, sources)).toEqual([
      'features/reports/Editor.tsx uses .case-list__row, defined only in features/cases/case-list.css',
      'components/Kit.tsx uses .report-editor, defined only in features/reports/reports.css',
    ]);
  });
});
