import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DraftErrors } from '../../../../machines/workflow-drafts/draft.ts';
import type {
  WorkflowAction,
  WorkflowDraft,
} from '../../../../machines/workflow-drafts/workflow-drafts.context.ts';
import { SelectField, useIssueMessage } from '../../components/form/index.ts';
import { StepFields } from './StepFields.tsx';

export interface StepListProps {
  draft: WorkflowDraft;
  actions: readonly WorkflowAction[];
  errors: DraftErrors;
  locked: boolean;
  onAdd(actionId: string): void;
  onRemove(index: number): void;
  onMove(index: number, by: -1 | 1): void;
  onChange(index: number, values: Record<string, string | boolean>): void;
}

/**
 * The steps as an ordered list (spec 2, section 3 task_list and order_list): each with its form,
 * moved up or down and removed by its own buttons, so all of it works from the keyboard; a new
 * step takes one of the actions the trigger supports. After a move the focus follows the step.
 */
export function StepList({
  draft,
  actions,
  errors,
  locked,
  onAdd,
  onRemove,
  onMove,
  onChange,
}: StepListProps) {
  const { t } = useTranslation('workflows');
  const message = useIssueMessage();
  const uid = useId();
  const offered = actions.filter((a) => a.triggers.includes(draft.triggerId));
  const [adding, setAdding] = useState('');
  const choice = offered.some((a) => a.action_id === adding) ? adding : (offered[0]?.action_id ?? '');
  const actionName = (id: string) =>
    t(`action.${id}` as never, { defaultValue: actions.find((a) => a.action_id === id)?.name ?? id });
  const move = (index: number, by: -1 | 1) => {
    onMove(index, by);
    // The same button of the moved step keeps the focus, so pressing it again moves it on.
    requestAnimationFrame(() =>
      document.getElementById(`${uid}-step-${index + by}-${by < 0 ? 'up' : 'down'}`)?.focus(),
    );
  };
  return (
    <section className="workflow-steps" aria-labelledby={`${uid}-steps`}>
      <h2 id={`${uid}-steps`}>{t('editor.steps')}</h2>
      {errors.steps && (
        <p className="field__error" role="alert">
          {t('editor.needsStep')} {message(errors.steps)}
        </p>
      )}
      {draft.steps.length === 0 ? (
        <p className="muted">{t('editor.noSteps')}</p>
      ) : (
        <ol className="workflow-steps__list">
          {draft.steps.map((step, index) => {
            const title = t('step.title', { number: index + 1, action: actionName(step.actionId) });
            return (
              <li key={step.id} className="workflow-step card" aria-label={title}>
                <div className="workflow-step__head">
                  <h3>{title}</h3>
                  <code className="workflow-step__id" title={t('step.idHint')}>
                    {step.id}
                  </code>
                  <div className="workflow-step__buttons">
                    <button
                      type="button"
                      id={`${uid}-step-${index}-up`}
                      className="button button--small"
                      disabled={locked || index === 0}
                      aria-label={t('step.moveUpLabel', { title })}
                      onClick={() => move(index, -1)}
                    >
                      {t('step.moveUp')}
                    </button>
                    <button
                      type="button"
                      id={`${uid}-step-${index}-down`}
                      className="button button--small"
                      disabled={locked || index === draft.steps.length - 1}
                      aria-label={t('step.moveDownLabel', { title })}
                      onClick={() => move(index, 1)}
                    >
                      {t('step.moveDown')}
                    </button>
                    <button
                      type="button"
                      className="button button--small button--danger"
                      disabled={locked}
                      aria-label={t('step.removeLabel', { title })}
                      onClick={() => onRemove(index)}
                    >
                      {t('step.remove')}
                    </button>
                  </div>
                </div>
                <StepFields
                  idPrefix={`${uid}-step-${step.id}`}
                  step={step}
                  action={actions.find((a) => a.action_id === step.actionId)}
                  errors={errors.step?.[index]}
                  locked={locked}
                  onChange={(values) => onChange(index, values)}
                />
              </li>
            );
          })}
        </ol>
      )}
      <div className="workflow-steps__add">
        <SelectField
          id={`${uid}-add`}
          label={t('editor.addAction')}
          value={choice}
          disabled={locked || offered.length === 0}
          options={offered.map((a) => ({ value: a.action_id, label: actionName(a.action_id) }))}
          onChange={setAdding}
        />
        <button
          type="button"
          className="button"
          disabled={locked || !choice}
          onClick={() => {
            onAdd(choice);
            const at = draft.steps.length;
            requestAnimationFrame(() =>
              document
                .querySelector<HTMLElement>(
                  `.workflow-steps__list > li:nth-child(${at + 1}) :is(input, select, textarea)`,
                )
                ?.focus(),
            );
          }}
        >
          {t('editor.addStep')}
        </button>
      </div>
    </section>
  );
}
