import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useFormatTimestamp } from '../../components/Timestamp.tsx';
import { type CaseAgentAction, listCaseAgentActions } from './api.ts';

/**
 * The case's activity on endpoints: each agent action started from it with its status as the
 * agent reported it (never done when only sent) and the last step's receipt. Read again when the
 * page becomes active.
 */
export function CaseAgentActions({ caseId, active }: { caseId: number; active: boolean }) {
  const { t } = useTranslation(['cases', 'agents']);
  const format = useFormatTimestamp();
  const uid = useId();
  const [state, setState] = useState<{ status: 'loading' | 'ready' | 'error'; actions: CaseAgentAction[] }>({
    status: 'loading',
    actions: [],
  });
  useEffect(() => {
    if (!active) return;
    let current = true;
    listCaseAgentActions(caseId).then(
      (actions) => current && setState({ status: 'ready', actions }),
      () => current && setState((s) => ({ ...s, status: 'error' })),
    );
    return () => {
      current = false;
    };
  }, [caseId, active]);

  return (
    <section className="card" aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`}>{t('cases:agentActions.title')}</h2>
      {state.status === 'loading' && <p role="status">{t('cases:agentActions.loading')}</p>}
      {state.status === 'error' && <p role="alert">{t('cases:agentActions.failed')}</p>}
      {state.status === 'ready' && state.actions.length === 0 && <p>{t('cases:agentActions.empty')}</p>}
      {state.actions.length > 0 && (
        <ul className="case-agent-actions">
          {state.actions.map((action) => {
            const last = action.steps.at(-1);
            return (
              <li key={action.action_id} data-status={action.status}>
                <Link href={`/agents/${action.agent_id}`}>{t(`agents:actionType.${action.type}`)}</Link>{' '}
                <span className="badge">{t(`agents:actionStatus.${action.status}`)}</span>
                {last && (
                  <span className="muted">
                    {' '}
                    · {format(last.at)}
                    {last.receipt ? ` · ${t('agents:actions.receipt', { receipt: last.receipt })}` : ''}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
