import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.ts';
import { FormFailure, FormFooter, SelectField, TextAreaField, useForm } from '../../components/form/index.ts';
import { ModalDialog } from '../../components/ModalDialog.tsx';
import { useCustomerScope, useSelectedCustomers, useToasts } from '../../shell/index.ts';
import { createDomains, type Domain } from './api.ts';
import { looksLikeDomain, namesOf } from './domain-names.ts';

export interface AddDomainsDialogProps {
  onClose(): void;
  onAdded(domains: Domain[]): void;
}

/**
 * Add one domain or many (one a line) for a customer (spec 2, sections 2 and 5), on the field
 * kit: 'Please select a customer' and 'Please provide a valid domain name.' show after the first
 * attempt, the contract's createDomains rules (how many names, how long) are checked too, and the
 * server's refusals show under their fields.
 */
export function AddDomainsDialog({ onClose, onAdded }: AddDomainsDialogProps) {
  const { t } = useTranslation('domains');
  const { t: common } = useTranslation();
  const { notify } = useToasts();
  const { filteredCustomers } = useCustomerScope();
  const { selected } = useSelectedCustomers();
  const uid = useId();
  const form = useForm<{ customerId: string; text: string }>({
    initial: () => ({ customerId: selected.length === 1 ? selected[0]! : '', text: '' }),
    schema: 'createDomains',
    toContract: (values) => ({ names: namesOf(values.text) }),
    fieldOf: { customer_id: 'customerId', names: 'text' },
    check: (values) => {
      const names = namesOf(values.text);
      const invalid = names.filter((n) => !looksLikeDomain(n));
      return {
        customerId: values.customerId ? undefined : t('form.selectCustomer'),
        ...(names.length === 0 || invalid.length > 0
          ? { text: `${t('form.invalidDomain')}${invalid.length ? ` ${invalid.join(', ')}` : ''}` }
          : {}),
      };
    },
    submit: async (values) => {
      const added = await createDomains(values.customerId, namesOf(values.text));
      notify({
        severity: 'success',
        title: t('form.added', { count: added.length }),
        message: added.map((d) => d.domain).join(', '),
      });
      onAdded(added);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400) return;
      notify({ severity: 'danger', title: t('errors.add'), message: common('tryAgainLater') });
    },
  });
  const { values, set, errors } = form;
  const close = () => form.requestClose(onClose);

  const formId = `${uid}-add-domains`;
  return (
    <>
      <ModalDialog
        title={t('form.title')}
        onClose={close}
        footer={
          <FormFooter form={formId} submitLabel={t('form.submit')} disabled={form.busy} onCancel={close} />
        }
      >
        <form id={formId} className="form" {...form.formProps}>
          <SelectField
            id={`${uid}-customer`}
            label={t('form.customer')}
            value={values.customerId}
            emptyLabel={t('form.chooseCustomer')}
            options={filteredCustomers.map((c) => ({ value: c.customer_id, label: c.name }))}
            error={errors.customerId}
            onChange={(customerId) => set({ customerId })}
          />
          <TextAreaField
            id={`${uid}-names`}
            label={t('form.names')}
            rows={6}
            value={values.text}
            hint={t('form.namesHint')}
            error={errors.text}
            onChange={(text) => set({ text })}
          />
          <FormFailure failure={form.failure} />
        </form>
      </ModalDialog>
      {form.prompt}
    </>
  );
}
