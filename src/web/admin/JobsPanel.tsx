import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { SelectField } from '../components/FormFields.tsx';
import { Timestamp } from '../components/Timestamp.tsx';
import { LoadedContent } from '../components/table/LoadedContent.tsx';
import { type Job, type JobState, listJobs, retryJob } from './api.ts';
import { loadLabels } from './load-labels.ts';
import { RebuildRollups } from './RebuildRollups.tsx';
import { StateBadge } from './StateBadge.tsx';
import { useKeysetPages } from './use-keyset-pages.ts';

const STATES: JobState[] = ['queued', 'running', 'failed', 'done'];

/**
 * The background jobs tab: queued, running (with progress), failed with their error, done; a
 * failed job can run again, and the dashboard's figures can be rebuilt.
 */
export function JobsPanel() {
  const { t } = useTranslation('admin');
  const [state, setState] = useState<JobState | ''>('');
  const jobs = useKeysetPages(state, (after) => listJobs(state, after));
  const [asking, setAsking] = useState<Job | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);

  async function retry(job: Job) {
    setBusy(true);
    try {
      await retryJob(job.id);
      setNotice({ tone: 'success', text: t('jobs.retried', { kind: job.kind }) });
      jobs.reload();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      setNotice({ tone: 'danger', text: t('jobs.retryFailed', { kind: job.kind, reason }) });
    } finally {
      setBusy(false);
      setAsking(null);
    }
  }

  return (
    <>
      <div className="admin-panel__bar">
        <div className="admin-filters">
          <SelectField
            id="jobs-state"
            label={t('jobs.state')}
            value={state}
            onChange={(v) => setState(v as JobState | '')}
            options={STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))}
            emptyLabel={t('jobs.anyState')}
          />
        </div>
        <div className="admin-panel__actions">
          <RebuildRollups onChange={jobs.reload} />
          <button type="button" className="button" onClick={jobs.reload}>
            {t('refresh')}
          </button>
        </div>
      </div>
      {notice && (
        <p className={`notice notice--${notice.tone}`} role={notice.tone === 'danger' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
      <LoadedContent load={jobs} empty={jobs.items.length === 0} labels={loadLabels(t, 'jobs')}>
        <table className="table admin-users">
          <caption className="sr-only">{t('jobs.label')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('jobs.columns.kind')}</th>
              <th scope="col">{t('jobs.columns.state')}</th>
              <th scope="col">{t('jobs.columns.attempts')}</th>
              <th scope="col">{t('jobs.columns.runAt')}</th>
              <th scope="col">{t('jobs.columns.error')}</th>
              <th scope="col">
                <span className="sr-only">{t('jobs.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {jobs.items.map((job) => (
              <tr key={job.id}>
                <th scope="row">
                  {job.kind} <span className="muted">#{job.id}</span>
                </th>
                <td>
                  <StateBadge state={job.state} />
                  {job.state === 'running' && job.progress && (
                    <span className="muted"> {t('jobs.progress', job.progress)}</span>
                  )}
                </td>
                <td>{job.attempts}</td>
                <td>
                  <Timestamp iso={job.run_at} />
                </td>
                <td>
                  {job.last_error ? <div className="admin-error">{job.last_error.split('\n')[0]}</div> : ''}
                </td>
                <td>
                  {job.state === 'failed' && (
                    <button
                      type="button"
                      className="button"
                      aria-label={t('jobs.retryLabel', { kind: job.kind, id: job.id })}
                      onClick={() => setAsking(job)}
                    >
                      {t('jobs.retry')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {jobs.hasMore && (
          <button type="button" className="button admin-more" onClick={jobs.loadMore}>
            {t('more')}
          </button>
        )}
      </LoadedContent>
      {asking && (
        <ConfirmDialog
          title={t('jobs.confirmTitle')}
          confirmLabel={t('jobs.retry')}
          busy={busy}
          onConfirm={() => void retry(asking)}
          onCancel={() => setAsking(null)}
        >
          <p>{t('jobs.confirmBody', { kind: asking.kind, id: asking.id })}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
