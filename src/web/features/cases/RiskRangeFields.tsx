import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { RiskError, RiskRangeErrors } from '../../../../machines/case-editor/draft.ts';
import './shared.css';

export interface RiskRangeFieldsProps {
  min: string;
  max: string;
  onChange(range: { min: string; max: string }): void;
  errors: RiskRangeErrors;
  disabled?: boolean;
  /** The fieldset's legend; 'Risk score' by default. */
  legend?: string;
}

/**
 * The risk score range (spec 2, section 2 "Cases"): two whole numbers from 0 to 100, the minimum
 * not above the maximum. A problem is explained under the fields and announced at once.
 */
export function RiskRangeFields({ min, max, onChange, errors, disabled, legend }: RiskRangeFieldsProps) {
  const { t } = useTranslation('cases');
  const id = useId();
  const message = (error: RiskError | undefined) =>
    error === 'outOfRange' ? t('risk.outOfRange') : error === 'minAboveMax' ? t('risk.minAboveMax') : null;
  const text = message(errors.min) ?? message(errors.max);
  const errorId = `${id}-error`;
  return (
    <fieldset className="field risk-range">
      <legend className="field__label">{legend ?? t('risk.range')}</legend>
      <div className="risk-range__inputs">
        <RiskBound
          label={t('risk.min')}
          value={min}
          placeholder="0"
          invalid={Boolean(errors.min)}
          errorId={errorId}
          disabled={disabled}
          onChange={(value) => onChange({ min: value, max })}
        />
        <span aria-hidden="true" className="muted">
          –
        </span>
        <RiskBound
          label={t('risk.max')}
          value={max}
          placeholder="100"
          invalid={Boolean(errors.max)}
          errorId={errorId}
          disabled={disabled}
          onChange={(value) => onChange({ min, max: value })}
        />
      </div>
      {text && (
        <p id={errorId} className="field__error" role="alert">
          {text}
        </p>
      )}
    </fieldset>
  );
}

interface RiskBoundProps {
  label: string;
  value: string;
  placeholder: string;
  invalid: boolean;
  errorId: string;
  disabled: boolean | undefined;
  onChange(value: string): void;
}

/** One end of the range: a whole number typed as text, so a half-typed value is kept as typed. */
function RiskBound({ label, value, placeholder, invalid, errorId, disabled, onChange }: RiskBoundProps) {
  return (
    <label>
      <span className="risk-range__label">{label}</span>
      <input
        className={`input input--risk${invalid ? ' is-invalid' : ''}`}
        type="text"
        inputMode="numeric"
        value={value}
        placeholder={placeholder}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}
