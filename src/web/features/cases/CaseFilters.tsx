import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CASE_STATUSES, riskRangeErrors } from '../../../../machines/case-editor/draft.ts';
import { Icon } from '../../components/Icon.tsx';
import { ChipsInput } from './ChipsInput.tsx';
import { EMPTY_FILTERS, type FilterForm, filtersActive, type StatusChoice } from './case-filters.ts';
import { RiskRangeFields } from './RiskRangeFields.tsx';
import { useStatusLabel } from './use-status-label.ts';

export interface CaseFiltersProps {
  form: FilterForm;
  onChange(form: FilterForm): void;
  tagSuggestions: readonly string[];
  userSuggestions: readonly string[];
  displayUser(email: string): string;
}

/** The case list's filters (spec 2, section 2 "Cases"); the customer comes from the shell's filter. */
export function CaseFilters({
  form,
  onChange,
  tagSuggestions,
  userSuggestions,
  displayUser,
}: CaseFiltersProps) {
  const { t } = useTranslation('cases');
  const statusLabel = useStatusLabel();
  const set = (changes: Partial<FilterForm>) => onChange({ ...form, ...changes });
  const uid = useId();
  return (
    <search className="case-filters" aria-label={t('filters.label')}>
      <div className="case-filters__row">
        <label className="search-field case-filters__query">
          <Icon name="search" />
          <span className="sr-only">{t('filters.query')}</span>
          <input
            type="search"
            value={form.query}
            placeholder={t('filters.queryPlaceholder')}
            onChange={(event) => set({ query: event.target.value })}
          />
        </label>
        <label className="case-filters__status">
          <span className="sr-only">{t('filters.status')}</span>
          <select
            className="select"
            value={form.status}
            onChange={(event) => set({ status: event.target.value as StatusChoice })}
          >
            <option value="">{t('filters.anyStatus')}</option>
            <option value="active">{t('filters.openStatuses')}</option>
            <option value="resolved">{t('filters.resolvedStatuses')}</option>
            {CASE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {statusLabel(status)}
              </option>
            ))}
          </select>
        </label>
        {filtersActive(form) && (
          <button type="button" className="button button--ghost" onClick={() => onChange(EMPTY_FILTERS)}>
            {t('filters.clear')}
          </button>
        )}
      </div>
      <div className="case-filters__row case-filters__row--fields">
        <ChipsInput
          id={`${uid}-case-filter-tags`}
          label={t('filters.tags')}
          values={form.tags}
          suggestions={tagSuggestions}
          placeholder={t('filters.tagsPlaceholder')}
          onChange={(tags) => set({ tags })}
        />
        <ChipsInput
          id={`${uid}-case-filter-assignees`}
          label={t('filters.assignedUsers')}
          values={form.assignedUsers}
          suggestions={userSuggestions}
          display={displayUser}
          placeholder={t('filters.assignedUsersPlaceholder')}
          onChange={(assignedUsers) => set({ assignedUsers })}
        />
        <RiskRangeFields
          min={form.riskMin}
          max={form.riskMax}
          errors={riskRangeErrors(form.riskMin, form.riskMax)}
          onChange={({ min, max }) => set({ riskMin: min, riskMax: max })}
        />
      </div>
    </search>
  );
}
