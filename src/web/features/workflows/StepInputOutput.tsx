import { useTranslation } from 'react-i18next';

const show = (value: unknown) =>
  value === undefined || value === null ? '—' : JSON.stringify(value, null, 2);

/** A step's input and output as JSON, folded under a summary (a run's step, a test run's step). */
export function StepInputOutput({
  summary,
  input,
  output,
}: {
  summary: string;
  input: unknown;
  output: unknown;
}) {
  const { t } = useTranslation('workflows');
  return (
    <details>
      <summary>{summary}</summary>
      <h4>{t('runs.input')}</h4>
      <pre>{show(input)}</pre>
      <h4>{t('runs.output')}</h4>
      <pre>{show(output)}</pre>
    </details>
  );
}
