import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DraftErrors } from '../../../../machines/workflow-drafts/draft.ts';
import type {
  DraftKind,
  WorkflowDraft,
} from '../../../../machines/workflow-drafts/workflow-drafts.context.ts';
import type { DraftFields } from '../../../../machines/workflow-drafts/workflow-drafts.events.ts';
import type { FieldIssue } from '../../../api/validate.ts';
import { CheckboxChoices, SelectField, TextField, useIssueMessage } from '../../components/form/index.ts';
import { useShellData } from '../../shell/index.ts';
import type { WorkflowTrigger } from './api.ts';

const DAYS = [0, 1, 2, 3, 4, 5, 6] as const;
const PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;

export interface WorkflowSettingsProps {
  kind: DraftKind;
  draft: WorkflowDraft;
  errors: DraftErrors;
  triggers: readonly WorkflowTrigger[];
  locked: boolean;
  onEdit(changes: DraftFields): void;
  onTrigger(triggerId: string): void;
}

/**
 * The workflow's own fields (spec 2, section 3): name, customers (none ticked: every customer),
 * the trigger and its settings: a schedule (days 0 Monday to 6 Sunday, time in UTC) or an alert
 * filter (types, priorities, risk range).
 */
export function WorkflowSettings({
  kind,
  draft,
  errors,
  triggers,
  locked,
  onEdit,
  onTrigger,
}: WorkflowSettingsProps) {
  const { t } = useTranslation('workflows');
  const message = useIssueMessage();
  const { customers } = useShellData();
  const uid = useId();
  const scheduled = draft.triggerId === 'scheduled';
  const say = (issue: FieldIssue | undefined) => (issue ? message(issue) : undefined);
  const known = triggers.some((tr) => tr.trigger_id === draft.triggerId);
  return (
    <fieldset className="workflow-settings" disabled={locked}>
      <legend className="sr-only">{t('editor.settings')}</legend>
      <TextField
        id={`${uid}-name`}
        label={t('editor.name')}
        className="input input--wide"
        value={draft.name}
        error={say(errors.name)}
        onChange={(name) => onEdit({ name })}
      />
      {kind === 'workflow' && (
        <CheckboxChoices
          id={`${uid}-customers`}
          legend={t('editor.customers')}
          choices={customers.map((c) => ({ value: c.customer_id, label: c.name }))}
          chosen={draft.customerIds}
          onChange={(customerIds) => onEdit({ customerIds })}
        >
          <p className="field__help">{t('editor.customersHint')}</p>
        </CheckboxChoices>
      )}
      <SelectField
        id={`${uid}-trigger`}
        label={t('editor.trigger')}
        value={draft.triggerId}
        options={[
          ...(known ? [] : [{ value: draft.triggerId, label: draft.triggerId }]),
          ...triggers.map((tr) => ({
            value: tr.trigger_id,
            label: t(`trigger.${tr.trigger_id}` as never, { defaultValue: tr.name }),
          })),
        ]}
        hint={triggers.find((tr) => tr.trigger_id === draft.triggerId)?.description}
        onChange={onTrigger}
      />
      {scheduled ? (
        <>
          <TextField
            id={`${uid}-time`}
            label={t('editor.time')}
            className="input input--short"
            value={draft.scheduledTime}
            hint={t('editor.timeHint')}
            error={say(errors.scheduledTime)}
            onChange={(scheduledTime) => onEdit({ scheduledTime })}
          />
          <CheckboxChoices
            id={`${uid}-days`}
            legend={t('editor.days')}
            choices={DAYS.map((d) => ({ value: String(d), label: t(`day.${d}`) }))}
            chosen={draft.scheduledDays.map(String)}
            error={say(errors.scheduledDays)}
            onChange={(days) => onEdit({ scheduledDays: days.map(Number).sort((a, b) => a - b) })}
          />
        </>
      ) : (
        <>
          <TextField
            id={`${uid}-types`}
            label={t('editor.types')}
            className="input input--wide"
            value={draft.filter.types}
            hint={t('editor.typesHint')}
            onChange={(types) => onEdit({ filter: { ...draft.filter, types } })}
          />
          <CheckboxChoices
            id={`${uid}-priorities`}
            legend={t('editor.priorities')}
            choices={PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))}
            chosen={draft.filter.priorities}
            onChange={(priorities) => onEdit({ filter: { ...draft.filter, priorities } })}
          />
          <div className="workflow-settings__row">
            <TextField
              id={`${uid}-min-risk`}
              label={t('editor.minRisk')}
              className="input input--short"
              inputMode="numeric"
              value={draft.filter.minRisk}
              error={say(errors.minRisk)}
              onChange={(minRisk) => onEdit({ filter: { ...draft.filter, minRisk } })}
            />
            <TextField
              id={`${uid}-max-risk`}
              label={t('editor.maxRisk')}
              className="input input--short"
              inputMode="numeric"
              value={draft.filter.maxRisk}
              error={say(errors.maxRisk)}
              onChange={(maxRisk) => onEdit({ filter: { ...draft.filter, maxRisk } })}
            />
          </div>
        </>
      )}
    </fieldset>
  );
}
