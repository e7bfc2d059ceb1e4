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

/** The web app's components and their source. */
const components = () =>
  new Map(files(webDir, /\.tsx$/).map((file) => [file, readFileSync(join(webDir, file), 'utf8')]));

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
