import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FILTER_KEYS, type FilterKey } from './agent-filters.ts';

/**
 * The list's filters: toggles for each state and kind (each one narrows the list) and a host
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
  const flip = (key: FilterKey) => {
    const next = new Set(filters);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    onChange(next);
  };
  return (
    <div className="agents-filters">
      <fieldset className="agents-filters__toggles">
        <legend className="sr-only">{t('filters.label')}</legend>
        {FILTER_KEYS.map((key) => (
          <button
            key={key}
            type="button"
            className={`button button--small${filters.has(key) ? ' button--primary' : ''}`}
            aria-pressed={filters.has(key)}
            onClick={() => flip(key)}
          >
            {t(`filters.${key}`)}
          </button>
        ))}
      </fieldset>
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
    </div>
  );
}
