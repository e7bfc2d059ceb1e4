import { useTranslation } from 'react-i18next';
import { useFormatTimestamp } from '../../components/Timestamp.tsx';
import type { AgentAction } from './api.ts';

/**
 * One action with every step's time and the agent's receipt, and once it ended its exit code,
 * output (capped) and the output's hash: the evidence that it ran, not only that it was sent.
 */
export function ActionCard({ action, children }: { action: AgentAction; children?: React.ReactNode }) {
  const { t } = useTranslation('agents');
  const format = useFormatTimestamp();
  const parameters = Object.entries(action.parameters)
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join(', ');
  return (
    <article className="agent-action" aria-label={t(`actionType.${action.type}`)} data-status={action.status}>
      <header>
        <strong>{t(`actionType.${action.type}`)}</strong>{' '}
        <span className="badge">{t(`actionStatus.${action.status}`)}</span>
        {parameters && <span className="muted"> ({parameters})</span>}
      </header>
      <ol className="agent-action__steps">
        {action.steps.map((step, i) => (
          // Steps only grow, so their place is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: steps are never reordered
          <li key={i}>
            {t(`actionStatus.${step.status}`)} · {format(step.at)}
            {step.receipt ? ` · ${t('actions.receipt', { receipt: step.receipt })}` : ''}
          </li>
        ))}
      </ol>
      {action.exit_code !== null && <p>{t('actions.exitCode', { code: action.exit_code })}</p>}
      {action.output !== null && (
        <>
          {/* Long output scrolls: the region takes focus so it can be scrolled from the keyboard. */}
          <section
            className="agent-action__output"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to scroll by keyboard
            tabIndex={0}
            aria-label={t('actions.output', { action: t(`actionType.${action.type}`) })}
          >
            <pre>{action.output}</pre>
          </section>
          <p className="muted">
            {t('actions.hash', { hash: action.output_sha256 ?? '', bytes: action.output_bytes ?? 0 })}
            {action.output_truncated ? ` ${t('actions.truncated')}` : ''}
          </p>
        </>
      )}
      {children}
    </article>
  );
}
