import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/errors.ts';
import { TextField, useForm } from '../../../components/form/index.ts';
import { useToasts } from '../../../shell/index.ts';
import { changePassword } from '../access-api.ts';

type Field = 'current_password' | 'new_password' | 'confirm';
const BLANK: Record<Field, string> = { current_password: '', new_password: '', confirm: '' };
const AUTOCOMPLETE: Record<Field, string> = {
  current_password: 'current-password',
  new_password: 'new-password',
  confirm: 'new-password',
};

/** Change the password of the embedded identity provider; the current one is asked for. */
export function PasswordForm() {
  const { t } = useTranslation('access');
  const { t: common } = useTranslation();
  const { notify } = useToasts();
  const uid = useId();
  const form = useForm<Record<Field, string>>({
    initial: BLANK,
    schema: 'changePassword',
    // The contract cannot compare two fields: the repeated password must match the new one.
    check: (values) => ({
      confirm: values.new_password !== values.confirm ? t('password.differ') : undefined,
    }),
    submit: async (values) => {
      await changePassword(values.current_password, values.new_password);
      form.reset(BLANK);
      notify({ severity: 'success', title: t('password.changed'), message: t('password.othersEnded') });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields.length > 0) return;
      const refused = error instanceof ApiError && error.status === 409;
      notify({
        severity: 'danger',
        title: t('password.failed'),
        message: refused ? error.message : common('tryAgainLater'),
      });
    },
  });

  return (
    <form className="form access-form" {...form.formProps} aria-labelledby={`${uid}-title`}>
      <h3 id={`${uid}-title`}>{t('password.title')}</h3>
      {(Object.keys(BLANK) as Field[]).map((name) => (
        <TextField
          key={name}
          id={`${uid}-${name}`}
          label={t(`password.${name}`)}
          type="password"
          autoComplete={AUTOCOMPLETE[name]}
          value={form.values[name]}
          error={form.errors[name]}
          onChange={(value) => form.set({ [name]: value })}
        />
      ))}
      <p className="muted">{t('password.hint')}</p>
      <button type="submit" className="button button--primary" disabled={form.busy}>
        {t('password.submit')}
      </button>
      {form.prompt}
    </form>
  );
}
