import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.ts';
import { FormFailure, FormFooter, SelectField, TextField, useForm } from '../../components/form/index.ts';
import { ModalDialog } from '../../components/ModalDialog.tsx';
import { useToasts } from '../../shell/index.ts';
import { type Customer, createCustomer, updateCustomer } from './api.ts';
import { CUSTOMER_TEXT_FIELDS, type CustomerTextField } from './customer-fields.ts';

/** The languages a customer's reports can be printed in (the product's four). */
const LOCALES = ['en-GB', 'en-US', 'de-DE', 'fi-FI'] as const;
const FLAGS = ['mdr', 'compliance_sku', 'global_software_package'] as const;
type Flag = (typeof FLAGS)[number];
type Locale = (typeof LOCALES)[number];
type CustomerValues = Record<CustomerTextField, string> & Record<Flag, boolean> & { locale: Locale | '' };

/** A time zone the browser knows by an IANA name (the server checks it again). */
function isTimeZone(name: string): boolean {
  if (!name.includes('/') && name !== 'UTC') return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * New or edit customer, on the field kit: the contract's CustomerCreate rules are checked before
 * sending, and the server's refusals (the spec's messages, spec 2 section 5) show under their
 * fields and keep what was typed.
 */
export function CustomerForm({
  customer,
  onClose,
  onSaved,
}: {
  customer: Customer | null;
  onClose(): void;
  onSaved(customer: Customer): void;
}) {
  const { t } = useTranslation('customers');
  const { t: common } = useTranslation();
  const { notify } = useToasts();
  const uid = useId();
  const form = useForm<CustomerValues>({
    initial: () => ({
      ...(Object.fromEntries(CUSTOMER_TEXT_FIELDS.map((f) => [f, customer?.[f] ?? ''])) as Record<
        CustomerTextField,
        string
      >),
      locale: customer?.locale ?? '',
      mdr: customer?.mdr ?? false,
      compliance_sku: customer?.compliance_sku ?? false,
      global_software_package: customer?.global_software_package ?? true,
    }),
    schema: 'CustomerCreate',
    check: (values) => ({
      name: values.name.trim() ? undefined : t('form.required'),
      time_zone:
        !values.time_zone.trim() || isTimeZone(values.time_zone.trim())
          ? undefined
          : t('form.invalidTimeZone'),
    }),
    submit: async (values) => {
      const saved = customer
        ? await updateCustomer(customer.customer_id, values)
        : await createCustomer(values);
      notify({
        severity: 'success',
        title: customer ? t('form.saved') : t('form.created'),
        message: saved.name,
      });
      onSaved(saved);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields.length > 0) return;
      notify({
        severity: 'danger',
        title: customer ? t('errors.patch') : t('errors.create'),
        message: common('tryAgainLater'),
      });
    },
  });
  const { values, set, errors } = form;
  const close = () => form.requestClose(onClose);

  return (
    <>
      <ModalDialog
        title={customer ? t('form.editTitle', { name: customer.name }) : t('form.newTitle')}
        onClose={close}
        wide
        footer={
          <FormFooter
            form={`${uid}-form`}
            submitLabel={customer ? t('form.save') : t('form.create')}
            disabled={form.busy}
            onCancel={close}
          />
        }
      >
        <form id={`${uid}-form`} className="form form--two-columns" {...form.formProps}>
          {CUSTOMER_TEXT_FIELDS.map((field) => (
            <TextField
              key={field}
              id={`${uid}-${field}`}
              label={t(`fields.${field}`)}
              type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
              value={values[field]}
              hint={field === 'time_zone' ? t('form.timeZoneHint') : undefined}
              required={field === 'name'}
              error={errors[field]}
              onChange={(value) => set({ [field]: value } as Partial<CustomerValues>)}
            />
          ))}
          <SelectField
            id={`${uid}-locale`}
            label={t('fields.locale')}
            value={values.locale}
            emptyLabel={t('form.localeDefault')}
            options={LOCALES.map((locale) => ({ value: locale, label: t(`locales.${locale}`) }))}
            error={errors.locale}
            onChange={(locale) => set({ locale: locale as Locale | '' })}
          />
          {FLAGS.map((flag) => (
            <label className="checkbox-field" key={flag}>
              <input
                type="checkbox"
                checked={values[flag]}
                onChange={(event) => set({ [flag]: event.target.checked } as Partial<CustomerValues>)}
              />
              {t(`fields.${flag}`)}
            </label>
          ))}
          <FormFailure failure={form.failure} />
        </form>
      </ModalDialog>
      {form.prompt}
    </>
  );
}
