import { useTranslation } from 'react-i18next';
import type {
  WorkflowAction,
  WorkflowDraft,
} from '../../../../machines/workflow-drafts/workflow-drafts.context.ts';

/**
 * The flow, read-only: the trigger, then each step as a box in the order it runs. A condition
 * branches: when it fails the run ends there (succeeded), so its box shows that exit beside it.
 */
export function FlowGraph({ draft, actions }: { draft: WorkflowDraft; actions: readonly WorkflowAction[] }) {
  const { t } = useTranslation('workflows');
  const name = (id: string) =>
    t(`action.${id}` as never, { defaultValue: actions.find((a) => a.action_id === id)?.name ?? id });
  return (
    <figure className="workflow-graph" aria-label={t('graph.label')}>
      <ol className="workflow-graph__flow">
        <li className="workflow-graph__box workflow-graph__box--trigger">
          {t(`trigger.${draft.triggerId}` as never, { defaultValue: draft.triggerId })}
        </li>
        {draft.steps.map((step, i) => (
          <li key={step.id} className="workflow-graph__node">
            <span className="workflow-graph__box">
              {i + 1}. {step.name || name(step.actionId)}
            </span>
            {step.actionId === 'condition' && (
              <span className="workflow-graph__branch">{t('graph.conditionFails')}</span>
            )}
          </li>
        ))}
        <li className="workflow-graph__box workflow-graph__box--end">{t('graph.end')}</li>
      </ol>
    </figure>
  );
}
