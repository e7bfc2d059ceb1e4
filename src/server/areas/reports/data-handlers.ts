import type { Handler, ResultOf } from '../../platform/handler.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { composeReport } from './compose.ts';
import { visibleReport } from './handlers.ts';
import { periodOf } from './period.ts';
import { renderReportPdf } from './render/pdf.ts';

/** A report's figures for one customer and period, read through the caller's reach. */
async function composeForCaller(request: Parameters<Handler<'getReportData'>>[0]) {
  const principal = principalOf(request);
  const now = new Date();
  return asCaller(request, async (tx) => {
    const report = await visibleReport(tx, request.params.id);
    const period = periodOf(report, request.query.target, now);
    return {
      report,
      input: await composeReport(tx, principal, report, request.query.customer_id, period, now),
    };
  });
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
