import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asLoaded } from '../../api/loaded.ts';
import { useInvalidatePaths } from '../../api/query.ts';
import { SelectField } from '../../components/form/index.ts';
import { Spinner } from '../../components/Spinner.tsx';
import { useFormatTimestamp } from '../../components/Timestamp.tsx';
import { useToasts } from '../../shell/index.ts';
import { cancelWorkflowRun, getWorkflowRun, rerunWorkflowRun, WORKFLOWS_AREA } from './api.ts';
import { RunDuration } from './RunDuration.tsx';
import { StepInputOutput } from './StepInputOutput.tsx';
import './workflows.css';

const UNDER_WAY = ['queued', 'running'];

/**
 * One run opened: each step's input, output, time, attempts and error; cancel it while it is
 * under way, or run it again from a chosen step once it ended (when the user may change
 * workflows). Takes the focus when it opens, so the keyboard lands on the steps.
 */
export function RunDetail({
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
  const format = useFormatTimestamp();
  const region = useRef<HTMLElement>(null);
  const loaded = run.data !== null;
  useEffect(() => {
    if (loaded) region.current?.focus();
  }, [loaded]);
  if (run.status === 'error')
    return (
      <p role="alert" className="field__error">
        {t('errors.loadRun')}
      </p>
    );
  if (!run.data) return <Spinner label={t('loading')} />;
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
    <section className="workflow-run" aria-label={t('runs.detailLabel')} tabIndex={-1} ref={region}>
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
            {step.started_at && (
              <>
                {' · '}
                {format(step.started_at)} ·{' '}
                <RunDuration startedAt={step.started_at} finishedAt={step.finished_at} />
              </>
            )}
            {step.error && <p className="field__error">{step.error}</p>}
            <StepInputOutput summary={t('runs.inputOutput')} input={step.input} output={step.output} />
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
