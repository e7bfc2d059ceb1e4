import type { readBreachLookups, readLogVolume, readLookalikes } from '../sections/activity.ts';
import type { readAlertsOverTime, readKpis, readTopAlertTypes } from '../sections/alerts.ts';
import type { readAgentHealth, readVulnerabilities } from '../sections/fleet.ts';
import type { SectionData } from '../sections/index.ts';
import type { readSavedSearch } from '../sections/saved-search.ts';
import type { readWorkflowRuns } from '../sections/workflows.ts';
import type { Formats } from './format.ts';
import type { ReportLabels } from './labels.ts';
import type { Column } from './table.ts';

type DataOf<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;

export interface TableBlock {
  kind: 'table';
  columns: Column[];
  rows: string[][];
}

/**
 * What a data section prints, in order: a line of text, a table, or a chart (which the console's
 * preview shows as the table of its figures). The PDF draws these; the builder's preview lists
 * the same words and figures, so the two never disagree.
 */
export type Block =
  | { kind: 'note'; text: string }
  | TableBlock
  | { kind: 'chart'; chart: 'alerts_over_time' | 'log_volume'; height: number; figures: TableBlock };

export interface Words {
  labels: ReportLabels;
  format: Formats;
  /** The customer's IANA time zone: times are printed on its clock. */
  timeZone: string;
}

const table = (columns: Column[], rows: string[][]): TableBlock => ({ kind: 'table', columns, rows });

/** A stored severity in the language (sources write it in any case); one it does not know as written. */
const severityOf = (labels: ReportLabels, severity: string | null) =>
  severity === null ? '–' : (labels.severities[severity.toLowerCase()] ?? severity);

/** How many of something there are in each state: the state's name in the language, then the count. */
const countsByState = (
  headers: { state: string; count: string },
  counts: [state: string, n: number][],
  names: Record<string, string>,
  format: Formats,
): TableBlock =>
  table(
    [
      { header: headers.state, width: 3 },
      { header: headers.count, width: 1, align: 'right' },
    ],
    counts.map(([state, n]) => [names[state] ?? state, format.count(n)]),
  );

