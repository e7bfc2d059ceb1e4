import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Timestamp } from '../../../components/Timestamp.tsx';
import { useToasts } from '../../../shell/index.ts';
import { endSession, listSessions, type Session } from '../access-api.ts';

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
      {failed ? (
        <p role="alert">
          {t('sessions.loadFailed')}{' '}
          <button type="button" className="link-button" onClick={load}>
            {t('retry')}
          </button>
        </p>
      ) : sessions === null ? (
        <p role="status">{t('loading')}</p>
      ) : (
        <table className="table" aria-labelledby="sessions-title">
          <thead>
            <tr>
              <th scope="col">{t('sessions.started')}</th>
              <th scope="col">{t('sessions.expires')}</th>
              <th scope="col">{t('sessions.kind')}</th>
              <th scope="col">
                <span className="sr-only">{t('actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((s) => (
              <tr key={s.session_id}>
                <td>
                  <Timestamp iso={s.created_at} />
                </td>
                <td>
                  <Timestamp iso={s.expires_at} />
                </td>
                <td>
                  {[s.current && t('sessions.current'), s.impersonated && t('sessions.impersonated')]
                    .filter(Boolean)
                    .join(', ') || t('sessions.other')}
                </td>
                <td>
                  <button type="button" className="button button--small" onClick={() => end(s)}>
                    {s.current ? t('sessions.signOut') : t('sessions.end')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
