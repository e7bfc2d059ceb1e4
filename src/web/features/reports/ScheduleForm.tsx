import { type Ref, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.ts';
import { useInvalidatePaths } from '../../api/query.ts';
import { RecipientsField, recipientsOf, SelectField, useForm } from '../../components/form/index.ts';
import { useFormatTimestamp } from '../../components/Timestamp.tsx';
import { useCustomerScope, useSelectedCustomers, useToasts } from '../../shell/index.ts';
import { AzureGroupsField } from './AzureGroupsField.tsx';
import { REPORTS_AREA, type Report, scheduleReport } from './api.ts';
import { recipientsProblem } from './delivery-form.ts';

type Values = { customerId: string; frequency: 'monthly' | 'weekly'; recipients: string; groups: string[] };

/**
 * Schedules the report for one customer (replacing that customer's schedule of it): monthly on
 * the 1st or weekly on Mondays, at 06:00 in the customer's own time zone (set on the customer;
 * UTC without one), to the recipients.
 */
export function ScheduleForm({ ref, report }: { ref?: Ref<HTMLElement>; report: Report }) {
  const { t } = useTranslation('reports');
  const { t: common } = useTranslation();
  const { notify } = useToasts();
  const invalidate = useInvalidatePaths();
  const formatTime = useFormatTimestamp();
  const { filteredCustomers } = useCustomerScope();
  const { selected } = useSelectedCustomers();
  const uid = useId();
  const form = useForm<Values>({
    initial: () => ({
      customerId: report.customer_id ?? (selected.length === 1 ? selected[0]! : ''),
      frequency: 'monthly',
      recipients: '',
      groups: [],
    }),
    fieldOf: { customer_id: 'customerId', selected_groups: 'groups' },
    check: (values) => {
      const problem = recipientsProblem(values.recipients);
      return {
        customerId: values.customerId ? undefined : t('form.selectCustomer'),
        recipients: problem ? t(`recipients.${problem.kind}`, { address: problem.address ?? '' }) : undefined,
      };
    },
    submit: async (values) => {
      const schedule = await scheduleReport({
        reportId: report.id,
        customerId: values.customerId,
        frequency: values.frequency,
        recipients: recipientsOf(values.recipients),
        selectedGroups: values.groups,
      });
      notify({
        severity: 'success',
        title: t('schedule.saved'),
        message: t('schedule.savedDetail', { next: formatTime(schedule.next_run_at) }),
      });
      form.reset({ ...values, recipients: '' });
      void invalidate(REPORTS_AREA);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400) return;
      notify({ severity: 'danger', title: t('errors.schedule'), message: common('tryAgainLater') });
    },
  });
  const { values, set, errors } = form;
  const customer = filteredCustomers.find((c) => c.customer_id === values.customerId);
  return (
    <section ref={ref} className="report-delivery__form" aria-label={t('schedule.add')}>
      <form className="form" {...form.formProps}>
        <div className="report-fields__row">
          <SelectField
            id={`${uid}-customer`}
            label={t('form.customer')}
            value={values.customerId}
            emptyLabel={t('form.chooseCustomer')}
            options={filteredCustomers.map((c) => ({ value: c.customer_id, label: c.name }))}
            error={errors.customerId}
            onChange={(customerId) => set({ customerId, groups: [] })}
          />
          <SelectField
            id={`${uid}-frequency`}
            label={t('schedule.frequency')}
            value={values.frequency}
            options={(['monthly', 'weekly'] as const).map((f) => ({ value: f, label: t(`frequency.${f}`) }))}
            hint={t(`frequencyHint.${values.frequency}`)}
            onChange={(frequency) => set({ frequency: frequency as Values['frequency'] })}
          />
        </div>
        {customer && (
          <p className="muted" id={`${uid}-zone`}>
            {customer.time_zone
              ? t('schedule.customerZone', { zone: customer.time_zone })
              : t('schedule.customerNoZone')}
          </p>
        )}
        <AzureGroupsField
          id={`${uid}-groups`}
          customerId={values.customerId}
          chosen={values.groups}
          error={errors.groups}
          onChange={(groups) => set({ groups })}
        />
        <RecipientsField
          id={`${uid}-recipients`}
          label={t('schedule.recipients')}
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
          {t('schedule.submit')}
        </button>
      </form>
      {form.prompt}
    </section>
  );
}
