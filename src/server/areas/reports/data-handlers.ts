import type { Handler, ResultOf } from '../../platform/handler.ts';
import { asReader } from '../../platform/reader.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { deviceScopeForCaller } from './azure-scope.ts';
import { composeReport } from './compose.ts';
import { readingFigures } from './figures-gate.ts';
import { visibleReport } from './handlers.ts';
import { periodOf } from './period.ts';
import { formatsFor } from './render/format.ts';
import { labelsFor } from './render/labels.ts';
import { renderOnThread } from './render/pool.ts';
import { blocksOf } from './render/section-blocks.ts';

/**
 * A report's figures for one customer and period, read through the caller's reach: the report as
 * just saved (primary), its figures where read-heavy calls read (the replica while it is current).
 */
async function composeForCaller(request: Parameters<Handler<'getReportData'>>[0]) {
  const principal = principalOf(request);
  const now = new Date();
  const report = await asCaller(request, (tx) => visibleReport(tx, request.params.id));
  const period = periodOf(report, request.query.target, now);
  // Graph is asked before the figures are read: no transaction waits on it.
  const devices = await deviceScopeForCaller(
    request,
    request.query.customer_id,
    request.query.selected_groups,
  );
  const input = await readingFigures(() =>
    asReader(request, (tx) =>
      composeReport(tx, principal, report, request.query.customer_id, period, now, devices),
    ),
  );
  return { report, input };
}

export const getReportData: Handler<'getReportData'> = async (request) => {
  const { report, input } = await composeForCaller(request);
  const locale = request.query.locale ?? input.locale;
  const words = { labels: labelsFor(locale), format: formatsFor(locale), timeZone: input.timeZone };
  return {
    report_id: report.id,
    version: report.version,
    locale,
    customer: { id: request.query.customer_id, name: input.customerName },
    period: input.period,
    azure_groups: input.azureGroups ?? [],
    sections: input.sections.map((s) => ({
      ...s,
      section: s.section ?? null,
      printed: presentPrinted(blocksOf(words, s)),
    })),
  };
};

/** The blocks as the contract has them: a chart as the table of its figures. */
function presentPrinted(printed: ReturnType<typeof blocksOf>) {
  if (!printed) return null;
  return {
    title: printed.title,
    blocks: printed.blocks.map((block) =>
      block.kind === 'note'
        ? { kind: 'note' as const, text: block.text }
        : {
            kind: block.kind,
            columns: (block.kind === 'chart' ? block.figures : block).columns.map((c) => ({
              header: c.header,
              align: c.align ?? ('left' as const),
            })),
            rows: (block.kind === 'chart' ? block.figures : block).rows,
          },
    ),
  };
}

export const previewReport: Handler<'previewReport'> = async (request, reply) => {
  const { input } = await composeForCaller(request);
  const { pdf } = await renderOnThread(input);
  reply.type('application/pdf').header('content-disposition', 'inline; filename="preview.pdf"');
  return pdf as unknown as ResultOf<'previewReport'>;
};
