import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseAlertIds } from './alert-ids.ts';

export interface AssignAlertsFormProps {
  busy: boolean;
  /** Resolves true when the alerts were assigned (the field is then emptied). */
  onAssign(ids: number[]): Promise<boolean>;
}

/** Assign alerts by id: a comma-separated list, checked before anything is sent. */
export function AssignAlertsForm({ busy, onAssign }: AssignAlertsFormProps) {
  const { t } = useTranslation('cases');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const uid = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseAlertIds(text);
    if (!parsed.ok) {
      if (parsed.error === 'invalid') setError(t('assign.invalid', { value: parsed.token }));
      else setError(parsed.error === 'required' ? t('assign.required') : t('assign.tooMany'));
      return;
    }
    setError(null);
    if (await onAssign(parsed.ids)) setText('');
  }

  return (
    <form className="assign-alerts" onSubmit={submit} noValidate>
      <label htmlFor={`${uid}-assign-alert-ids`} className="field__label">
        {t('assign.label')}
      </label>
      <div className="assign-alerts__row">
        <input
          id={`${uid}-assign-alert-ids`}
          className={`input${error ? ' is-invalid' : ''}`}
          value={text}
          placeholder={t('assign.placeholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${uid}-assign-alert-ids-error` : `${uid}-assign-alert-ids-help`}
          onChange={(event) => {
            setText(event.target.value);
            if (error) setError(null);
          }}
        />
        <button type="submit" className="button" disabled={busy}>
          {t('assign.submit')}
        </button>
      </div>
      {error ? (
        <p id={`${uid}-assign-alert-ids-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : (
        <p id={`${uid}-assign-alert-ids-help`} className="field__help">
          {t('assign.help')}
        </p>
      )}
    </form>
  );
}
