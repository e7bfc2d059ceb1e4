import { type Ref, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.ts';
import { useInvalidatePaths } from '../../api/query.ts';
import { RecipientsField, recipientsOf, SelectField, useForm } from '../../components/form/index.ts';
import { useCustomerScope, useSelectedCustomers, useToasts } from '../../shell/index.ts';
import { AzureGroupsField } from './AzureGroupsField.tsx';
import { REPORTS_AREA, type Report, sendReport } from './api.ts';
import { recipientsProblem } from './delivery-form.ts';

type Values = { customerId: string; recipients: string; groups: string[] };

/** Sends the report now for one customer: rendered in the background, its run joins the log at once. */
export function SendNowForm({ ref, report }: { ref?: Ref<HTMLElement>; report: Report }) {
  const { t } = useTranslation('reports');
  const { t: common } = useTranslation();
  const { notify } = useToasts();
  const invalidate = useInvalidatePaths();
  const { filteredCustomers } = useCustomerScope();
  const { selected } = useSelectedCustomers();
  const uid = useId();
  const form = useForm<Values>({
    initial: () => ({
      customerId: report.customer_id ?? (selected.length === 1 ? selected[0]! : ''),
      recipients: '',
      groups: [],
    }),
    fieldOf: { customer_ids: 'customerId', selected_groups: 'groups' },
    check: (values) => {
      const problem = recipientsProblem(values.recipients);
      return {
        customerId: values.customerId ? undefined : t('form.selectCustomer'),
        recipients: problem ? t(`recipients.${problem.kind}`, { address: problem.address ?? '' }) : undefined,
      };
    },
    submit: async (values) => {
      await sendReport(report.id, [values.customerId], recipientsOf(values.recipients), values.groups);
      notify({ severity: 'success', title: t('send.queued'), message: t('send.queuedDetail') });
      form.reset({ ...values, recipients: '' });
      void invalidate(REPORTS_AREA);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400) return;
      notify({ severity: 'danger', title: t('errors.send'), message: common('tryAgainLater') });
    },
  });
  const { values, set, errors } = form;
  return (
    <section ref={ref} className="report-delivery__form" aria-label={t('send.title')}>
      <form className="form" {...form.formProps}>
        <SelectField
          id={`${uid}-customer`}
          label={t('form.customer')}
          value={values.customerId}
          emptyLabel={t('form.chooseCustomer')}
          options={filteredCustomers.map((c) => ({ value: c.customer_id, label: c.name }))}
          error={errors.customerId}
          onChange={(customerId) => set({ customerId, groups: [] })}
        />
        <AzureGroupsField
          id={`${uid}-groups`}
          customerId={values.customerId}
          chosen={values.groups}
          error={errors.groups}
          onChange={(groups) => set({ groups })}
        />
        <RecipientsField
          id={`${uid}-recipients`}
          label={t('send.recipients')}
          value={values.recipients}
          hint={t('recipients.hint')}
          error={errors.recipients}
          onChange={(recipients) => set({ recipients })}
        />
        {form.failure && (
          <p className="field__error" role="alert">
            {form.failure}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={form.busy}>
          {t('send.submit')}
        </button>
      </form>
      {form.prompt}
    </section>
  );
}
