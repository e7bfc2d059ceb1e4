import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/Badge.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { Timestamp } from '../../components/Timestamp.tsx';
import { useToasts } from '../../shell/index.ts';
import { useCaseDiscussions } from './use-case-discussions.ts';

export interface CaseDiscussionsProps {
  caseId: number;
  enabled: boolean;
  /** The caller may write on this case. */
  canPost: boolean;
  /** Provider staff may keep a comment private; customer users never see private ones. */
  canPostPrivate: boolean;
}

const MAX_BODY = 10_000;

/** Comments on the case, oldest first, with a box to add one (Ctrl/Cmd+Enter posts). */
export function CaseDiscussions({ caseId, enabled, canPost, canPostPrivate }: CaseDiscussionsProps) {
  const { t } = useTranslation('cases');
  const { t: common } = useTranslation();
  const { notify } = useToasts();
  const discussions = useCaseDiscussions(caseId, enabled);
  const [body, setBody] = useState('');
  const [isPrivate, setPrivate] = useState(false);
  const [busy, setBusy] = useState(false);
  const uid = useId();

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    const text = body.trim();
    if (!text || busy) return;
    setBusy(true);
    try {
      await discussions.post(text, canPostPrivate && isPrivate);
      setBody('');
      setPrivate(false);
    } catch {
      notify({ severity: 'danger', title: t('discussions.postFailed'), message: common('tryAgainLater') });
    } finally {
      setBusy(false);
    }
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <section className="card case-discussions" aria-labelledby={`${uid}-case-discussions-title`}>
      <h2 id={`${uid}-case-discussions-title`}>{t('discussions.title')}</h2>
      {discussions.status === 'loading' && discussions.discussions.length === 0 && (
        <Spinner label={t('discussions.loading')} />
      )}
      {discussions.status === 'error' && (
        <div className="notice notice--danger" role="alert">
          {t('discussions.loadFailed')}{' '}
          <button type="button" className="button button--small" onClick={discussions.reload}>
            {t('list.retry')}
          </button>
        </div>
      )}
      {discussions.status === 'ready' && discussions.discussions.length === 0 && (
        <p className="muted">{t('discussions.none')}</p>
      )}
      {discussions.discussions.length > 0 && (
        <ol className="discussion-list">
          {discussions.discussions.map((d) => (
            <li key={d.id} className={`discussion${d.private ? ' discussion--private' : ''}`}>
              <div className="discussion__head">
                <strong>{d.user?.name || d.user?.email || t('discussions.unknownUser')}</strong>
                <Timestamp iso={d.created_at} />
                {d.private && <Badge tone="warning">{t('discussions.private')}</Badge>}
              </div>
              <p className="discussion__body">{d.body}</p>
            </li>
          ))}
        </ol>
      )}
      {canPost && (
        <form className="discussion-form" onSubmit={submit} noValidate>
          <label htmlFor={`${uid}-case-comment`} className="field__label">
            {t('discussions.add')}
          </label>
          <textarea
            id={`${uid}-case-comment`}
            className="textarea"
            rows={3}
            maxLength={MAX_BODY}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <div className="discussion-form__actions">
            {canPostPrivate && (
              <label className="discussion-form__private">
                <input
                  type="checkbox"
                  checked={isPrivate}
                  onChange={(event) => setPrivate(event.target.checked)}
                />
                {t('discussions.privateOption')}
              </label>
            )}
            <button type="submit" className="button button--primary" disabled={busy || !body.trim()}>
              {t('discussions.post')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
