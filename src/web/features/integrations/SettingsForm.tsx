import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.ts';
import {
  FormFailure,
  SelectField,
  TextAreaField,
  TextField,
  useForm,
  useIssueMessage,
} from '../../components/form/index.ts';
import { useToasts } from '../../shell/index.ts';
import { type Integration, type IntegrationKind, updateIntegration } from './api.ts';
import { issueOf } from './field-issues.ts';

type Values = Record<string, string>;

/**
 * The instance's settings, drawn from its kind's fields (field kit): each value checked by the
 * kind's rules in the spec's words before sending. Secrets are never shown: an empty secret field
 * keeps what is stored, and its hint says whether one is set. Saving clears the validation.
 */
export function SettingsForm({
  integration,
  kind,
  canEdit,
  onSaved,
}: {
  integration: Integration;
  kind: IntegrationKind;
  canEdit: boolean;
  onSaved(saved: Integration): void;
}) {
  const { t } = useTranslation('integrations');
  const { t: common } = useTranslation();
  const { notify } = useToasts();
  const message = useIssueMessage();
  const uid = useId();
  const initial = (): Values => ({
    name: integration.name,
    ...Object.fromEntries(
      kind.fields.map((f) => [
        f.name,
        f.secret ? '' : String(integration.settings[f.name] ?? f.default ?? ''),
      ]),
    ),
  });
  const form = useForm<Values>({
    initial,
    check: (values) => {
      const messages: Values = {};
      if (!values.name?.trim()) messages.name = message({ key: 'required' });
      for (const field of kind.fields) {
        const issue = issueOf(
          field,
          values[field.name] ?? '',
          field.secret && integration.secrets[field.name] === 'set',
        );
        if (issue) messages[field.name] = message(issue);
      }
      return messages;
    },
    submit: async (values) => {
      const settings: Record<string, string> = {};
      const secrets: Record<string, string> = {};
      for (const field of kind.fields) {
        const value = values[field.name] ?? '';
        if (field.secret) {
          if (value !== '') secrets[field.name] = value;
        } else settings[field.name] = value;
      }
      const saved = await updateIntegration(integration.id, { name: values.name?.trim(), settings, secrets });
      form.reset({
        ...values,
        ...Object.fromEntries(kind.fields.filter((f) => f.secret).map((f) => [f.name, ''])),
      });
      notify({
        severity: 'success',
        title: t('settings.saved', { name: saved.name }),
        message: t('settings.validateNext'),
      });
      onSaved(saved);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400) return;
      notify({ severity: 'danger', title: t('errors.save'), message: common('tryAgainLater') });
    },
  });
  const formId = `${uid}-settings`;
  const control = (name: string, label: string, hint?: string) => {
    const field = kind.fields.find((f) => f.name === name);
    const common = {
      id: `${uid}-${name}`,
      label,
      value: form.values[name] ?? '',
      error: form.errors[name],
      hint,
      required: field?.required ?? true,
      onChange: (value: string) => form.set({ [name]: value }),
    };
    if (field?.options)
      return (
        <SelectField
          key={name}
          {...common}
          disabled={!canEdit}
          options={field.options.map((o) => ({ value: o, label: o }))}
        />
      );
    if (field?.multiline)
      return <TextAreaField key={name} {...common} rows={5} readOnly={!canEdit} spellCheck={false} />;
    return (
      <TextField
        key={name}
        {...common}
        readOnly={!canEdit}
        type={field?.secret ? 'password' : 'text'}
        autoComplete="off"
        spellCheck={false}
      />
    );
  };
  return (
    <section className="card integration-settings" aria-labelledby={`${formId}-heading`}>
      <h2 id={`${formId}-heading`}>{t('settings.heading')}</h2>
      <form id={formId} className="form" {...form.formProps}>
        {control('name', t('settings.name'))}
        {kind.fields.map((field) =>
          control(
            field.name,
            t(`fields.${field.name}`, { defaultValue: field.name }),
            field.secret
              ? integration.secrets[field.name] === 'set'
                ? t('settings.secretSet')
                : t('settings.secretNotSet')
              : field.expression
                ? t('settings.expressionHint')
                : undefined,
          ),
        )}
        <FormFailure failure={form.failure} />
        {canEdit && (
          <button type="submit" className="button button--primary" disabled={form.busy}>
            {t('settings.save')}
          </button>
        )}
      </form>
      {form.prompt}
    </section>
  );
}
