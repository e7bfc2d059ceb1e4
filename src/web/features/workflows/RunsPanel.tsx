import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asLoaded } from '../../api/loaded.ts';
import { useInvalidatePaths } from '../../api/query.ts';
import { SelectField } from '../../components/form/index.ts';
import { useFormatTimestamp } from '../../components/Timestamp.tsx';
import { useToasts } from '../../shell/index.ts';
import {
  cancelWorkflowRun,
  getWorkflowRun,
  listWorkflowRuns,
  rerunWorkflowRun,
  WORKFLOWS_AREA,
} from './api.ts';

const show = (value: unknown) =>
  value === undefined || value === null ? '—' : JSON.stringify(value, null, 2);
const UNDER_WAY = ['queued', 'running'];

/**
 * The run history, newest first: open a run to see each step's input, output, attempts and
 * error; cancel one still under way, or run a finished one again from a chosen step.
 */
export function RunsPanel({ workflowId, canChange }: { workflowId: string; canChange: boolean }) {
  const { t } = useTranslation('workflows');
  const uid = useId();
  const format = useFormatTimestamp();
  const runs = asLoaded(useQuery({ ...listWorkflowRuns(workflowId), refetchInterval: 5000 }));
  const [open, setOpen] = useState<string | null>(null);
  const list = runs.data ?? [];
  return (
    <section className="workflow-panel" aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`}>{t('runs.title')}</h2>
      {runs.status === 'error' && <p className="field__error">{t('errors.loadRuns')}</p>}
      {runs.status === 'ready' && list.length === 0 && <p className="muted">{t('runs.none')}</p>}
      {list.length > 0 && (
        <table className="table">
          <thead>
            <tr>
              <th>{t('runs.started')}</th>
              <th>{t('runs.status')}</th>
              <th>{t('runs.version')}</th>
              <th>{t('runs.alert')}</th>
              <th>
                <span className="visually-hidden">{t('runs.open')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((run) => (
              <tr key={run.run_id}>
                <td>{format(run.created_at)}</td>
                <td>{t(`run.${run.status}`)}</td>
                <td>{run.version}</td>
                <td>{run.alert_id ?? '—'}</td>
                <td>
                  <button
                    type="button"
                    className="button button--small"
                    aria-expanded={open === run.run_id}
                    onClick={() => setOpen(open === run.run_id ? null : run.run_id)}
                  >
                    {open === run.run_id ? t('runs.close') : t('runs.open')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {open && <RunDetail runId={open} canChange={canChange} onNewRun={setOpen} />}
    </section>
  );
}

function RunDetail({
  runId,
  canChange,
  onNewRun,
}: {
  runId: string;
  canChange: boolean;
  onNewRun(id: string): void;
}) {
  const { t } = useTranslation('workflows');
  const uid = useId();
  const { notify } = useToasts();
  const invalidate = useInvalidatePaths();
  const run = asLoaded(useQuery({ ...getWorkflowRun(runId), refetchInterval: 3000 }));
  const [fromStep, setFromStep] = useState('0');
  const [busy, setBusy] = useState(false);
  if (run.status === 'error') return <p className="field__error">{t('errors.loadRun')}</p>;
  if (!run.data) return <p className="muted">{t('loading')}</p>;
  const data = run.data;
  const steps = data.steps ?? [];
  const act = async (work: () => Promise<unknown>, done: string, failed: string) => {
    setBusy(true);
    try {
      await work();
      notify({ severity: 'success', title: done, message: '' });
      await invalidate(WORKFLOWS_AREA);
    } catch (e) {
      notify({ severity: 'danger', title: failed, message: (e as Error).message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="workflow-run" aria-label={t('runs.detailLabel')}>
      <p>
        {t('runs.summary', { status: t(`run.${data.status}`), version: data.version })}
        {data.error && <span className="field__error"> {data.error}</span>}
      </p>
      <ol className="workflow-run__steps">
        {steps.map((step) => (
          <li key={step.index} className="workflow-run__step">
            <strong>
              {step.index + 1}. {step.task_id}
            </strong>{' '}
            {t(`stepStatus.${step.status}`)} · {t('runs.attempts', { count: step.attempts })}
            {step.error && <p className="field__error">{step.error}</p>}
            <details>
              <summary>{t('runs.inputOutput')}</summary>
              <h4>{t('runs.input')}</h4>
              <pre>{show(step.input)}</pre>
              <h4>{t('runs.output')}</h4>
              <pre>{show(step.output)}</pre>
            </details>
          </li>
        ))}
      </ol>
      {canChange && (
        <div className="workflow-panel__row">
          {UNDER_WAY.includes(data.status) ? (
            <button
              type="button"
              className="button button--danger"
              disabled={busy}
              onClick={() => act(() => cancelWorkflowRun(runId), t('runs.cancelled'), t('errors.cancel'))}
            >
              {t('runs.cancel')}
            </button>
          ) : (
            <>
              <SelectField
                id={`${uid}-from`}
                label={t('runs.fromStep')}
                value={fromStep}
                options={steps.map((s) => ({
                  value: String(s.index),
                  label: `${s.index + 1}. ${s.task_id}`,
                }))}
                onChange={setFromStep}
              />
              <button
                type="button"
                className="button"
                disabled={busy || steps.length === 0}
                onClick={() =>
                  act(
                    async () => onNewRun((await rerunWorkflowRun(runId, Number(fromStep))).run_id),
                    t('runs.rerunQueued'),
                    t('errors.rerun'),
                  )
                }
              >
                {t('runs.rerun')}
              </button>
            </>
          )}
        </div>
      )}
    </section>
  );
}
