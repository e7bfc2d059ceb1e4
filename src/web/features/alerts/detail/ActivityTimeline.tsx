import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTION_POLL_MS } from '../../../api/agents.ts';
import { PageButtons } from '../../../components/PageButtons.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { Timestamp } from '../../../components/Timestamp.tsx';
import { usePaged } from '../../../components/use-paged.ts';
import { useIsActivePage, useTickerEvent } from '../../../shell/index.ts';
import { loadLinkedAction } from '../../agents/index.ts';
import { listAlertActivity } from '../api.ts';
import { useLabels } from '../shared/use-labels.ts';
import type { Alert, AlertActivity } from '../types.ts';
import { useEscalationText } from './escalation-text.ts';

/** The agents area's card of an action, loaded with the first activity that has one. */
const LinkedAction = lazy(() => loadLinkedAction().then((component) => ({ default: component })));

const PAGE = 20;

/** An agent action in these states still waits on its agent. */
const WAITING: readonly string[] = ['queued', 'delivered', 'running'];

/** A before or after value as text: labels for statuses and the like, JSON for the rest. */
function useValueText() {
  const labels = useLabels();
  return (entry: AlertActivity, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—';
    if (typeof value === 'string') {
      if (entry.field === 'status') return labels.status(value);
      if (entry.field === 'priority') return labels.priority(value);
      if (entry.field === 'classification') return labels.classification(value);
      return value;
    }
    if (Array.isArray(value)) return value.map(String).join(', ') || '—';
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  };
}

/**
 * What happened to the alert, newest first: who, when, each change as before → after, and the
 * agent actions started from it with each step as the agent reported it, read again at every
 * periodic refresh so delivered, running and done appear as they happen.
 */
export function ActivityTimeline({
  alertId,
  agent,
  generation,
}: {
  alertId: number;
  agent: Alert['agent'];
  generation: number;
}) {
  const { t } = useTranslation('alerts');
  const labels = useLabels();
  const valueText = useValueText();
  const escalationText = useEscalationText();
  const active = useIsActivePage();
  // While an action started here still waits on its agent, read the activity as often as the
  // agent page reads an action, so delivered, running and the result show within seconds.
  const [waiting, setWaiting] = useState(false);
  const paged = usePaged(
    listAlertActivity(alertId),
    PAGE,
    `${alertId}:${generation}`,
    active && waiting ? ACTION_POLL_MS : false,
  );
  useTickerEvent('refresh', () => active && paged.reload());
  const nowWaiting = paged.items.some((entry) =>
    entry.agent_actions.some((action) => WAITING.includes(action.status)),
  );
  if (nowWaiting !== waiting) setWaiting(nowWaiting);
  return (
    <section className="card alert-detail__section" aria-labelledby="alert-activity">
      <h2 id="alert-activity">{t('activity.title')}</h2>
      {paged.status === 'loading' && paged.items.length === 0 && <Spinner />}
      {paged.status === 'error' && <p className="notice notice--danger">{t('detail.sectionFailed')}</p>}
      {paged.status === 'ready' && paged.items.length === 0 && <p className="muted">{t('activity.none')}</p>}
      <ol className="alert-activity">
        {paged.items.map((entry) => {
          const change = entry.field !== null && (entry.before !== undefined || entry.after !== undefined);
          return (
            <li key={entry.id} className="alert-activity__item" data-action={entry.action}>
              <div className="alert-activity__head">
                <strong>{entry.actor_email ?? t('activity.system')}</strong>
                <span>{labels.activity(entry.action)}</span>
                {entry.field && <span className="muted">{labels.column(entry.field)}</span>}
                <Timestamp iso={entry.at} />
              </div>
              {change && (
                <p className="alert-activity__change">
                  {valueText(entry, entry.before)} → {valueText(entry, entry.after)}
                </p>
              )}
              {entry.action === 'escalation' && (
                <p className="alert-activity__change">{escalationText(entry.after)}</p>
              )}
              {entry.comment && <p className="alert-activity__comment">{entry.comment}</p>}
              {entry.agent_actions.length > 0 && (
                <Suspense fallback={null}>
                  {entry.agent_actions.map((action) => (
                    <LinkedAction
                      key={action.action_id}
                      action={action}
                      hostName={action.agent_id === agent?.agent_id ? agent.host_name : null}
                    />
                  ))}
                </Suspense>
              )}
            </li>
          );
        })}
      </ol>
      <PageButtons paged={paged} label={t('activity.pages')} />
    </section>
  );
}
