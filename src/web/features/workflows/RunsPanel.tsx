import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asLoaded } from '../../api/loaded.ts';
import { listWorkflowRuns } from './api.ts';
import { RunDetail } from './RunDetail.tsx';
import { RunsTable } from './RunsTable.tsx';

/**
 * The run history, newest first: open a run to see each step's input, output, attempts and
 * error; cancel one still under way, or run a finished one again from a chosen step.
 */
export function RunsPanel({ workflowId, canChange }: { workflowId: string; canChange: boolean }) {
  const { t } = useTranslation('workflows');
  const uid = useId();
  const runs = asLoaded(useQuery({ ...listWorkflowRuns(workflowId), refetchInterval: 5000 }));
  const [open, setOpen] = useState<string | null>(null);
  const list = runs.data ?? [];
  return (
    <section className="workflow-panel" aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`}>{t('runs.title')}</h2>
      {runs.status === 'error' && <p className="field__error">{t('errors.loadRuns')}</p>}
      {runs.status === 'ready' && list.length === 0 && <p className="muted">{t('runs.none')}</p>}
      {list.length > 0 && (
        <RunsTable
          runs={list}
          open={open}
          onToggle={(id) => setOpen(open === id ? null : id)}
          subject="alert"
        />
      )}
      {open && <RunDetail runId={open} canChange={canChange} onNewRun={setOpen} />}
    </section>
  );
}
