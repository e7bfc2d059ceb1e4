import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/errors.ts';
import { useUnsavedChanges } from '../../../components/unsaved/use-unsaved-changes.tsx';
import { useToasts } from '../../../shell/index.ts';
import { changePassword } from '../access-api.ts';

type Field = 'current_password' | 'new_password' | 'confirm';

/** Change the password of the embedded identity provider; the current one is asked for. */
export function PasswordForm() {
  const { t } = useTranslation('access');
  const { t: common } = useTranslation();
  const { notify } = useToasts();
  const uid = useId();
  const [values, setValues] = useState<Record<Field, string>>({
    current_password: '',
    new_password: '',
    confirm: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const unsaved = useUnsavedChanges(!busy && Object.values(values).some((v) => v !== ''));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (values.new_password !== values.confirm) {
      setErrors({ confirm: t('password.differ') });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      await changePassword(values.current_password, values.new_password);
      setValues({ current_password: '', new_password: '', confirm: '' });
      notify({ severity: 'success', title: t('password.changed'), message: t('password.othersEnded') });
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : [];
      setErrors(Object.fromEntries(fields.map((f) => [f.field.replace(/^body\./, ''), f.reason])));
      if (fields.length === 0) {
        const refused = error instanceof ApiError && error.status === 409;
        notify({
          severity: 'danger',
          title: t('password.failed'),
          message: refused ? error.message : common('tryAgainLater'),
        });
      }
    }
    setBusy(false);
  };

  const field = (name: Field, autoComplete: string) => (
    <div className="field">
      <label htmlFor={`${uid}-${name}`} className="field__label">
        {t(`password.${name}`)}
      </label>
      <input
        id={`${uid}-${name}`}
        className="input"
        type="password"
        autoComplete={autoComplete}
        value={values[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${uid}-${name}-error` : undefined}
        onChange={(event) => setValues((v) => ({ ...v, [name]: event.target.value }))}
      />
      {errors[name] && (
        <p id={`${uid}-${name}-error`} className="field__error" role="alert">
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <form className="form access-form" onSubmit={submit} noValidate aria-labelledby={`${uid}-title`}>
      <h3 id={`${uid}-title`}>{t('password.title')}</h3>
      {field('current_password', 'current-password')}
      {field('new_password', 'new-password')}
      {field('confirm', 'new-password')}
      <p className="muted">{t('password.hint')}</p>
      <button type="submit" className="button button--primary" disabled={busy}>
        {t('password.submit')}
      </button>
      {unsaved.prompt}
    </form>
  );
}
