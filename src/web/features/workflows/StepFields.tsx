import { useTranslation } from 'react-i18next';
import type {
  ActionParameter,
  DraftStep,
  WorkflowAction,
} from '../../../../machines/workflow-drafts/workflow-drafts.context.ts';
import type { FieldIssue } from '../../../api/validate.ts';
import { SelectField, TextAreaField, TextField, useIssueMessage } from '../../components/form/index.ts';

export interface StepFieldsProps {
  idPrefix: string;
  step: DraftStep;
  action: WorkflowAction | undefined;
  errors: Record<string, FieldIssue> | undefined;
  locked: boolean;
  onChange(values: Record<string, string | boolean>): void;
}

const hintOf = (param: ActionParameter, t: (key: string, options?: object) => string) => {
  const parts = [param.description];
  if (param.type === 'email_list' || param.type === 'string_list') parts.push(t('step.oneALine'));
  return parts.join(' ');
};

/**
 * A step's form, drawn from its action's declared parameters (GET /actions): a choice for an enum,
 * a checkbox for a boolean, several lines for text and lists (one entry a line), a line for the
 * rest. Any text may use `{{trigger.…}}` and `{{steps.<id>.…}}`, as the server accepts them.
 */
export function StepFields({ idPrefix, step, action, errors, locked, onChange }: StepFieldsProps) {
  const { t } = useTranslation('workflows');
  const message = useIssueMessage();
  if (!action) return <p className="field__error">{t('step.unknownAction', { action: step.actionId })}</p>;
  return (
    <div className="workflow-step__fields">
      {action.parameters.map((param) => {
        const id = `${idPrefix}-${param.name}`;
        const value = step.values[param.name];
        const text = typeof value === 'string' ? value : '';
        const label = t(`param.${param.name}` as never, { defaultValue: param.name });
        const error = errors?.[param.name] ? message(errors[param.name]!) : undefined;
        if (param.type === 'boolean')
          return (
            <label key={param.name} className="checkbox-field">
              <input
                id={id}
                type="checkbox"
                checked={value === true}
                disabled={locked}
                onChange={(e) => onChange({ [param.name]: e.target.checked })}
              />
              {label}
            </label>
          );
        if (param.type === 'enum')
          return (
            <SelectField
              key={param.name}
              id={id}
              label={label}
              required={param.required}
              value={text}
              disabled={locked}
              emptyLabel={param.required ? undefined : t('step.none')}
              options={(param.options ?? []).map((o) => ({ value: o, label: o }))}
              hint={param.description}
              error={error}
              onChange={(v) => onChange({ [param.name]: v })}
            />
          );
        if (param.type === 'text' || param.type === 'email_list' || param.type === 'string_list')
          return (
            <TextAreaField
              key={param.name}
              id={id}
              label={label}
              required={param.required}
              rows={param.type === 'text' ? 3 : 2}
              value={text}
              disabled={locked}
              hint={hintOf(param, t as never)}
              error={error}
              onChange={(v) => onChange({ [param.name]: v })}
            />
          );
        return (
          <TextField
            key={param.name}
            id={id}
            label={label}
            required={param.required}
            className="input input--wide"
            inputMode={param.type === 'integer' ? 'numeric' : undefined}
            value={text}
            disabled={locked}
            hint={param.description}
            error={error}
            onChange={(v) => onChange({ [param.name]: v })}
          />
        );
      })}
    </div>
  );
}
