import { type RefObject, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PRIORITIES, STATUSES } from '../../../../common/statuses.ts';
import { collapsedSelection } from '../../../components/collapsed-selection.ts';
import { Icon } from '../../../components/Icon.tsx';
import { useLabels } from '../shared/use-labels.ts';
import { CASE_FILTERS, type CaseFilter, DATE_RANGES, type DateRange } from '../types.ts';
import type { Period } from './address-filters.ts';
import { CheckList } from './CheckList.tsx';
import type { ListFilters } from './use-alerts-table.ts';

export interface AlertsFiltersProps {
  filters: ListFilters;
  onChange(next: Partial<ListFilters>): void;
  days: DateRange;
  onDays(days: DateRange): void;
  /** The omnibox's title filter (/alerts?title=…), shown as a removable chip. */
  title: string | null;
  onClearTitle(): void;
  /** A creation period from a link (/alerts?from=…&to=…), shown as a removable chip. */
  period: Period | null;
  onClearPeriod(): void;
  keywordRef: RefObject<HTMLInputElement | null>;
}

const toggle = (list: readonly string[], value: string) =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

/** Keyword, status, priority, case and date-range filters of the alert list (spec 2, section 2). */
export function AlertsFilters({
  filters,
  onChange,
  days,
  onDays,
  title,
  onClearTitle,
  period,
  onClearPeriod,
  keywordRef,
}: AlertsFiltersProps) {
  const { t, i18n } = useTranslation('alerts');
  const labels = useLabels();
  const statusOptions = useMemo(
    () => STATUSES.map((s) => ({ value: s.key, label: labels.status(s.key) })),
    [labels],
  );
  const priorityOptions = useMemo(
    () => PRIORITIES.map((p) => ({ value: p, label: labels.priority(p) })),
    [labels],
  );
  /** The chosen options' labels, in the options' order: up to three, then "+N". */
  const chosenLabel = (options: readonly { value: string; label: string }[], chosen: readonly string[]) =>
    chosen.length === 0
      ? t('filters.any')
      : collapsedSelection(options.filter((o) => chosen.includes(o.value)).map((o) => o.label));
  const dayLabel = (d: DateRange) => {
    switch (d) {
      case -1:
        return t('filters.days.all');
      case 1:
        return t('filters.days.day');
      case 180:
        return t('filters.days.sixMonths');
      case 360:
        return t('filters.days.twelveMonths');
      default:
        return t('filters.days.last', { count: d });
    }
  };
  const caseLabel = (c: CaseFilter) =>
    c === 'all'
      ? t('filters.case.all')
      : c === 'assigned'
        ? t('filters.case.assigned')
        : t('filters.case.none');

  return (
    <div className="alerts-filters">
      <label className="search-field alerts-filters__keyword">
        <Icon name="search" />
        <span className="sr-only">{t('filters.keyword')}</span>
        <input
          ref={keywordRef}
          type="search"
          value={filters.keyword}
          placeholder={t('filters.keywordPlaceholder')}
          onChange={(event) => onChange({ keyword: event.target.value })}
          onKeyDown={(event) => {
            // Escape or Enter hands the keys back to the list (j/k), keeping the filter.
            if (event.key === 'Escape' || event.key === 'Enter') {
              event.preventDefault();
              event.currentTarget.blur();
            }
          }}
        />
      </label>
      <CheckList
        name={t('filters.status')}
        label={`${t('filters.status')}: ${chosenLabel(statusOptions, filters.statuses)}`}
        options={statusOptions}
        checked={filters.statuses}
        onToggle={(value) => onChange({ statuses: toggle(filters.statuses, value) })}
      />
      <CheckList
        name={t('filters.priority')}
        label={`${t('filters.priority')}: ${chosenLabel(priorityOptions, filters.priorities)}`}
        options={priorityOptions}
        checked={filters.priorities}
        onToggle={(value) => onChange({ priorities: toggle(filters.priorities, value) })}
      />
      <label className="alerts-filters__select">
        <span>{t('filters.caseLabel')}</span>
        <select
          className="select"
          value={filters.caseFilter}
          onChange={(event) => onChange({ caseFilter: event.target.value as CaseFilter })}
        >
          {CASE_FILTERS.map((c) => (
            <option key={c} value={c}>
              {caseLabel(c)}
            </option>
          ))}
        </select>
      </label>
      <label className="alerts-filters__select">
        <span>{t('filters.dateRange')}</span>
        <select
          className="select"
          value={days}
          onChange={(event) => onDays(Number(event.target.value) as DateRange)}
        >
          {DATE_RANGES.map((d) => (
            <option key={d} value={d}>
              {dayLabel(d)}
            </option>
          ))}
        </select>
      </label>
      {title && (
        <span className="alerts-chip">
          {t('filters.titleChip', { title })}
          <button
            type="button"
            className="icon-button"
            onClick={onClearTitle}
            aria-label={t('filters.clearTitle')}
          >
            <Icon name="x" size={12} />
          </button>
        </span>
      )}
      {period && (
        <span className="alerts-chip">
          {t('filters.periodChip', {
            from: new Date(period.from).toLocaleString(i18n.language),
            to: new Date(period.to).toLocaleString(i18n.language),
          })}
          <button
            type="button"
            className="icon-button"
            onClick={onClearPeriod}
            aria-label={t('filters.clearPeriod')}
          >
            <Icon name="x" size={12} />
          </button>
        </span>
      )}
    </div>
  );
}
