import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EXPIRY_PRESETS,
  type ExpiryChoice,
  type Mute,
} from '../../../../machines/mute-lifecycle/mute-lifecycle.context.ts';
import { Timestamp } from '../../components/Timestamp.tsx';

export interface ExpiryFieldProps {
  expiry: ExpiryChoice;
  customExpiry: string;
  /** The mute being edited; null for a new one (which has no expiry to keep). */
  mute: Mute | null;
  /** Why the expiry is refused, when it is. */
  error: string | undefined;
  now: number;
  disabled: boolean;
  onChange(changes: { expiry?: ExpiryChoice; customExpiry?: string }): void;
}

/**
 * How long the mute lasts (spec 2, section 9: one day by default): 1 hour, 1 day, 7 days,
 * 30 days or a date. Editing can keep the current expiry; a new one re-activates an inactive or
 * expired mute.
 */
export function ExpiryField({
  expiry,
  customExpiry,
  mute,
  error: errorText,
  now,
  disabled,
  onChange,
}: ExpiryFieldProps) {
  const { t } = useTranslation('mutes');
  const uid = useId();
  const choices: { value: ExpiryChoice; label: string }[] = [
    ...(mute
      ? [
          {
            value: 'keep' as const,
            label: mute.state === 'active' ? t('expiry.keep') : t('expiry.keepInactive'),
          },
        ]
      : []),
    { value: '1h', label: t('expiry.hour') },
    { value: '1d', label: t('expiry.day') },
    { value: '7d', label: t('expiry.week') },
    { value: '30d', label: t('expiry.month') },
    { value: 'custom', label: t('expiry.custom') },
  ];
  const preview =
    expiry !== 'keep' && expiry !== 'custom'
      ? new Date(now + EXPIRY_PRESETS[expiry] * 1000).toISOString()
      : null;
  return (
    <fieldset className="field expiry-field" disabled={disabled}>
      <legend className="field__label">{t('expiry.label')}</legend>
      <div className="segmented" role="radiogroup" aria-label={t('expiry.label')}>
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={`segmented__option${expiry === choice.value ? ' is-checked' : ''}`}
          >
            <input
              type="radio"
              name={`${uid}-mute-expiry`}
              value={choice.value}
              checked={expiry === choice.value}
              onChange={() => onChange({ expiry: choice.value })}
            />
            {choice.label}
          </label>
        ))}
      </div>
      {expiry === 'custom' && (
        <label className="expiry-field__custom">
          <span className="condition-row__label">{t('expiry.customLabel')}</span>
          <input
            type="datetime-local"
            className={`input${errorText ? ' is-invalid' : ''}`}
            value={customExpiry}
            aria-invalid={errorText ? true : undefined}
            aria-describedby={errorText ? `${uid}-mute-expiry-error` : undefined}
            onChange={(event) => onChange({ customExpiry: event.target.value })}
          />
        </label>
      )}
      {preview && (
        <p className="field__help">
          {t('expiry.preview')} <Timestamp iso={preview} />
        </p>
      )}
      {errorText && (
        <p id={`${uid}-mute-expiry-error`} className="field__error" role="alert">
          {errorText}
        </p>
      )}
    </fieldset>
  );
}
