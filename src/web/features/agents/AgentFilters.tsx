import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterChip, ListFilters } from '../../components/list/index.ts';
import { FILTER_KEYS, type FilterKey } from './agent-filters.ts';

/**
 * The list's filters: a chip for each state and kind (each one narrows the list) and a host
 * name or IP search. The customers are the shell's customer filter.
 */
export function AgentFilters({
  filters,
  onChange,
  text,
  onText,
}: {
  filters: ReadonlySet<FilterKey>;
  onChange(filters: ReadonlySet<FilterKey>): void;
  text: string;
  onText(text: string): void;
}) {
  const { t } = useTranslation('agents');
  const searchId = useId();
  const flip = (key: FilterKey, on: boolean) => {
    const next = new Set(filters);
    if (on) next.add(key);
    else next.delete(key);
    onChange(next);
  };
  return (
    <ListFilters legend={t('filters.label')}>
      {FILTER_KEYS.map((key) => (
        <FilterChip
          key={key}
          label={t(`filters.${key}`)}
          checked={filters.has(key)}
          onChange={(on) => flip(key, on)}
        />
      ))}
      <label htmlFor={searchId} className="agents-filters__search">
        <span className="sr-only">{t('filters.search')}</span>
        <input
          id={searchId}
          type="search"
          className="input"
          placeholder={t('filters.search')}
          value={text}
          onChange={(e) => onText(e.target.value)}
        />
      </label>
    </ListFilters>
  );
}
