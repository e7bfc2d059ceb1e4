import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { listSavedSearches } from '../../api/saved-searches.ts';
import { type Form, SelectField, TextAreaField, TextField } from '../../components/form/index.ts';
import { useCustomerScope } from '../../shell/index.ts';
import type { ReportDraft } from './draft.ts';
import { useScopeOptions } from './use-scope-options.ts';

/**
 * The report's settings (spec 2, section 3 "Report"): name, description, scope and its customer,
 * the saved search a saved-search section lists, the period (a target month, which covers it and
 * the two before, or week; or fixed start and end dates) and how long sent PDFs are kept.
 */
export function ReportFields({ form, idPrefix }: { form: Form<ReportDraft>; idPrefix: string }) {
  const { t } = useTranslation('reports');
  const { values, set, errors } = form;
  const scopes = useScopeOptions();
  const { filteredCustomers } = useCustomerScope();
  const saved = useQuery(listSavedSearches());
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <div className="report-fields">
      <TextField
        id={id('name')}
        label={t('form.name')}
        value={values.name}
        required
        error={errors.name}
        onChange={(name) => set({ name })}
      />
      <TextAreaField
        id={id('description')}
        label={t('form.description')}
        rows={2}
        value={values.description}
        error={errors.description}
        onChange={(description) => set({ description })}
      />
      <div className="report-fields__row">
        <SelectField
          id={id('scope')}
          label={t('form.scope')}
          value={values.scope}
          options={scopes}
          hint={t(`scopeHint.${values.scope}`)}
          error={errors.scope}
          onChange={(scope) => set({ scope: scope as ReportDraft['scope'] })}
        />
        {values.scope === 'customer' && (
          <SelectField
            id={id('customer')}
            label={t('form.customer')}
            value={values.customerId}
            emptyLabel={t('form.chooseCustomer')}
            options={filteredCustomers.map((c) => ({ value: c.customer_id, label: c.name }))}
            error={errors.customerId}
            onChange={(customerId) => set({ customerId })}
          />
        )}
      </div>
      <SelectField
        id={id('saved-search')}
        label={t('form.savedSearch')}
        value={values.savedSearchId}
        emptyLabel={t('form.noSavedSearch')}
        options={(saved.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
        hint={t('form.savedSearchHint')}
        error={errors.savedSearchId}
        onChange={(savedSearchId) => set({ savedSearchId })}
      />
      <div className="report-fields__row">
        <SelectField
          id={id('target')}
          label={t('form.target')}
          value={values.target}
          options={(['month', 'week'] as const).map((target) => ({
            value: target,
            label: t(`target.${target}`),
          }))}
          hint={t(`targetHint.${values.target}`)}
          error={errors.target}
          onChange={(target) => set({ target: target as ReportDraft['target'] })}
        />
        <TextField
          id={id('start')}
          type="date"
          label={t('form.startDate')}
          value={values.startDate}
          error={errors.startDate}
          onChange={(startDate) => set({ startDate })}
        />
        <TextField
          id={id('end')}
          type="date"
          label={t('form.endDate')}
          value={values.endDate}
          hint={t('form.datesHint')}
          error={errors.endDate}
          onChange={(endDate) => set({ endDate })}
        />
        <TextField
          id={id('retention')}
          inputMode="numeric"
          label={t('form.retentionDays')}
          value={values.retentionDays}
          error={errors.retentionDays}
          onChange={(retentionDays) => set({ retentionDays })}
        />
      </div>
    </div>
  );
}
