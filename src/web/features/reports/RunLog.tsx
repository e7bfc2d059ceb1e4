import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { asLoaded } from '../../api/loaded.ts';
import { TimeText, useFormatTimestamp } from '../../components/Timestamp.tsx';
import { LoadError } from '../../components/table/LoadError.tsx';
import { useToasts } from '../../shell/index.ts';
import { getReportRunPdf, listReportRuns, type ReportRun } from './api.ts';

/** While a run is queued or rendering the log asks again this often, so its outcome shows. */
const RUN_POLL_MS = 3000;
const pending = (run: ReportRun) => run.status === 'queued' || run.status === 'running';

/** Opens a stored PDF in a new tab (read with the session's token, so from its own address). */
async function openPdf(run: ReportRun) {
  const url = URL.createObjectURL(await getReportRunPdf(run.id));
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The delivery log of one report, newest first: each run's customer, period, recipients, outcome and attempts. */
export function RunLog({ reportId, customerName }: { reportId: string; customerName(id: string): string }) {
  const { t } = useTranslation('reports');
  const { notify } = useToasts();
  const formatTime = useFormatTimestamp();
  const runs = asLoaded(
    useQuery({
      ...listReportRuns(reportId),
      refetchInterval: (query) => (query.state.data?.runs.some(pending) ? RUN_POLL_MS : false),
    }),
  );
  return (
    <section className="report-delivery__part report-runs" aria-labelledby="report-runs-title">
      <h2 id="report-runs-title">{t('runs.title')}</h2>
      {runs.status === 'error' ? (
        <LoadError
          error={runs.error}
          message={t('errors.runs')}
          retryLabel={t('retry')}
          onRetry={runs.reload}
        />
      ) : runs.status !== 'ready' ? (
        <p role="status">{t('loading')}</p>
      ) : (runs.data ?? []).length === 0 ? (
        <p className="empty">{t('runs.none')}</p>
      ) : (
        <table className="table">
          <caption className="sr-only">{t('runs.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('runs.created')}</th>
              <th scope="col">{t('columns.customer')}</th>
              <th scope="col">{t('runs.period')}</th>
              <th scope="col">{t('runs.recipients')}</th>
              <th scope="col">{t('runs.status')}</th>
              <th scope="col">{t('runs.attempts')}</th>
              <th scope="col">{t('runs.pdf')}</th>
            </tr>
          </thead>
          <tbody>
            {(runs.data ?? []).map((run) => (
              <tr key={run.id}>
                <td>
                  <TimeText iso={run.created_at} format={formatTime} />
                </td>
                <td>{customerName(run.customer_id)}</td>
                <td>
                  {run.period_start} – {run.period_end}
                </td>
                <td>{run.recipients.join(', ')}</td>
                <td>
                  <span className={`report-run report-run--${run.status}`}>
                    {t(`runStatus.${run.status}`)}
                  </span>
                  {run.last_error && <div className="muted">{run.last_error}</div>}
                </td>
                <td>{run.attempts}</td>
                <td>
                  {run.has_pdf ? (
                    <button
                      type="button"
                      className="button button--small"
                      aria-label={t('runs.openPdfNamed', {
                        count: run.pages ?? 0,
                        pages: run.pages ?? 0,
                        customer: customerName(run.customer_id),
                      })}
                      onClick={() =>
                        openPdf(run).catch(() =>
                          notify({ severity: 'danger', title: t('errors.pdf'), message: '' }),
                        )
                      }
                    >
                      {t('runs.openPdf', { count: run.pages ?? 0, pages: run.pages ?? 0 })}
                    </button>
                  ) : (
                    '–'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
