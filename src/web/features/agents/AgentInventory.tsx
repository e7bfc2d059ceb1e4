import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { List } from 'react-window';
import { asLoaded } from '../../api/loaded.ts';
import { LoadedContent } from '../../components/table/LoadedContent.tsx';
import { type AgentInventoryEntry, getAgentInventory } from './api.ts';
import { InventoryRow } from './InventoryRow.tsx';
import { useReportLabels } from './use-report-labels.ts';

const ROW_HEIGHT = 32;
const VIEWPORT_ROWS = 15;

/** install_date is YYYYMMDD as the agent sends it; shown as YYYY-MM-DD. */
const installDate = (e: AgentInventoryEntry) =>
  e.install_date && /^\d{8}$/.test(e.install_date)
    ? `${e.install_date.slice(0, 4)}-${e.install_date.slice(4, 6)}-${e.install_date.slice(6)}`
    : (e.install_date ?? '');

/** The agent's installed software: searchable by name or publisher, in a virtual list (inventories run long). */
export function AgentInventory({ agentId }: { agentId: string }) {
  const { t } = useTranslation('agents');
  const inventory = asLoaded(useQuery(getAgentInventory(agentId)));
  const [text, setText] = useState('');
  const entries = useMemo(() => {
    const needle = text.trim().toLowerCase();
    const all = inventory.data ?? [];
    if (!needle) return all;
    return all.filter((e) => `${e.name} ${e.publisher ?? ''}`.toLowerCase().includes(needle));
  }, [inventory.data, text]);
  const rowProps = useMemo(() => ({ entries, formatDate: installDate }), [entries]);
  const height = Math.min(VIEWPORT_ROWS, Math.max(entries.length, 1)) * ROW_HEIGHT;

  return (
    <LoadedContent
      as="section"
      className="agent-page__section"
      load={inventory}
      empty={(inventory.data ?? []).length === 0}
      labels={useReportLabels('inventory')}
      before={
        <label className="field">
          {t('reports.inventory.search')}
          <input type="search" value={text} onChange={(e) => setText(e.target.value)} />
        </label>
      }
    >
      <div>
        {/* The column names for the eye; each row reads as one line of name, version, publisher, date. */}
        <div aria-hidden="true" className="inventory-row inventory-row--header">
          <span>{t('reports.inventory.name')}</span>
          <span>{t('reports.inventory.version')}</span>
          <span>{t('reports.inventory.publisher')}</span>
          <span>{t('reports.inventory.installed')}</span>
        </div>
        <List
          aria-label={t('reports.inventory.label')}
          rowComponent={InventoryRow}
          rowCount={entries.length}
          rowHeight={ROW_HEIGHT}
          rowProps={rowProps}
          defaultHeight={height}
          style={{ height }}
        />
      </div>
      <p className="muted" role="status">
        {t('reports.inventory.count', { count: entries.length })}
      </p>
    </LoadedContent>
  );
}
