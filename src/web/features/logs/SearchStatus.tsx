import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { SearchCallError } from '../../../../machines/search-job/search-job.context.ts';
import type { searchJobMachine } from '../../../../machines/search-job/search-job.machine.ts';

/**
 * Where the search is: loading (with the server's progress and the count so far), done with its
 * exact total, empty, cancelled, failed, or refused (no permission, or another error).
 */
export function SearchStatus({
  snapshot,
  error,
  onRunAgain,
}: {
  snapshot: SnapshotFrom<typeof searchJobMachine>;
  error: SearchCallError | null;
  /** Runs the search shown again as a new search (when the old one is gone). */
  onRunAgain(): void;
}) {
  const { t } = useTranslation('search');
  const job = snapshot.context.job;
  const progress = job?.progress ?? 0;
  if (snapshot.matches('Idle')) return <SearchIntro />;
  if (snapshot.matches('Gone'))
    return (
      <div role="alert" className="search-status search-status--gone">
        <p>{t('status.gone')}</p>
        <button type="button" className="button button--primary" onClick={onRunAgain}>
          {t('status.runAgain')}
        </button>
      </div>
    );
  if (error && (error.code === 'forbidden' || error.code === 'unauthorized'))
    return (
      <p role="alert" className="search-status search-status--error">
        {t('status.forbidden')}
      </p>
    );
  if (snapshot.matches('SubmitFailed') || (error && !job))
    return (
      <p role="alert" className="search-status search-status--error">
        {t('status.error')} {error?.message}
      </p>
    );
  if (snapshot.matches('Failed'))
    return (
      <p role="alert" className="search-status search-status--error">
        {t('status.error')} {job?.error}
      </p>
    );
  if (snapshot.matches('Cancelled'))
    return (
      <p role="status" className="search-status">
        {job?.error === 'abandoned' ? t('status.abandoned') : t('status.cancelled')}
      </p>
    );
  if (snapshot.matches('Done'))
    return (
      <p role="status" className="search-status">
        {job?.total ? t('status.done', { count: job.total }) : t('status.empty')}
      </p>
    );
  return (
    <div role="status" className="search-status" aria-busy="true">
      <progress max={100} value={progress} aria-label={t('status.progress')} />{' '}
      {t('status.running', { progress, count: job?.total ?? 0 })}
    </div>
  );
}

/** Before the first search: what the three query modes do, with an example of each. */
function SearchIntro() {
  const { t } = useTranslation('search');
  return (
    <section className="search-intro" aria-labelledby="search-intro-title">
      <h2 id="search-intro-title">{t('intro.title')}</h2>
      <dl>
        {(['keyword', 'exact', 'lucene'] as const).map((mode) => (
          <div key={mode} className="search-intro-mode">
            <dt>{t(`query.modes.${mode}`)}</dt>
            <dd>
              <code>{t(`intro.${mode}Example`)}</code> {t(`intro.${mode}`)}
            </dd>
          </div>
        ))}
      </dl>
      <p className="search-hint">{t('intro.keys')}</p>
    </section>
  );
}
