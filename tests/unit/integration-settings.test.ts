import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { KINDS } from '../../src/server/areas/integrations/index.ts';
import { PUBLIC_SETTINGS, publicSettings } from '../../src/server/platform/integration-settings.ts';

describe('integration settings that may leave the server', () => {
  it("lists exactly each configurable kind's fields that are not secret", () => {
    for (const kind of KINDS) {
      const declared = kind.fields.filter((field) => !field.secret).map((field) => field.name);
      expect([...(PUBLIC_SETTINGS[kind.kind] ?? ['(not listed)'])].sort(), kind.kind).toEqual(
        declared.sort(),
      );
    }
  });

  it('drops what is not listed, and shows an unknown kind its region and interval only', () => {
    expect(publicSettings('http', { url: 'https://x.example', authorization: 'Bearer s', other: 1 })).toEqual(
      {
        url: 'https://x.example',
      },
    );
    expect(publicSettings('unknown', { region: 'eu', poll_interval_seconds: 60, api_key: 'k' })).toEqual({
      region: 'eu',
      poll_interval_seconds: 60,
    });
  });
});

/** Areas depend one way: two areas importing each other make a circle no layering can order. */
describe('area imports', () => {
  const areasDir = fileURLToPath(new URL('../../src/server/areas/', import.meta.url));
  const IMPORT =
    /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? files(join(dir, entry.name))
        : /\.tsx?$/.test(entry.name)
          ? [join(dir, entry.name)]
          : [],
    );
  const areaOf = (path: string) => {
    const parts = relative(areasDir, path).split(sep);
    return parts[0] === '..' || parts.length < 2 ? null : parts[0]!;
  };

  it('has no two areas importing each other', () => {
    const edges = new Set<string>();
    for (const file of files(areasDir)) {
      const from = areaOf(file);
      for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const to = areaOf(resolve(dirname(file), match[1] ?? match[2] ?? ''));
        if (from && to && to !== from) edges.add(`${from} → ${to}`);
      }
    }
    const circles = [...edges].filter((edge) => {
      const [from, to] = edge.split(' → ');
      return from! < to! && edges.has(`${to} → ${from}`);
    });
    expect(circles).toEqual([]);
  });
});
