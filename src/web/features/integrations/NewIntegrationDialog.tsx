import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.ts';
import { FormFailure, FormFooter, SelectField, TextField, useForm } from '../../components/form/index.ts';
import { ModalDialog } from '../../components/ModalDialog.tsx';
import { useToasts } from '../../shell/index.ts';
import { createIntegration, type Integration, listIntegrationKinds } from './api.ts';

/** A new instance of a kind: its kind and name; its settings are filled on its own page. */
export function NewIntegrationDialog({
  onClose,
  onCreated,
}: {
  onClose(): void;
  onCreated(integration: Integration): void;
}) {
  const { t } = useTranslation('integrations');
  const { t: common } = useTranslation();
  const { notify } = useToasts();
  const kinds = useQuery(listIntegrationKinds()).data ?? [];
  const uid = useId();
  const form = useForm<{ kind: string; name: string }>({
    initial: { kind: '', name: '' },
    schema: 'createIntegration',
    check: (values) => ({ kind: values.kind ? undefined : t('form.chooseKind') }),
    submit: async (values) => onCreated(await createIntegration(values.kind, values.name.trim())),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400) return;
      notify({ severity: 'danger', title: t('errors.save'), message: common('tryAgainLater') });
    },
  });
  const close = () => form.requestClose(onClose);
  const formId = `${uid}-new-integration`;
  return (
    <>
      <ModalDialog
        title={t('form.newTitle')}
        onClose={close}
        footer={
          <FormFooter form={formId} submitLabel={t('form.create')} disabled={form.busy} onCancel={close} />
        }
      >
        <form id={formId} className="form" {...form.formProps}>
          <SelectField
            id={`${uid}-kind`}
            label={t('form.kind')}
            value={form.values.kind}
            emptyLabel={t('form.chooseKind')}
            options={kinds.map((k) => ({
              value: k.kind,
              label: t(`kinds.${k.kind}`, { defaultValue: k.kind }),
            }))}
            error={form.errors.kind}
            onChange={(kind) => form.set({ kind })}
          />
          <TextField
            id={`${uid}-name`}
            label={t('form.name')}
            value={form.values.name}
            error={form.errors.name}
            onChange={(name) => form.set({ name })}
          />
          <FormFailure failure={form.failure} />
        </form>
      </ModalDialog>
      {form.prompt}
    </>
  );
}
