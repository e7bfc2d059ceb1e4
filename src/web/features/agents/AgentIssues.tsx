import { useTranslation } from 'react-i18next';
import { useFormatTimestamp } from '../../components/Timestamp.tsx';
import { LoadError } from '../../components/table/LoadError.tsx';
import { SlowLoadNotice } from '../../components/table/SlowLoadNotice.tsx';
import { useLoad } from '../../components/use-load.ts';
import { getAgentIssues } from './api.ts';

/** Problems the agent reported on its endpoint, worst first, as the server orders them. */
export function AgentIssues({ agentId }: { agentId: string }) {
  const { t } = useTranslation('agents');
  const formatTime = useFormatTimestamp();
  const report = useLoad(agentId, () => getAgentIssues(agentId));
  const issues = report.data?.issues ?? [];

  if (report.status === 'error')
    return (
      <LoadError
        error={report.error}
        message={t('reports.loadFailed')}
        retryLabel={t('retry')}
        onRetry={report.reload}
      />
    );
  return (
    <section className="agent-page__section slow-load-host" aria-busy={report.status === 'loading'}>
      <SlowLoadNotice loading={report.status === 'loading'} />
      {report.data?.reported_at && (
        <p className="muted">{t('reports.reportedAt', { time: formatTime(report.data.reported_at) })}</p>
      )}
      {report.status === 'ready' && issues.length === 0 ? (
        <p className="empty" role="status">
          {t('reports.issues.empty')}
        </p>
      ) : (
        <table className="table">
          <caption className="sr-only">{t('detail.tab.issues')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('reports.issues.severity')}</th>
              <th scope="col">{t('reports.issues.message')}</th>
              <th scope="col">{t('reports.issues.since')}</th>
            </tr>
          </thead>
          <tbody>
            {issues.map((issue) => (
              <tr key={issue.code}>
                <td>{t(`reports.issues.level.${issue.severity}`)}</td>
                <td>{issue.message}</td>
                <td>{issue.since ? formatTime(issue.since) : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
