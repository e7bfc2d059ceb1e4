import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { asLoaded } from '../../api/loaded.ts';
import { useFormatTimestamp } from '../../components/Timestamp.tsx';
import { DataTable, LoadedContent } from '../../components/table/LoadedContent.tsx';
import { getAgentLoginLocations } from './api.ts';
import { LoginMap } from './LoginMap.tsx';
import { useReportLabels } from './use-report-labels.ts';

/** Recent sign-ins to the endpoint and where they came from, newest first. */
export function AgentLogins({ agentId }: { agentId: string }) {
  const { t } = useTranslation('agents');
  const formatTime = useFormatTimestamp();
  const report = asLoaded(useQuery(getAgentLoginLocations(agentId)));
  const logins = report.data?.logins ?? [];
  return (
    <LoadedContent
      as="section"
      className="agent-page__section"
      load={report}
      empty={logins.length === 0}
      labels={useReportLabels('logins')}
    >
      <LoginMap logins={logins} />
      <DataTable
        caption={t('detail.tab.logins')}
        columns={[
          t('reports.logins.user'),
          t('reports.logins.at'),
          t('reports.logins.ip'),
          t('reports.logins.place'),
        ]}
      >
        {logins.map((login) => (
          <tr key={`${login.user_name}/${login.logged_in_at}/${login.ip ?? ''}`}>
            <td>{login.user_name}</td>
            <td>{formatTime(login.logged_in_at)}</td>
            <td>{login.ip ?? ''}</td>
            <td>{[login.city, login.country].filter(Boolean).join(', ')}</td>
          </tr>
        ))}
      </DataTable>
    </LoadedContent>
  );
}
