import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asLoaded } from '../../api/loaded.ts';
import { getSearchTopValues, type SearchFilter } from './api.ts';
import type { FieldCount } from './search-model.ts';

export interface FieldSidebarProps {
  searchId: string | null;
  /** The search is done: top values count the whole search. */
  ready: boolean;
  /** The fields of the events shown, with how many of them carry each. */
  fields: readonly FieldCount[];
  /** Events shown (what the counts are out of). */
  shown: number;
  onFilter(filter: SearchFilter): void;
}

/**
 * The fields of the events; opening one lists its exact top values with "n of N". On a value,
 * Enter includes it as a filter and Shift+Enter excludes it.
 */
export function FieldSidebar({ searchId, ready, fields, shown, onFilter }: FieldSidebarProps) {
  const { t } = useTranslation('search');
  const [field, setField] = useState<string | null>(null);
  const top = asLoaded(
    useQuery({
      ...getSearchTopValues(searchId ?? '', field ?? ''),
      enabled: Boolean(searchId && ready && field),
    }),
  );
  const onValueKey = (event: KeyboardEvent, value: string) => {
    if (event.key !== 'Enter' || !field) return;
    event.preventDefault();
    onFilter({ field, operator: event.shiftKey ? '!=' : '=', value });
  };
  return (
    <aside className="search-fields" aria-label={t('fields.label')}>
      <h2>{t('fields.title')}</h2>
      {fields.length === 0 && <p className="search-hint">{t('fields.empty')}</p>}
      <ul>
        {fields.map(({ name, count }) => (
          <li key={name}>
            <button
              type="button"
              className="search-field"
              aria-expanded={field === name}
              onClick={() => setField(field === name ? null : name)}
            >
              <span>{name}</span>{' '}
              <span className="search-field-count" title={t('fields.countHint', { n: count, shown })}>
                {count}
              </span>
            </button>
            {field === name && (
              <div className="search-top">
                {top.status === 'loading' && <p>{t('fields.loading')}</p>}
                {top.status === 'error' && <p role="alert">{t('fields.error')}</p>}
                {top.data && (
                  <>
                    <p className="search-top-count">
                      {t('fields.nOfN', { n: top.data.with_field, total: top.data.total })}
                      {top.data.sampled ? ` ${t('fields.sampled')}` : ''}
                    </p>
                    {top.data.values.length === 0 && <p>{t('fields.none')}</p>}
                    <ul aria-label={t('fields.values', { field: name })}>
                      {top.data.values.map((v) => (
                        <li key={v.value}>
                          <button
                            type="button"
                            className="search-value"
                            title={t('fields.valueHint')}
                            aria-keyshortcuts="Enter Shift+Enter"
                            onKeyDown={(e) => onValueKey(e, v.value)}
                            onClick={(e) =>
                              onFilter({ field: name, operator: e.shiftKey ? '!=' : '=', value: v.value })
                            }
                          >
                            <span>{v.value}</span> <span className="search-top-n">{v.count}</span>
                          </button>
                        </li>
                      ))}
                    </ul>
                    <p className="search-hint">{t('fields.valueHint')}</p>
                  </>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
    </aside>
  );
}
