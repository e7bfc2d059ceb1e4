import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asLoaded } from '../../api/loaded.ts';
import { Spinner } from '../../components/Spinner.tsx';
import { useCan } from '../../session/use-can.ts';
import { listAlertWorkflowRuns } from './api.ts';
import { RunDetail } from './RunDetail.tsx';
import { RunsTable } from './RunsTable.tsx';

/**
 * The alert screen's "Workflow runs": the runs this alert started (workflow and version, state,
 * start, duration), each opened to its steps with cancel and re-run from a step for those who may
 * change workflows. Users who may not read workflows are told so and nothing is asked of the API
 * (its 403 would end the session).
 */
export function AlertWorkflowRuns({ alertId }: { alertId: number }) {
  const { t } = useTranslation('workflows');
  const uid = useId();
  const can = useCan();
  const mayRead = can('listAlertWorkflowRuns');
  return (
    <section className="card alert-detail__section workflow-panel" aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`}>{t('alertRuns.title')}</h2>
      {mayRead ? (
        <AlertRunsList alertId={alertId} canChange={can('rerunWorkflowRun')} />
      ) : (
        <p className="muted">{t('alertRuns.noPermission')}</p>
      )}
    </section>
  );
}

function AlertRunsList({ alertId, canChange }: { alertId: number; canChange: boolean }) {
  const { t } = useTranslation('workflows');
  const runs = asLoaded(useQuery({ ...listAlertWorkflowRuns(alertId), refetchInterval: 5000 }));
  const [open, setOpen] = useState<string | null>(null);
  const list = runs.data ?? [];
  if (runs.status === 'loading' || runs.status === 'idle') return <Spinner label={t('loading')} />;
  if (runs.status === 'error')
    return (
      <div role="alert">
        <p className="field__error">{t('errors.loadRuns')}</p>
        <button type="button" className="button button--small" onClick={runs.reload}>
          {t('retry')}
        </button>
      </div>
    );
  if (list.length === 0) return <p className="muted">{t('alertRuns.none')}</p>;
  return (
    <>
      <RunsTable
        runs={list}
        open={open}
        onToggle={(id) => setOpen(open === id ? null : id)}
        subject="workflow"
      />
      {open && <RunDetail key={open} runId={open} canChange={canChange} onNewRun={setOpen} />}
    </>
  );
}
