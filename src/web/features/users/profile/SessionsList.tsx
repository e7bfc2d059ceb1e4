import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Timestamp } from '../../../components/Timestamp.tsx';
import { useToasts } from '../../../shell/index.ts';
import { endSession, listSessions, type Session } from '../access-api.ts';
import { ActionTable } from './ActionTable.tsx';

/** One's own live sessions, newest first; each can be ended (this one signs out). */
export function SessionsList() {
  const { t } = useTranslation('access');
  const { t: common } = useTranslation();
  const { notify } = useToasts();
  const [sessions, setSessions] = useState<Session[] | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    setFailed(false);
    listSessions().then(setSessions, () => setFailed(true));
  }, []);
  useEffect(load, [load]);

  const end = async (session: Session) => {
    try {
      await endSession(session.session_id);
      notify({ severity: 'success', title: t('sessions.ended'), message: '' });
      if (session.current) window.location.assign('/logout');
      else load();
    } catch {
      notify({ severity: 'danger', title: t('sessions.failed'), message: common('tryAgainLater') });
    }
  };

  return (
    <div className="access-block">
      <h3 id="sessions-title">{t('sessions.title')}</h3>
      <ActionTable
        labelledBy="sessions-title"
        rows={sessions}
        failed={failed}
        failedText={t('sessions.loadFailed')}
        onRetry={load}
        rowKey={(s) => s.session_id}
        columns={[
          { header: t('sessions.started'), cell: (s) => <Timestamp iso={s.created_at} /> },
          { header: t('sessions.expires'), cell: (s) => <Timestamp iso={s.expires_at} /> },
          {
            header: t('sessions.kind'),
            cell: (s) =>
              [s.current && t('sessions.current'), s.impersonated && t('sessions.impersonated')]
                .filter(Boolean)
                .join(', ') || t('sessions.other'),
          },
        ]}
        action={(s) => (
          <button type="button" className="button button--small" onClick={() => end(s)}>
            {s.current ? t('sessions.signOut') : t('sessions.end')}
          </button>
        )}
      />
    </div>
  );
}
