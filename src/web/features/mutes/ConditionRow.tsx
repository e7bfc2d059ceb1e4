import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ConditionDraft,
  MUTE_OPERATORS,
  type MuteOperator,
} from '../../../../machines/mute-lifecycle/mute-lifecycle.context.ts';
import { Icon } from '../../components/Icon.tsx';
import { useConditionLabels } from './use-condition-labels.ts';

export interface ConditionRowProps {
  condition: ConditionDraft;
  index: number;
  /** The messages of the row's field and value, when wrong. */
  errors: { field?: string | undefined; value?: string | undefined };
  fieldListId: string;
  canRemove: boolean;
  disabled: boolean;
  onChange(changes: Partial<Omit<ConditionDraft, 'key'>>): void;
  onRemove(): void;
}

/** One condition: field, operator and value, with its own errors under it. */
export function ConditionRow(props: ConditionRowProps) {
  const { condition, index, errors, fieldListId, disabled, onChange } = props;
  const { t } = useTranslation('mutes');
  const labels = useConditionLabels();
  const base = `${useId()}-condition`;
  const { field: fieldError, value: valueError } = errors;
  return (
    <fieldset className="condition-row">
      <legend className="sr-only">{t('form.conditionLegend', { number: index + 1 })}</legend>
      <label className="condition-row__field">
        <span className="condition-row__label">{t('form.field')}</span>
        <input
          id={`${base}-field`}
          className={`input${fieldError ? ' is-invalid' : ''}`}
          value={condition.field}
          list={fieldListId}
          disabled={disabled}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${base}-field-error` : undefined}
          onChange={(event) => onChange({ field: event.target.value })}
        />
      </label>
      <label className="condition-row__operator">
        <span className="condition-row__label">{t('form.operator')}</span>
        <select
          className="select"
          value={condition.operator}
          disabled={disabled}
          onChange={(event) => onChange({ operator: event.target.value as MuteOperator })}
        >
          {MUTE_OPERATORS.map((op) => (
            <option key={op} value={op}>
              {labels.operator(op)}
            </option>
          ))}
        </select>
      </label>
      <label className="condition-row__value">
        <span className="condition-row__label">{t('form.value')}</span>
        <input
          id={`${base}-value`}
          className={`input${valueError ? ' is-invalid' : ''}`}
          value={condition.value}
          maxLength={500}
          disabled={disabled}
          aria-invalid={valueError ? true : undefined}
          aria-describedby={valueError ? `${base}-value-error` : undefined}
          onChange={(event) => onChange({ value: event.target.value })}
        />
      </label>
      <button
        type="button"
        className="icon-button condition-row__remove"
        onClick={props.onRemove}
        disabled={disabled || !props.canRemove}
        aria-label={t('form.removeCondition', { number: index + 1 })}
      >
        <Icon name="x" />
      </button>
      {fieldError && (
        <p id={`${base}-field-error`} className="field__error condition-row__error" role="alert">
          {fieldError}
        </p>
      )}
      {valueError && (
        <p id={`${base}-value-error`} className="field__error condition-row__error" role="alert">
          {valueError}
        </p>
      )}
    </fieldset>
  );
}
