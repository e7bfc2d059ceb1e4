import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { SelectField } from '../components/form/index.ts';
import { useShellData } from '../shell/index.ts';
import { getJob, type Job, rebuildDashboardRollups } from './api.ts';

/** How often a running rebuild's progress is read. */
const POLL_MS = 1000;

/**
 * Starts the rebuild of the dashboard's figures (one customer or all) after asking, then follows
 * the job's progress until it is done or failed. `onChange` reloads the jobs list.
 */
export function RebuildRollups({ onChange }: { onChange(): void }) {
  const { t } = useTranslation('admin');
  const { customers } = useShellData();
  const [asking, setAsking] = useState(false);
  const [customerId, setCustomerId] = useState('');
  const [busy, setBusy] = useState(false);
  const [job, setJob] = useState<Job | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const following = job !== null && (job.state === 'queued' || job.state === 'running');
  useEffect(() => {
    if (!following || !job) return;
    let live = true;
    const timer = setTimeout(() => {
      getJob(job.id).then(
        (next) => {
          if (!live) return;
          setJob(next);
          if (next.state === 'done' || next.state === 'failed') onChange();
        },
        (error: unknown) => live && setFailure(error instanceof Error ? error.message : String(error)),
      );
    }, POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [following, job, onChange]);

  async function start() {
    setBusy(true);
    setFailure(null);
    try {
      setJob(await rebuildDashboardRollups(customerId));
      onChange();
    } catch (error) {
      setJob(null);
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
      setAsking(false);
    }
  }

  let notice: { tone: 'success' | 'danger' | 'info'; text: string } | null = null;
  if (failure) notice = { tone: 'danger', text: t('jobs.rebuild.failed', { reason: failure }) };
  else if (job?.state === 'failed')
    notice = {
      tone: 'danger',
      text: t('jobs.rebuild.failed', { reason: job.last_error?.split('\n')[0] ?? '' }),
    };
  else if (job?.state === 'done')
    notice = { tone: 'success', text: t('jobs.rebuild.done', { total: job.progress?.total ?? 0 }) };
  else if (job?.progress) notice = { tone: 'info', text: t('jobs.rebuild.progress', job.progress) };
  else if (job) notice = { tone: 'info', text: t('jobs.rebuild.queued') };

  return (
    <>
      <button type="button" className="button" disabled={following} onClick={() => setAsking(true)}>
        {t('jobs.rebuild.button')}
      </button>
      {notice && (
        <p
          className={`notice notice--${notice.tone} admin-rebuild-notice`}
          role={notice.tone === 'danger' ? 'alert' : 'status'}
        >
          {notice.text}
        </p>
      )}
      {asking && (
        <ConfirmDialog
          title={t('jobs.rebuild.title')}
          confirmLabel={t('jobs.rebuild.confirm')}
          busy={busy}
          onConfirm={() => void start()}
          onCancel={() => setAsking(false)}
        >
          <p>{t('jobs.rebuild.body')}</p>
          <SelectField
            id="rebuild-customer"
            label={t('jobs.rebuild.customer')}
            value={customerId}
            onChange={setCustomerId}
            options={customers.map((c) => ({ value: c.customer_id, label: c.name }))}
            emptyLabel={t('jobs.rebuild.all')}
          />
        </ConfirmDialog>
      )}
    </>
  );
}
