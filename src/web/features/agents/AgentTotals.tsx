import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { totalsOf } from './agent-filters.ts';
import type { Agent } from './api.ts';

/** Totals of the listed agents by platform, architecture and risk. */
export function AgentTotals({ agents }: { agents: readonly Agent[] }) {
  const { t } = useTranslation('agents');
  const totals = useMemo(() => totalsOf(agents), [agents]);
  const groups = [
    { key: 'platform', items: totals.platform.map(([name, count]) => ({ name, count })) },
    { key: 'architecture', items: totals.architecture.map(([name, count]) => ({ name, count })) },
    { key: 'risk', items: totals.risk.map(([risk, count]) => ({ name: t(`risk.${risk}`), count })) },
  ] as const;
  return (
    <dl className="agents-totals" aria-label={t('totals.label')}>
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
