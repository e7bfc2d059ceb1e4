import { useTranslation } from 'react-i18next';
import { useFormatTimestamp } from '../../components/Timestamp.tsx';
import type { WorkflowRun } from './api.ts';
import { RunDuration } from './RunDuration.tsx';

export interface RunsTableProps {
  runs: readonly WorkflowRun[];
  /** The run whose steps are shown, if any. */
  open: string | null;
  onToggle(runId: string): void;
  /** What the other column names: the run's alert (a workflow's history) or its workflow (an alert's). */
  subject: 'alert' | 'workflow';
}

/** Runs newest first, each with a button that shows or hides its steps. */
export function RunsTable({ runs, open, onToggle, subject }: RunsTableProps) {
  const { t } = useTranslation('workflows');
  const format = useFormatTimestamp();
  return (
    <table className="table">
      <thead>
        <tr>
          {subject === 'workflow' && <th scope="col">{t('runs.workflow')}</th>}
          <th scope="col">{t('runs.started')}</th>
          <th scope="col">{t('runs.status')}</th>
          <th scope="col">{t('runs.durationColumn')}</th>
          {subject === 'alert' && <th scope="col">{t('runs.version')}</th>}
          {subject === 'alert' && <th scope="col">{t('runs.alert')}</th>}
          <th scope="col">
            <span className="sr-only">{t('runs.open')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {runs.map((run) => {
          const workflow = t('runs.workflowVersion', {
            name: run.workflow_name ?? t('runs.unnamedWorkflow'),
            version: run.version,
          });
          return (
            <tr key={run.run_id}>
              {subject === 'workflow' && <td>{workflow}</td>}
              <td>{format(run.created_at)}</td>
              <td>{t(`run.${run.status}`)}</td>
              <td>
                <RunDuration startedAt={run.started_at} finishedAt={run.finished_at} />
              </td>
              {subject === 'alert' && <td>{run.version}</td>}
              {subject === 'alert' && <td>{run.alert_id ?? '—'}</td>}
              <td>
                <button
                  type="button"
                  className="button button--small"
                  aria-expanded={open === run.run_id}
                  aria-label={
                    subject === 'workflow'
                      ? t(open === run.run_id ? 'runs.closeOf' : 'runs.openOf', { run: workflow })
                      : undefined
                  }
                  onClick={() => onToggle(run.run_id)}
                >
                  {open === run.run_id ? t('runs.close') : t('runs.open')}
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
