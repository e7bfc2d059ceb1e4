import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asLoaded } from '../api/loaded.ts';
import { useInvalidatePaths } from '../api/query.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { SelectField } from '../components/form/index.ts';
import {
  type ListColumn,
  ListFilters,
  ListScreen,
  useList,
  useListControls,
} from '../components/list/index.ts';
import { TimeText, useFormatTimestamp } from '../components/Timestamp.tsx';
import { ADMIN_AREA, type Job, type JobState, listJobs, retryJob } from './api.ts';
import { DatabaseStatus } from './DatabaseStatus.tsx';
import { loadLabels } from './load-labels.ts';
import { RebuildRollups } from './RebuildRollups.tsx';
import { StateBadge } from './StateBadge.tsx';

const STATES: JobState[] = ['queued', 'running', 'failed', 'done'];
const idOf = (job: Job) => job.id;

/**
 * The background jobs tab: queued, running (with progress), failed with their error, done; a
 * failed job can run again, and the dashboard's figures can be rebuilt. The API answers newest
 * first by cursor and sorts no other way, so no column sorts.
 */
export function JobsPanel() {
  const { t } = useTranslation('admin');
  const formatTime = useFormatTimestamp();
  const [state, setState] = useState<JobState | ''>('');
  const controls = useListControls();
  const load = asLoaded(useQuery(listJobs(state, { size: controls.pageSize, after: controls.after })));
  const rows = load.data?.items ?? [];
  const invalidate = useInvalidatePaths();
  const reload = () => void invalidate(ADMIN_AREA);
  const [asking, setAsking] = useState<Job | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);

  async function retry(job: Job) {
    setBusy(true);
    try {
      await retryJob(job.id);
      setNotice({ tone: 'success', text: t('jobs.retried', { kind: job.kind }) });
      reload();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      setNotice({ tone: 'danger', text: t('jobs.retryFailed', { kind: job.kind, reason }) });
    } finally {
      setBusy(false);
      setAsking(null);
    }
  }

  const columns = useMemo((): ListColumn<Job>[] => {
    const stateText = (job: Job) =>
      job.state === 'running' && job.progress
        ? `${t(`states.${job.state}`)} ${t('jobs.progress', job.progress)}`
        : t(`states.${job.state}`);
    return [
      {
        key: 'kind',
        label: t('jobs.columns.kind'),
        width: 'minmax(12rem, 2fr)',
        text: (job) => `${job.kind} #${job.id}`,
        render: (job) => (
          <>
            <strong>{job.kind}</strong> <span className="muted">#{job.id}</span>
          </>
        ),
      },
      {
        key: 'state',
        label: t('jobs.columns.state'),
        width: 'minmax(8rem, 1fr)',
        text: stateText,
        render: (job) => (
          <>
            <StateBadge state={job.state} />
            {job.state === 'running' && job.progress && (
              <span className="muted"> {t('jobs.progress', job.progress)}</span>
            )}
          </>
        ),
      },
      {
        key: 'attempts',
        label: t('jobs.columns.attempts'),
        width: '6rem',
        align: 'end',
        text: (job) => String(job.attempts),
      },
      {
        key: 'runAt',
        label: t('jobs.columns.runAt'),
        width: 'minmax(10rem, 1fr)',
        text: (job) => formatTime(job.run_at),
        render: (job) => <TimeText iso={job.run_at} format={formatTime} />,
      },
      {
        key: 'error',
        label: t('jobs.columns.error'),
        width: 'minmax(12rem, 2fr)',
        // The first line says what went wrong; the rest is a stack for the logs.
        text: (job) => job.last_error?.split('\n')[0] ?? '',
      },
      {
        key: 'actions',
        label: t('jobs.columns.actions'),
        width: '7rem',
        align: 'end',
        text: (job) => (job.state === 'failed' ? t('jobs.retry') : ''),
        render: (job) =>
          job.state === 'failed' && (
            <button
              type="button"
              className="button button--small"
              aria-label={t('jobs.retryLabel', { kind: job.kind, id: job.id })}
              onClick={() => setAsking(job)}
            >
              {t('jobs.retry')}
            </button>
          ),
      },
    ];
  }, [t, formatTime]);
  const list = useList({ rows, rowId: idOf, enabled: asking === null });

  return (
    <ListScreen
      className="admin-list"
      count={load.status === 'ready' ? t('shown', { count: rows.length }) : undefined}
      actions={
        <>
          <DatabaseStatus />
          <RebuildRollups onChange={reload} />
          <button type="button" className="button" onClick={load.reload}>
            {t('refresh')}
          </button>
        </>
      }
      filters={
        <ListFilters legend={t('filtersLegend')}>
          <SelectField
            id="jobs-state"
            label={t('jobs.state')}
            value={state}
            onChange={(v) => {
              setState(v as JobState | '');
              controls.restart();
            }}
            options={STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))}
            emptyLabel={t('jobs.anyState')}
          />
        </ListFilters>
      }
      before={
        notice && (
          <p className={`notice notice--${notice.tone}`} role={notice.tone === 'danger' ? 'alert' : 'status'}>
            {notice.text}
          </p>
        )
      }
      label={t('jobs.label')}
      columns={columns}
      rows={rows}
      list={list}
      controls={controls}
      paging={{ kind: 'keyset', next: load.data?.next ?? null }}
      load={load}
      labels={loadLabels(t, 'jobs')}
    >
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
    </ListScreen>
  );
}
