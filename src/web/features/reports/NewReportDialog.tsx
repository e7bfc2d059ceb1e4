import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.ts';
import { FormFooter, SelectField, TextField, useForm } from '../../components/form/index.ts';
import { ModalDialog } from '../../components/ModalDialog.tsx';
import { useCustomerScope, useSelectedCustomers, useToasts } from '../../shell/index.ts';
import { createReport, type Report } from './api.ts';
import { starterDocument } from './draft.ts';
import { useScopeOptions } from './use-scope-options.ts';

export interface NewReportDialogProps {
  onClose(): void;
  onCreated(report: Report): void;
}

type Values = { name: string; scope: 'private' | 'customer' | 'global'; customerId: string };

/** A new report: its name and who shares it; the builder opens on it with a header and the key figures. */
export function NewReportDialog({ onClose, onCreated }: NewReportDialogProps) {
  const { t } = useTranslation('reports');
  const { t: common } = useTranslation();
  const { notify } = useToasts();
  const { filteredCustomers } = useCustomerScope();
  const { selected } = useSelectedCustomers();
  const scopes = useScopeOptions();
  const uid = useId();
  const form = useForm<Values>({
    initial: () => ({ name: '', scope: 'private', customerId: selected.length === 1 ? selected[0]! : '' }),
    schema: 'ReportInput',
    toContract: (values) => ({
      name: values.name.trim(),
      scope: values.scope,
      customer_id: values.scope === 'customer' ? values.customerId || null : null,
      document: { components: [] },
    }),
    fieldOf: { customer_id: 'customerId' },
    check: (values) => ({
      customerId: values.scope === 'customer' && !values.customerId ? t('form.selectCustomer') : undefined,
    }),
    submit: async (values) => {
      const report = await createReport({
        name: values.name.trim(),
        scope: values.scope,
        customer_id: values.scope === 'customer' ? values.customerId : null,
        target: 'month',
        retention_days: 90,
        document: { components: starterDocument(values.name.trim()) },
      });
      notify({ severity: 'success', title: t('form.created', { name: report.name }), message: '' });
      onCreated(report);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400) return;
      notify({ severity: 'danger', title: t('errors.create'), message: common('tryAgainLater') });
    },
  });
  const { values, set, errors } = form;
  const close = () => form.requestClose(onClose);
  const formId = `${uid}-new-report`;
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
          <TextField
            id={`${uid}-name`}
            label={t('form.name')}
            value={values.name}
            required
            data-autofocus
            error={errors.name}
            onChange={(name) => set({ name })}
          />
          <SelectField
            id={`${uid}-scope`}
            label={t('form.scope')}
            value={values.scope}
            options={scopes}
            hint={t(`scopeHint.${values.scope}`)}
            error={errors.scope}
            onChange={(scope) => set({ scope: scope as Values['scope'] })}
          />
          {values.scope === 'customer' && (
            <SelectField
              id={`${uid}-customer`}
              label={t('form.customer')}
              value={values.customerId}
              emptyLabel={t('form.chooseCustomer')}
              options={filteredCustomers.map((c) => ({ value: c.customer_id, label: c.name }))}
              error={errors.customerId}
              onChange={(customerId) => set({ customerId })}
            />
          )}
          {form.failure && (
            <p className="field__error" role="alert">
              {form.failure}
            </p>
          )}
        </form>
      </ModalDialog>
      {form.prompt}
    </>
  );
}
