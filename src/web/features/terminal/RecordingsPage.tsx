import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { asLoaded } from '../../api/loaded.ts';
import { useFormatTimestamp } from '../../components/Timestamp.tsx';
import { LoadedContent } from '../../components/table/LoadedContent.tsx';
import { listTerminalRecordings, type TerminalSession } from './api.ts';
import './terminal.css';

/** Seconds between start and end, as minutes and seconds. */
export function sessionLength(session: TerminalSession): string {
  if (!session.ended_at) return '';
  const seconds = Math.max(
    0,
    Math.round((Date.parse(session.ended_at) - Date.parse(session.started_at)) / 1000),
  );
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** /terminal/recordings: every terminal session of the provider's customers, for administrators to replay. */
export function RecordingsPage() {
  const { t } = useTranslation('terminal');
  const format = useFormatTimestamp();
  const load = asLoaded(useQuery(listTerminalRecordings()));
  const sessions = load.data?.sessions ?? [];
  return (
    <div className="page-body">
      <header className="page-header">
        <h1>{t('recordings.title')}</h1>
        <p className="muted">{t('recordings.explain')}</p>
      </header>
      <LoadedContent
        load={load}
        empty={sessions.length === 0}
        labels={{
          empty: t('recordings.none'),
          loadFailed: t('recordings.loadFailed'),
          retry: t('retry'),
          loading: t('loading'),
        }}
      >
        <table className="terminal-recordings">
          <thead>
            <tr>
              <th scope="col">{t('recordings.started')}</th>
              <th scope="col">{t('recordings.who')}</th>
              <th scope="col">{t('recordings.from')}</th>
              <th scope="col">{t('recordings.agent')}</th>
              <th scope="col">{t('recordings.customer')}</th>
              <th scope="col">{t('recordings.length')}</th>
              <th scope="col">{t('recordings.ended')}</th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((s) => (
              <tr key={s.session_id}>
                <td>
                  <Link href={`/terminal/recordings/${s.session_id}`}>
                    {t('recordings.replay', { when: format(s.started_at) })}
                  </Link>
                </td>
                <td>{s.email}</td>
                <td className={s.client_address ? undefined : 'muted'}>
                  {s.client_address ?? t('recordings.noAddress')}
                </td>
                <td>{s.host_name}</td>
                <td>{s.customer_name}</td>
                <td>{sessionLength(s)}</td>
                <td>{s.end_reason ? t(`reason.${s.end_reason}`) : t('recordings.live')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </LoadedContent>
    </div>
  );
}
