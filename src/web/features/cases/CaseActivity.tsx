import { lazy, Suspense, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Timestamp } from '../../components/Timestamp.tsx';
import { useTickerEvent } from '../../shell/index.ts';
import { loadLinkedAction } from '../agents/index.ts';
import { type CaseActivityEntry, listCaseActivity } from './api.ts';
import { useStatusLabel } from './use-status-label.ts';

/** The agents area's card of an action, loaded with the first entry that has one. */
const LinkedAction = lazy(() => loadLinkedAction().then((component) => ({ default: component })));

type Labels = Record<string, string>;

/** A changed value as text: status labels, lists joined, a dash for nothing. */
function valueText(field: string, value: unknown, status: (s: string) => string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'status' && typeof value === 'string') return status(value);
  if (Array.isArray(value)) return value.map(String).join(', ') || '—';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * The case's one activity feed, newest first: its changes, its comments and the agent actions
 * started from it, each action with every step's time and the agent's receipt. Read when the
 * page becomes active and again at every periodic refresh, so an action is seen to go from
 * queued to delivered, running and done.
 */
export function CaseActivity({ caseId, active }: { caseId: number; active: boolean }) {
  const { t } = useTranslation('cases');
  const status = useStatusLabel();
  const uid = useId();
  const actions = t('activity.actions', { returnObjects: true }) as Labels;
  const fields = t('activity.fields', { returnObjects: true }) as Labels;
  const [state, setState] = useState<{ status: 'loading' | 'ready' | 'error'; entries: CaseActivityEntry[] }>(
    {
      status: 'loading',
      entries: [],
    },
  );
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  useTickerEvent('refresh', () => active && reload());

  // biome-ignore lint/correctness/useExhaustiveDependencies: generation asks for a fresh read
  useEffect(() => {
    if (!active) return;
    let current = true;
    listCaseActivity(caseId).then(
      (entries) => current && setState({ status: 'ready', entries }),
      () => current && setState((s) => ({ ...s, status: 'error' })),
    );
    return () => {
      current = false;
    };
  }, [caseId, active, generation]);

  return (
    <section className="card" aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`}>{t('activity.title')}</h2>
      {state.status === 'loading' && state.entries.length === 0 && (
        <p role="status">{t('activity.loading')}</p>
      )}
      {state.status === 'error' && <p role="alert">{t('activity.failed')}</p>}
      {state.status === 'ready' && state.entries.length === 0 && <p>{t('activity.empty')}</p>}
      {state.entries.length > 0 && (
        <ol className="case-activity">
          {state.entries.map((entry) => (
            <li key={entry.id} className="case-activity__item" data-kind={entry.kind}>
              <div className="case-activity__head">
                <strong>{entry.actor_email ?? t('activity.system')}</strong>
                <span>
                  {entry.kind === 'agent_action'
                    ? actions.agent_action
                    : (actions[entry.action] ?? entry.action)}
                </span>
                {entry.comment?.private && <span className="badge">{t('activity.private')}</span>}
                <Timestamp iso={entry.at} />
              </div>
              {entry.changes.map((change) => (
                <p key={change.field} className="case-activity__change">
                  {fields[change.field] ?? change.field}: {valueText(change.field, change.before, status)} →{' '}
                  {valueText(change.field, change.after, status)}
                </p>
              ))}
              {entry.comment && <p className="case-activity__comment">{entry.comment.body}</p>}
              {entry.agent_action && (
                <Suspense fallback={null}>
                  <LinkedAction action={entry.agent_action} hostName={entry.agent_host_name} />
                </Suspense>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
