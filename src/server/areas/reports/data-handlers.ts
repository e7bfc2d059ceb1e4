import type { Handler, ResultOf } from '../../platform/handler.ts';
import { asReader } from '../../platform/reader.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { composeReport } from './compose.ts';
import { visibleReport } from './handlers.ts';
import { periodOf } from './period.ts';
import { renderReportPdf } from './render/pdf.ts';

/**
 * A report's figures for one customer and period, read through the caller's reach: the report as
 * just saved (primary), its figures where read-heavy calls read (the replica while it is current).
 */
async function composeForCaller(request: Parameters<Handler<'getReportData'>>[0]) {
  const principal = principalOf(request);
  const now = new Date();
  const report = await asCaller(request, (tx) => visibleReport(tx, request.params.id));
  const period = periodOf(report, request.query.target, now);
  const input = await asReader(request, (tx) =>
    composeReport(tx, principal, report, request.query.customer_id, period, now),
  );
  return { report, input };
}

export const getReportData: Handler<'getReportData'> = async (request) => {
  const { report, input } = await composeForCaller(request);
  return {
    report_id: report.id,
    version: report.version,
    customer: { id: request.query.customer_id, name: input.customerName },
    period: input.period,
    sections: input.sections.map((s) => ({ ...s, section: s.section ?? null })),
  };
};

export const previewReport: Handler<'previewReport'> = async (request, reply) => {
  const { input } = await composeForCaller(request);
  const { pdf } = await renderReportPdf(input);
  reply.type('application/pdf').header('content-disposition', 'inline; filename="preview.pdf"');
  return pdf as unknown as ResultOf<'previewReport'>;
};
