import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderMachinesDoc } from '../../machines/catalogue/docs.ts';
import { formatReport, mermaidDiagram } from '../../machines/catalogue/format.ts';
import { reportMachine, stateName } from '../../machines/catalogue/paths.ts';
import { findMachine, MACHINES } from '../../machines/index.ts';

// Tests run from the repository root.
const committed = () => readFileSync(join(process.cwd(), 'docs/machines.md'), 'utf8');

describe('docs/machines.md', () => {
  it('is exactly what npm run docs:machines writes from machines/index.ts', () => {
    expect(committed()).toBe(renderMachinesDoc());
  });

  it('has a section for every machine of the list', () => {
    const doc = committed();
    for (const m of MACHINES) expect(doc).toContain(`\n## ${m.name}\n`);
  });
});

describe('the machines list', () => {
  it('names each machine once, by its folder', () => {
    const names = MACHINES.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(findMachine(name)?.name).toBe(name);
  });

  // The sample events are what testers walk with: a state they cannot reach is a gap in them.
  it.each(MACHINES.map((m) => [m.name, m] as const))(
    '%s: its sample events reach its states',
    (_name, entry) => {
      const report = reportMachine(entry);
      expect(report.unreached).toEqual([]);
      expect(report.shortestPaths.length).toBeGreaterThan(0);
      expect(report.events.every((e) => !e.startsWith('xstate.'))).toBe(true);
      for (const t of report.transitions) {
        expect(report.events).toContain(t.event);
      }
    },
  );
});

describe('path reports', () => {
  const report = reportMachine(findMachine('case-editor')!);

  it('writes parallel states as dotted paths, one per region', () => {
    expect(stateName({ Ready: { Form: 'Saving', Leave: 'Idle' } })).toBe(
      'Ready.Form.Saving | Ready.Leave.Idle',
    );
  });

  it('walks a save that meets a newer version to the conflict', () => {
    const conflict = report.shortestPaths.find((p) => p.target.includes('Form.Conflict'));
    expect(conflict?.steps.map((s) => s.event)).toEqual([
      'done.actor.loadCase',
      'edit',
      'save',
      'error.actor.saveCase',
    ]);
  });

  it('keeps simple paths free of repeated states in each path', () => {
    expect(report.simplePaths.length).toBeGreaterThan(0);
    for (const path of report.simplePaths) expect(path.steps.length).toBeGreaterThan(0);
  });

  it('exports json, md and mermaid', () => {
    expect(JSON.parse(formatReport(report, 'json')).name).toBe('case-editor');
    expect(formatReport(report, 'md')).toContain('## Simple paths');
    const diagram = mermaidDiagram(report);
    expect(diagram.startsWith('stateDiagram-v2\n  [*] --> Loading')).toBe(true);
    expect(diagram).toContain(': error.actor.saveCase');
  });
});

describe('npm run machines', () => {
  const run = (...args: string[]) =>
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/machines.ts', ...args], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });

  it('lists the machines and prints one machine as mermaid', () => {
    expect(run('list').split('\n').filter(Boolean)).toHaveLength(MACHINES.length);
    expect(run('paths', 'interval', '--format', 'mermaid')).toContain('Enabled --> Disabled: disable');
  });

  it('refuses an unknown machine with the names it knows', () => {
    expect(() => run('paths', 'nope')).toThrow(/no machine named "nope"/);
  });
});
