import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { RiskError, RiskRangeErrors } from '../../../../machines/case-editor/draft.ts';

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
        <label>
          <span className="risk-range__label">{t('risk.min')}</span>
          <input
            className={`input input--risk${errors.min ? ' is-invalid' : ''}`}
            type="text"
            inputMode="numeric"
            value={min}
            placeholder="0"
            disabled={disabled}
            aria-invalid={errors.min ? true : undefined}
            aria-describedby={errors.min ? errorId : undefined}
            onChange={(event) => onChange({ min: event.target.value, max })}
          />
        </label>
        <span aria-hidden="true" className="muted">
          –
        </span>
        <label>
          <span className="risk-range__label">{t('risk.max')}</span>
          <input
            className={`input input--risk${errors.max ? ' is-invalid' : ''}`}
            type="text"
            inputMode="numeric"
            value={max}
            placeholder="100"
            disabled={disabled}
            aria-invalid={errors.max ? true : undefined}
            aria-describedby={errors.max ? errorId : undefined}
            onChange={(event) => onChange({ min, max: event.target.value })}
          />
        </label>
      </div>
      {text && (
        <p id={errorId} className="field__error" role="alert">
          {text}
        </p>
      )}
    </fieldset>
  );
}
