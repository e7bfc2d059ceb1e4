import { useTranslation } from 'react-i18next';
import type { SearchFilter } from './api.ts';

/** The filters narrowing the search, each with a button that removes it (and searches again). */
export function FilterChips({
  filters,
  onChange,
}: {
  filters: readonly SearchFilter[];
  onChange(filters: SearchFilter[]): void;
}) {
  const { t } = useTranslation('search');
  if (filters.length === 0) return null;
  return (
    <ul className="search-filters" aria-label={t('filters.label')}>
      {filters.map((f, i) => (
        <li key={`${f.field}${f.operator}${String(f.value)}`}>
          <span>
            {t(f.operator === '!=' ? 'filters.exclude' : 'filters.include', {
              field: f.field,
              value: String(f.value ?? ''),
            })}
          </span>
          <button
            type="button"
            className="button button--small"
            aria-label={t('filters.remove', { field: f.field, value: String(f.value ?? '') })}
            onClick={() => onChange(filters.filter((_, j) => j !== i))}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
