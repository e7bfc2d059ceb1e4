import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/form/index.ts';
import { testWorkflow, type WorkflowTestResult } from './api.ts';
import { StepInputOutput } from './StepInputOutput.tsx';

/**
 * A test run (POST /workflows/test): the saved draft against a past alert, nothing done. Each
 * step says what it would do, with its resolved input and the output later steps would see.
 * Unsaved changes are saved first by the caller (`beforeTest`), so what is tested is what is shown.
 */
export function TestRunPanel({
  workflowId,
  disabled,
  beforeTest,
}: {
  workflowId: string;
  disabled: boolean;
  beforeTest?: string | null;
}) {
  const { t } = useTranslation('workflows');
  const uid = useId();
  const [alertId, setAlertId] = useState('');
  const [result, setResult] = useState<WorkflowTestResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const valid = /^\d{1,15}$/.test(alertId.trim()) && Number(alertId) > 0;
  const run = async () => {
    if (!valid) {
      setError(t('test.alertIdInvalid'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setResult(await testWorkflow(workflowId, Number(alertId.trim())));
    } catch (e) {
      setResult(null);
      setError((e as Error).message || t('test.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="workflow-panel" aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`}>{t('test.title')}</h2>
      <p className="muted">{beforeTest ?? t('test.explain')}</p>
      <form
        className="workflow-panel__row"
        onSubmit={(e) => {
          e.preventDefault();
          void run();
        }}
      >
        <TextField
          id={`${uid}-alert`}
          label={t('test.alertId')}
          className="input input--short"
          inputMode="numeric"
          value={alertId}
          error={error ?? undefined}
          onChange={setAlertId}
        />
        <button type="submit" className="button button--primary" disabled={disabled || busy}>
          {t('test.run')}
        </button>
      </form>
      {result && (
        <div className="workflow-test" aria-live="polite">
          <p>{result.trigger_matches ? t('test.matches') : t('test.noMatch')}</p>
          <ol className="workflow-test__steps">
            {result.steps.map((step) => (
              <li key={step.index} className="workflow-test__step">
                <strong>
                  {step.index + 1}. {step.task_id}
                </strong>{' '}
                <span className="workflow-test__would">{step.would}</span>
                {step.error && <p className="field__error">{step.error}</p>}
                <StepInputOutput summary={t('test.details')} input={step.input} output={step.output} />
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}
