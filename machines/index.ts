import { caseEditor, muteLifecycle } from './catalogue/editors.ts';
import type { CatalogueEntry } from './catalogue/entry.ts';
import { agentAction, alertStatus, breachLookup, bulkTriage, searchJob } from './catalogue/flows.ts';
import { reportPreview } from './catalogue/reports.ts';
import { commandFlow, interval, omnibox, session, table, ticker, toasts } from './catalogue/shell.ts';
import { terminalSession } from './catalogue/terminal.ts';
import { workflowDrafts } from './catalogue/workflows.ts';

export type { CatalogueEntry } from './catalogue/entry.ts';

/**
 * The console's machines, as testers generate paths from them (`npm run machines`,
 * docs/machines.md, the Machines tab on /admin). A new machine adds its entry here.
 */
export const MACHINES: readonly CatalogueEntry[] = [
  session,
  commandFlow,
  omnibox,
  table,
  toasts,
  ticker,
  interval,
  alertStatus,
  bulkTriage,
  caseEditor,
  muteLifecycle,
  agentAction,
  breachLookup,
  searchJob,
  reportPreview,
  workflowDrafts,
  terminalSession,
];

/** The machine of that name, or undefined. */
export const findMachine = (name: string) => MACHINES.find((m) => m.name === name);
