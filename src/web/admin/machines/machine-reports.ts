/**
 * The machines and their path reports for the Machines tab. Imported only with `import()`, so the
 * machines, xstate/graph and the reports load in their own chunk when the tab opens.
 */
import {
  exportFileName,
  FORMATS,
  formatReport,
  type PathFormat,
} from '../../../../machines/catalogue/format.ts';
import { type MachineReport, reportMachine } from '../../../../machines/catalogue/paths.ts';
import { findMachine, MACHINES } from '../../../../machines/index.ts';

export type { MachineReport, PathFormat };
export { FORMATS };

export const MACHINE_NAMES: readonly string[] = MACHINES.map((m) => m.name);

const reports = new Map<string, MachineReport>();

/** One machine's report, walked once per page load. */
export function machineReport(name: string): MachineReport | null {
  const entry = findMachine(name);
  if (!entry) return null;
  let report = reports.get(name);
  if (!report) {
    report = reportMachine(entry);
    reports.set(name, report);
  }
  return report;
}

/** The export of a machine's paths: the file's name, type and text. */
export function pathsExport(report: MachineReport, format: PathFormat) {
  const type = format === 'json' ? 'application/json' : format === 'md' ? 'text/markdown' : 'text/plain';
  return { name: exportFileName(report.name, format), type, text: formatReport(report, format) };
}
