import { useTranslation } from 'react-i18next';
import { useFormatTimestamp } from '../../components/Timestamp.tsx';
import { LoadError } from '../../components/table/LoadError.tsx';
import { SlowLoadNotice } from '../../components/table/SlowLoadNotice.tsx';
import { useLoad } from '../../components/use-load.ts';
import { getAgentLoginLocations } from './api.ts';

/** Recent sign-ins to the endpoint and where they came from, newest first. */
export function AgentLogins({ agentId }: { agentId: string }) {
  const { t } = useTranslation('agents');
  const formatTime = useFormatTimestamp();
  const report = useLoad(agentId, () => getAgentLoginLocations(agentId));
  const logins = report.data?.logins ?? [];

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
      {report.status === 'ready' && logins.length === 0 ? (
        <p className="empty" role="status">
          {t('reports.logins.empty')}
        </p>
      ) : (
        <table className="table">
          <caption className="sr-only">{t('detail.tab.logins')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('reports.logins.user')}</th>
              <th scope="col">{t('reports.logins.at')}</th>
              <th scope="col">{t('reports.logins.ip')}</th>
              <th scope="col">{t('reports.logins.place')}</th>
            </tr>
          </thead>
          <tbody>
            {logins.map((login) => (
              <tr key={`${login.user_name}/${login.logged_in_at}/${login.ip ?? ''}`}>
                <td>{login.user_name}</td>
                <td>{formatTime(login.logged_in_at)}</td>
                <td>{login.ip ?? ''}</td>
                <td>{[login.city, login.country].filter(Boolean).join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
