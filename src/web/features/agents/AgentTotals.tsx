import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { asLoaded } from '../../api/loaded.ts';
import { useDebounced } from '../../components/use-debounced.ts';
import { useTickerEvent } from '../../shell/index.ts';
import { type FilterKey, FLAG_FILTERS, STATE_FILTERS } from './agent-filters.ts';
import { getAgentTotals } from './api.ts';

const TEXT_DEBOUNCE_MS = 250;

/**
 * Totals by platform, architecture and risk of every agent the list's filters match, counted on
 * the server; they follow the filters and the customer choice, and the periodic refresh.
 */
export function AgentTotals({
  customerIds,
  filters,
  text,
}: {
  customerIds: readonly string[];
  filters: ReadonlySet<FilterKey>;
  text: string;
}) {
  const { t } = useTranslation('agents');
  const settledText = useDebounced(text, TEXT_DEBOUNCE_MS);
  const query = {
    customerIds: [...customerIds].sort(),
    states: STATE_FILTERS.filter((s) => filters.has(s)),
    flags: FLAG_FILTERS.filter((f) => filters.has(f)),
    text: settledText.trim(),
  };
  const totals = asLoaded(useQuery(getAgentTotals(query)));
  useTickerEvent('refresh', totals.reload);
  const data = totals.data;
  const groups = data
    ? ([
        { key: 'platform', items: data.platform },
        { key: 'architecture', items: data.architecture },
        { key: 'risk', items: data.risk.map((r) => ({ name: t(`risk.${r.name}`), count: r.count })) },
      ] as const)
    : [];
  return (
    <dl className="agents-totals" aria-label={t('totals.label')} aria-busy={totals.status === 'loading'}>
      {totals.status === 'error' && (
        <div className="agents-totals__group">
          <dt>{t('totals.label')}</dt>
          <dd>
            {t('totals.failed')}{' '}
            <button type="button" className="button" onClick={totals.reload}>
              {t('retry')}
            </button>
          </dd>
        </div>
      )}
      {groups.map((group) => (
        <div key={group.key} className="agents-totals__group">
          <dt>{t(`totals.${group.key}`)}</dt>
          <dd>
            {group.items.length === 0
              ? '–'
              : group.items.map((item) => `${item.name} ${item.count}`).join(' · ')}
          </dd>
        </div>
      ))}
    </dl>
  );
}