const BLOCKS = {
  kpis({ labels, format }: Words, data: DataOf<typeof readKpis>): Block[] {
    const k = labels.kpis;
    const blocks: Block[] = [
      table(
        [
          { header: k.figure, width: 3 },
          { header: k.value, width: 1, align: 'right' },
        ],
        [
          [k.alerts, format.count(data.alerts)],
          ...(['critical', 'high', 'medium', 'low'] as const).map((p) => [
            `  ${labels.priorities[p]}`,
            format.count(data.by_priority[p]),
          ]),
          [k.acknowledge_median, format.duration(data.acknowledge.median_seconds)],
          [k.acknowledge_p90, format.duration(data.acknowledge.p90_seconds)],
          [k.close_median, format.duration(data.close.median_seconds)],
          [k.close_p90, format.duration(data.close.p90_seconds)],
          [k.cases_opened, format.count(data.cases_opened)],
          [k.cases_closed, format.count(data.cases_closed)],
        ],
      ),
    ];
    const statuses = Object.entries(data.by_status);
    if (statuses.length)
      blocks.push(
        countsByState({ state: k.status, count: k.alertsColumn }, statuses, labels.statuses, format),
      );
    return blocks;
  },
  alerts_over_time({ labels, format }: Words, data: DataOf<typeof readAlertsOverTime>): Block[] {
    const p = labels.priorities;
    return [
      {
        kind: 'chart',
        chart: 'alerts_over_time',
        height: 220,
        figures: table(
          [
            { header: labels.columns.day, width: 2 },
            ...(['critical', 'high', 'medium', 'low'] as const).map(
              (priority): Column => ({ header: p[priority], width: 1, align: 'right' }),
            ),
          ],
          data.buckets.map((b) => [
            b.start,
            format.count(b.critical),
            format.count(b.high),
            format.count(b.medium),
            format.count(b.low),
          ]),
        ),
      },
    ];
  },
  top_alert_types({ labels, format }: Words, data: DataOf<typeof readTopAlertTypes>): Block[] {
    const c = labels.columns;
    return [
      table(
        [
          { header: c.type, width: 4 },
          { header: c.total, width: 1, align: 'right' },
          { header: c.open, width: 1, align: 'right' },
        ],
        data.types.map((t) => [t.type, format.count(t.total), format.count(t.open)]),
      ),
    ];
  },
  agent_health({ labels, format }: Words, data: DataOf<typeof readAgentHealth>): Block[] {
    return [
      { kind: 'note', text: labels.totals.agents(format.count(data.total)) },
      countsByState(
        { state: labels.columns.status, count: labels.columns.agents },
        data.total === 0 ? [] : Object.entries(data.statuses),
        labels.agentStatuses,
        format,
      ),
    ];
  },
  vulnerabilities({ labels, format }: Words, data: DataOf<typeof readVulnerabilities>): Block[] {
    const c = labels.columns;
    return [
      {
        kind: 'note',
        text: labels.totals.findings(format.count(data.findings), format.count(data.vulnerable_agents)),
      },
      table(
        [
          { header: c.finding, width: 4 },
          { header: c.kind, width: 1 },
          { header: c.severity, width: 1 },
          { header: c.agents, width: 1, align: 'right' },
        ],
        data.top.map((f) => [
          `${f.ref} ${f.title === f.ref ? '' : f.title}`.trim(),
          labels.vulnerabilityKinds[f.kind] ?? f.kind,
          severityOf(labels, f.severity),
          format.count(f.agents),
        ]),
      ),
    ];
  },
  log_volume({ labels, format }: Words, data: DataOf<typeof readLogVolume>): Block[] {
    const c = labels.columns;
    const blocks: Block[] = [
      { kind: 'note', text: labels.totals.logs(format.count(data.events), format.bytes(data.bytes)) },
    ];
    if (data.days.length > 1)
      blocks.push({
        kind: 'chart',
        chart: 'log_volume',
        height: 180,
        figures: table(
          [
            { header: c.day, width: 2 },
            { header: c.events, width: 1, align: 'right' },
            { header: c.bytes, width: 1, align: 'right' },
          ],
          data.days.map((d) => [d.day, format.count(d.events), format.bytes(d.bytes)]),
        ),
      });
    return blocks;
  },
  lookalike_domains({ labels, format }: Words, data: DataOf<typeof readLookalikes>): Block[] {
    const c = labels.columns;
    return [
      { kind: 'note', text: labels.totals.lookalikes(format.count(data.found)) },
      table(
        [
          { header: c.lookalike, width: 3 },
          { header: c.domain, width: 2 },
          { header: c.classification, width: 2 },
          { header: c.risk, width: 1, align: 'right' },
          { header: c.firstSeen, width: 2 },
        ],
        data.top.map((l) => [
          l.name,
          l.domain,
          labels.classifications[l.classification] ?? l.classification,
          format.count(l.risk),
          l.first_seen,
        ]),
      ),
    ];
  },
  breach_lookups({ labels, format }: Words, data: DataOf<typeof readBreachLookups>): Block[] {
    const c = labels.columns;
    return [
      {
        kind: 'note',
        text: labels.totals.breaches(format.count(data.looked_up), format.count(data.breached)),
      },
      table(
        [
          { header: c.account, width: 4 },
          { header: c.status, width: 2 },
          { header: c.breaches, width: 1, align: 'right' },
        ],
        data.top.map((b) => [
          b.account,
          labels.breachStatuses[b.status] ?? b.status,
          format.count(b.breaches),
        ]),
      ),
    ];
  },
  saved_search({ labels, format, timeZone }: Words, data: DataOf<typeof readSavedSearch>): Block[] {
    if (!data.available) return [{ kind: 'note', text: labels.savedSearchMissing }];
    const c = labels.columns;
    return [
      { kind: 'note', text: labels.totals.savedSearch(data.name, format.count(data.total)) },
      table(
        [
          { header: c.time, width: 2 },
          { header: c.source, width: 1 },
          { header: c.host, width: 1 },
          { header: c.user, width: 1 },
          { header: c.severity, width: 1 },
          { header: c.message, width: 4 },
        ],
        data.events.map((e) => [
          format.eventTime(new Date(e.time), timeZone),
          e.source,
          e.host ?? '–',
          e.user ?? '–',
          severityOf(labels, e.severity),
          (e.message ?? '').slice(0, 300),
        ]),
      ),
    ];
  },
  workflows({ labels, format }: Words, data: DataOf<typeof readWorkflowRuns>): Block[] {
    const c = labels.columns;
    return [
      { kind: 'note', text: labels.totals.workflows(format.count(data.runs), format.count(data.failed)) },
      table(
        [
          { header: c.workflow, width: 4 },
          { header: c.runs, width: 1, align: 'right' },
          { header: c.succeeded, width: 1, align: 'right' },
          { header: c.failed, width: 1, align: 'right' },
        ],
        data.workflows.map((w) => [
          w.name ?? labels.otherWorkflow,
          format.count(w.runs),
          format.count(w.succeeded),
          format.count(w.failed),
        ]),
      ),
    ];
  },
};

/** A data section's title (its own, else the kind's name) and what it prints; null for text and layout. */
export function blocksOf(words: Words, section: SectionData): { title: string; blocks: Block[] } | null {
  if (!section.section) return null;
  const build = BLOCKS[section.section] as (words: Words, data: unknown) => Block[];
  const blocks = build(words, section.data);
  return {
    title: section.title || words.labels.sections[section.section],
    // A report narrowed to Azure groups says which of its sections could not be.
    blocks:
      section.narrowed === false ? [{ kind: 'note', text: words.labels.notNarrowed }, ...blocks] : blocks,
  };
}
