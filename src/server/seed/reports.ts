import { validate } from '../../api/validate.ts';
import { checkedDocument, type ReportInput } from '../areas/reports/index.ts';
import { reports } from '../db/schema/index.ts';
import type { Db } from '../db/types.ts';

/**
 * The provider's monthly summary, shared with all its staff: a heading and a word to the reader,
 * then the data sections a customer's month is told by, the fleet and exposure on a second page.
 */
export const DEMO_REPORT: ReportInput = {
  name: 'Monthly security summary',
  description: 'What happened in the month and the two before, for each customer.',
  scope: 'global',
  target: 'month',
  retention_days: 90,
  document: {
    components: [
      { type: 'header', text: 'Monthly security summary' },
      {
        type: 'body',
        text: 'The alerts we triaged for you this month, how your devices stood, and what we saw of your name outside.',
      },
      { type: 'section', section: 'kpis', title: 'The month in figures' },
      { type: 'section', section: 'alerts_over_time', title: 'Alerts by day' },
      { type: 'section', section: 'top_alert_types', title: 'Most frequent alert types', limit: 10 },
      { type: 'page_break' },
      { type: 'header', text: 'Devices and exposure' },
      { type: 'section', section: 'agent_health', title: 'Agent health' },
      { type: 'section', section: 'vulnerabilities', title: 'Open vulnerabilities', limit: 10 },
      { type: 'rule' },
      { type: 'section', section: 'lookalike_domains', title: 'Lookalike domains' },
      { type: 'section', section: 'breach_lookups', title: 'Breached accounts' },
    ],
  },
};

/** Stores the demo report, owned by the provider's administrator and checked as one made in the console is. */
export async function seedReport(db: Db, partnerId: string, ownerId: string): Promise<void> {
  const contract = Object.entries(validate('ReportInput', { ...DEMO_REPORT }));
  if (contract.length > 0)
    throw new Error(`demo report: ${contract[0]![0]} ${JSON.stringify(contract[0]![1])}`);
  const issues = checkedDocument(DEMO_REPORT);
  if (issues.length > 0) throw new Error(`demo report: ${issues[0]!.field} ${issues[0]!.reason}`);
  await db.insert(reports).values({
    partnerId,
    ownerId,
    customerId: null,
    name: DEMO_REPORT.name,
    description: DEMO_REPORT.description ?? null,
    scope: DEMO_REPORT.scope,
    target: DEMO_REPORT.target ?? 'month',
    retentionDays: DEMO_REPORT.retention_days ?? 90,
    document: DEMO_REPORT.document,
  });
}
