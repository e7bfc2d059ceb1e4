import type { MachinePath, MachineReport } from './paths.ts';

/** The ways a machine's paths can be written out. */
export const FORMATS = ['md', 'json', 'mermaid'] as const;
export type PathFormat = (typeof FORMATS)[number];

const pathLine = (path: MachinePath) => path.steps.map((s) => `${s.event} → ${s.state}`).join(', ');

/** Mermaid ids allow letters, digits and underscores only. */
const mermaidId = (state: string) => state.replace(/[^A-Za-z0-9_]/g, '_');

/** The machine's states and transitions as a Mermaid state diagram (parallel states flattened). */
export function mermaidDiagram(report: MachineReport): string {
  const lines = ['stateDiagram-v2', `  [*] --> ${mermaidId(report.initial)}`];
  const named = new Set<string>();
  const name = (state: string) => {
    const id = mermaidId(state);
    if (id !== state && !named.has(id)) {
      named.add(id);
      lines.push(`  state "${state.replace(/"/g, "'")}" as ${id}`);
    }
    return id;
  };
  name(report.initial);
  for (const t of report.transitions) lines.push(`  ${name(t.from)} --> ${name(t.to)}: ${t.event}`);
  return lines.join('\n');
}

const bullets = (items: readonly string[]) => items.map((i) => `- \`${i}\``).join('\n');

/**
 * One machine in Markdown: what it is for, its states, events, diagram and shortest paths;
 * `simple` adds the simple paths (long: the CLI prints them, the docs give their count).
 */
export function markdown(report: MachineReport, { simple = true, level = 1 } = {}): string {
  const h = '#'.repeat(level);
  const parts = [`${h} ${report.name}`, report.description, `${h}# States`, bullets(report.states)];
  if (report.transient.length)
    parts.push(`Left at once (no path rests there): ${report.transient.map((s) => `\`${s}\``).join(', ')}.`);
  if (report.unreached.length)
    parts.push(
      `Not reached with these sample events: ${report.unreached.map((s) => `\`${s}\``).join(', ')}.`,
    );
  parts.push(`${h}# Events`, bullets(report.events));
  parts.push(`${h}# Diagram`, `\`\`\`mermaid\n${mermaidDiagram(report)}\n\`\`\``);
  parts.push(
    `${h}# Shortest paths (${report.shortestPaths.length})`,
    report.shortestPaths.map((p, i) => `${i + 1}. ${pathLine(p)}`).join('\n'),
  );
  const count = `${report.simplePaths.length}${report.simplePathsCapped ? ' shown, more exist' : ''}`;
  if (simple) {
    parts.push(
      `${h}# Simple paths (${count})`,
      report.simplePaths.map((p, i) => `${i + 1}. ${pathLine(p)}`).join('\n'),
    );
  } else {
    parts.push(`Simple paths: ${count}; \`npm run machines -- paths ${report.name}\` prints them.`);
  }
  return `${parts.join('\n\n')}\n`;
}

/** One machine's report in the format asked for. */
export function formatReport(report: MachineReport, format: PathFormat): string {
  if (format === 'json') return `${JSON.stringify(report, null, 2)}\n`;
  if (format === 'mermaid') return `${mermaidDiagram(report)}\n`;
  return markdown(report);
}

/** The file name an export is saved under. */
export const exportFileName = (name: string, format: PathFormat) =>
  `${name}-paths.${format === 'mermaid' ? 'mmd' : format}`;
