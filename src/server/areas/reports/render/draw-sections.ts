import SVGtoPDF from 'svg-to-pdfkit';
import type { readBreachLookups, readLogVolume, readLookalikes } from '../sections/activity.ts';
import type { readAlertsOverTime, readKpis, readTopAlertTypes } from '../sections/alerts.ts';
import type { readAgentHealth, readVulnerabilities } from '../sections/fleet.ts';
import type { SectionData } from '../sections/index.ts';
import { alertsOverTimeSvg, lineSvg } from './charts.ts';
import { formatBytes, formatCount, formatDuration } from './format.ts';
import { LABELS } from './labels.ts';
import type { Drawing } from './pdf.ts';
import { type Column, drawTable, pageBottom } from './table.ts';

type DataOf<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;

function tableOf(drawing: Drawing, columns: Column[], rows: string[][]) {
  if (rows.length === 0) {
    note(drawing, LABELS.none);
    return;
  }
  drawTable(drawing.doc, columns, rows, {
    header: drawing.branding.primary,
    headerText: '#ffffff',
    stripe: '#f2f4f7',
  });
}

function note(drawing: Drawing, text: string) {
  drawing.doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor('#344054')
    .text(text, drawing.doc.page.margins.left, drawing.doc.y, { width: drawing.width });
  drawing.doc.moveDown(0.5);
}

function chart(drawing: Drawing, svg: string, height: number) {
  const { doc } = drawing;
  if (doc.y + height > pageBottom(doc)) doc.addPage();
  // ECharts sizes in pixels; taken as points, the chart fills the width it was drawn for.
  SVGtoPDF(doc, svg, doc.page.margins.left, doc.y, { width: drawing.width, height, assumePt: true });
  doc.y += height + 8;
  doc.x = doc.page.margins.left;
}

const drawers = {
  kpis(drawing: Drawing, data: DataOf<typeof readKpis>) {
    const k = LABELS.kpis;
    tableOf(
      drawing,
      [
        { header: k.figure, width: 3 },
        { header: k.value, width: 1, align: 'right' },
      ],
      [
        [k.alerts, formatCount(data.alerts)],
        ...(['critical', 'high', 'medium', 'low'] as const).map((p) => [
          `  ${LABELS.priorities[p]}`,
          formatCount(data.by_priority[p]),
        ]),
        [k.acknowledge_median, formatDuration(data.acknowledge.median_seconds)],
        [k.acknowledge_p90, formatDuration(data.acknowledge.p90_seconds)],
        [k.close_median, formatDuration(data.close.median_seconds)],
        [k.close_p90, formatDuration(data.close.p90_seconds)],
        [k.cases_opened, formatCount(data.cases_opened)],
        [k.cases_closed, formatCount(data.cases_closed)],
      ],
    );
    const statuses = Object.entries(data.by_status);
    if (statuses.length)
      tableOf(
        drawing,
        [
          { header: k.status, width: 3 },
          { header: k.alertsColumn, width: 1, align: 'right' },
        ],
        statuses.map(([status, n]) => [LABELS.statuses[status] ?? status, formatCount(n)]),
      );
  },
  alerts_over_time(drawing: Drawing, data: DataOf<typeof readAlertsOverTime>) {
    chart(drawing, alertsOverTimeSvg(data.buckets, LABELS.priorities, drawing.width, 220), 220);
  },
  top_alert_types(drawing: Drawing, data: DataOf<typeof readTopAlertTypes>) {
    const c = LABELS.columns;
    tableOf(
      drawing,
      [
        { header: c.type, width: 4 },
        { header: c.total, width: 1, align: 'right' },
        { header: c.open, width: 1, align: 'right' },
      ],
      data.types.map((t) => [t.type, formatCount(t.total), formatCount(t.open)]),
    );
  },
  agent_health(drawing: Drawing, data: DataOf<typeof readAgentHealth>) {
    note(drawing, LABELS.totals.agents(formatCount(data.total)));
    tableOf(
      drawing,
      [
        { header: LABELS.columns.status, width: 3 },
        { header: LABELS.columns.agents, width: 1, align: 'right' },
      ],
      data.total === 0
        ? []
        : Object.entries(data.statuses).map(([status, n]) => [
            LABELS.agentStatuses[status] ?? status,
            formatCount(n),
          ]),
    );
  },
  vulnerabilities(drawing: Drawing, data: DataOf<typeof readVulnerabilities>) {
    const c = LABELS.columns;
    note(drawing, LABELS.totals.findings(formatCount(data.findings), formatCount(data.vulnerable_agents)));
    tableOf(
      drawing,
      [
        { header: c.finding, width: 4 },
        { header: c.kind, width: 1 },
        { header: c.severity, width: 1 },
        { header: c.agents, width: 1, align: 'right' },
      ],
      data.top.map((f) => [
        `${f.ref} ${f.title === f.ref ? '' : f.title}`.trim(),
        f.kind,
        f.severity ?? '–',
        formatCount(f.agents),
      ]),
    );
  },
  log_volume(drawing: Drawing, data: DataOf<typeof readLogVolume>) {
    note(drawing, LABELS.totals.logs(formatCount(data.events), formatBytes(data.bytes)));
    if (data.days.length > 1)
      chart(
        drawing,
        lineSvg(
          data.days.map((d) => ({ label: d.day.slice(5), value: d.events })),
          drawing.branding.secondary,
          500,
          180,
        ),
        180,
      );
  },
  lookalike_domains(drawing: Drawing, data: DataOf<typeof readLookalikes>) {
    const c = LABELS.columns;
    note(drawing, LABELS.totals.lookalikes(formatCount(data.found)));
    tableOf(
      drawing,
      [
        { header: c.lookalike, width: 3 },
        { header: c.domain, width: 2 },
        { header: c.classification, width: 2 },
        { header: c.risk, width: 1, align: 'right' },
        { header: c.firstSeen, width: 2 },
      ],
      data.top.map((l) => [l.name, l.domain, l.classification, String(l.risk), l.first_seen]),
    );
  },
  breach_lookups(drawing: Drawing, data: DataOf<typeof readBreachLookups>) {
    const c = LABELS.columns;
    note(drawing, LABELS.totals.breaches(formatCount(data.looked_up), formatCount(data.breached)));
    tableOf(
      drawing,
      [
        { header: c.account, width: 4 },
        { header: c.status, width: 2 },
        { header: c.breaches, width: 1, align: 'right' },
      ],
      data.top.map((b) => [b.account, b.status, formatCount(b.breaches)]),
    );
  },
};

/** A data section: its title in the primary colour, then its table, chart or figures. */
export function drawSection(drawing: Drawing, section: SectionData) {
  if (!section.section) return;
  const { doc } = drawing;
  if (doc.y + 80 > pageBottom(doc)) doc.addPage();
  doc
    .font('Helvetica-Bold')
    .fontSize(13)
    .fillColor(drawing.branding.primary)
    .text(section.title || LABELS.sections[section.section], doc.page.margins.left, doc.y, {
      width: drawing.width,
    });
  doc.moveDown(0.3);
  (drawers[section.section] as (drawing: Drawing, data: unknown) => void)(drawing, section.data);
  doc.moveDown(0.5);
}
