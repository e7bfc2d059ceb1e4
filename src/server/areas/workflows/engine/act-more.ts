import { addAlertsToCase, openCase } from '../../cases/index.ts';
import { countSavedSearch } from '../../logs/index.ts';
import { customerVerdict } from '../../threat/index.ts';
import { type RecentFinding, recentFindings } from '../../vulnerabilities/index.ts';
import type { ActContext, StepOutcome } from './act.ts';
import { conditionHolds } from './conditions.ts';
import { StepRefused } from './refused.ts';

const str = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** A case id as a task gives it (a number, or text from an earlier step's output). */
function caseIdOf(value: unknown): number {
  const id = Number(str(value).trim());
  if (!Number.isSafeInteger(id) || id <= 0) throw new StepRefused(`"${str(value)}" is not a case id.`);
  return id;
}

const DAY_MS = 86_400_000;

/** One line per finding, worst first, for a mail body ({{steps.<task>.lines}}). */
function findingLines(findings: readonly RecentFinding[], count: number): string {
  if (count === 0) return 'No vulnerabilities were reported.';
  const lines = findings.map((f) => {
    const cves = f.cve_ids.length > 0 ? ` (${f.cve_ids.join(', ')})` : '';
    const agents = f.agents === 1 ? '1 agent' : `${f.agents} agents`;
    return `- ${f.severity ?? 'unrated'}: ${f.id} ${f.title}${cves} on ${agents}`;
  });
  if (count > findings.length) lines.push(`… and ${count - findings.length} more.`);
  return lines.join('\n');
}

/** Branches' tests, enrichment, cases and the vulnerability read. */
export const MORE_ACTIONS: Record<string, (c: ActContext) => Promise<StepOutcome>> = {
  condition: async (c) => {
    const passed = conditionHolds(c.input, c.now);
    return { output: { passed }, passed };
  },
  saved_search_count: async (c) => {
    const threshold = Number(c.input.threshold);
    const count = await countSavedSearch(
      c.tx,
      c.principal,
      str(c.input.saved_search_id),
      c.run.customerId,
      Number(c.input.minutes),
      c.now,
    );
    const passed = count >= threshold;
    return { output: { count, threshold, passed }, passed };
  },
  threat_lookup: async (c) => {
    const value = str(c.input.value);
    const verdict = await customerVerdict(c.tx, value, c.run.customerId);
    if (!verdict) throw new StepRefused(`"${value.slice(0, 200)}" is no IP address, domain or file hash.`);
    return { output: verdict };
  },
  case_create: async (c) => {
    const row = await openCase(c.tx, c.principal, {
      customerId: c.run.customerId,
      title: str(c.input.title).slice(0, 200) || 'Case',
      description: str(c.input.description),
      tags: Array.isArray(c.input.tags) ? c.input.tags.map(str).filter(Boolean) : [],
      alertIds: c.run.alertId === null ? [] : [c.run.alertId],
    });
    return { output: { case_id: row.id, alert_ids: c.run.alertId === null ? [] : [c.run.alertId] } };
  },
  vulnerabilities_found: async (c) => {
    const days = Number(c.input.days);
    const since = new Date(c.now.getTime() - days * DAY_MS);
    const found = await recentFindings(c.tx, c.run.customerId, since);
    return {
      output: {
        days,
        since: since.toISOString(),
        count: found.count,
        agent_count: found.agentCount,
        findings: found.findings,
        lines: findingLines(found.findings, found.count),
      },
    };
  },
  case_add: async (c) => {
    if (c.run.alertId === null) throw new StepRefused('This step needs an alert, and the run has none.');
    const caseId = caseIdOf(c.input.case_id);
    const moved = await addAlertsToCase(c.tx, c.principal, caseId, [c.run.alertId]);
    return { output: { case_id: caseId, added: moved.length > 0 } };
  },
};

/** What these actions would do, for a test run (conditions are evaluated; the rest only described). */
export function previewMore(actionId: string, input: Record<string, unknown>, on: string, now: Date) {
  switch (actionId) {
    case 'condition': {
      const passed = conditionHolds(input, now);
      return {
        would: passed ? 'The condition holds.' : 'The condition fails.',
        output: { passed },
        stop: false,
        passed,
      };
    }
    case 'saved_search_count':
      return {
        would: `Count saved search ${str(input.saved_search_id)} over the last ${str(input.minutes)} minutes against ${str(input.threshold)}.`,
        output: { count: null, threshold: Number(input.threshold), passed: null },
        stop: false,
      };
    case 'threat_lookup':
      return {
        would: `Look up ${str(input.value)} in the threat store.`,
        output: { risk: null },
        stop: false,
      };
    case 'vulnerabilities_found':
      return {
        would: `Read the vulnerabilities the customer's agents reported in the last ${str(input.days)} days.`,
        output: { count: null, agent_count: null, findings: [], lines: '' },
        stop: false,
      };
    case 'case_create':
      return {
        would: `Open a case "${str(input.title)}"${on ? ` with ${on}` : ''}.`,
        output: { case_id: null },
        stop: false,
      };
    case 'case_add':
      return {
        would: `Add ${on || 'the alert'} to case ${str(input.case_id)}.`,
        output: { case_id: null },
        stop: false,
      };
    default:
      return null;
  }
}
