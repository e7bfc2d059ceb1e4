import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { asLoaded } from '../../api/loaded.ts';
import { useFormatTimestamp } from '../../components/Timestamp.tsx';
import { DataTable, LoadedContent } from '../../components/table/LoadedContent.tsx';
import { getAgentIssues } from './api.ts';
import { useReportLabels } from './use-report-labels.ts';

/** Problems the agent reported on its endpoint, worst first, as the server orders them. */
export function AgentIssues({ agentId }: { agentId: string }) {
  const { t } = useTranslation('agents');
  const formatTime = useFormatTimestamp();
  const report = asLoaded(useQuery(getAgentIssues(agentId)));
  const issues = report.data?.issues ?? [];
  return (
    <LoadedContent
      as="section"
      className="agent-page__section"
      load={report}
      empty={issues.length === 0}
      labels={useReportLabels('issues')}
      before={
        report.data?.reported_at && (
          <p className="muted">{t('reports.reportedAt', { time: formatTime(report.data.reported_at) })}</p>
        )
      }
    >
      <DataTable
        caption={t('detail.tab.issues')}
        columns={[t('reports.issues.severity'), t('reports.issues.message'), t('reports.issues.since')]}
      >
        {issues.map((issue) => (
          <tr key={issue.code}>
            <td>{t(`reports.issues.level.${issue.severity}`)}</td>
            <td>{issue.message}</td>
            <td>{issue.since ? formatTime(issue.since) : ''}</td>
          </tr>
        ))}
      </DataTable>
    </LoadedContent>
  );
}
