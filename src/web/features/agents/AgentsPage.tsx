import {
  type KeyboardEvent,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { List, useListRef } from 'react-window';
import { useLocation, useSearch } from 'wouter';
import type { ScreenProps } from '../../app/screen-props.ts';
import { useProvideCommandTarget } from '../../commands/target.ts';
import { SelectionBar } from '../../components/SelectionBar.tsx';
import { useFormatTimestamp } from '../../components/Timestamp.tsx';
import { LoadError } from '../../components/table/LoadError.tsx';
import { SlowLoadNotice } from '../../components/table/SlowLoadNotice.tsx';
import { useDebounced } from '../../components/use-debounced.ts';
import { useRowCursor } from '../../components/use-row-cursor.ts';
import { useShallowMemo } from '../../components/use-shallow-memo.ts';
import { useListKeys } from '../../keyboard/use-list-keys.ts';
import { downloadCsv } from '../../lib/csv.ts';
import { useSession } from '../../session/use-session.ts';
import { useIsActivePage, useSelectedCustomers, useShellData, useTickerEvent } from '../../shell/index.ts';
import { AgentFilters } from './AgentFilters.tsx';
import { AgentRow } from './AgentRow.tsx';
import { AgentTotals } from './AgentTotals.tsx';
import { type FilterKey, filtersFromQuery, filtersToQuery } from './agent-filters.ts';
import { type AgentSearch, searchAgents } from './agent-search.ts';
import type { AgentsCommandTarget } from './command-target.ts';
import './agents.css';
import { agentsCsv } from './agents-csv.ts';
import { InvalidAgentsResponse } from './api.ts';
import { DeleteAgentsDialog } from './DeleteAgentsDialog.tsx';
import { DownloadAgentsDialog } from './DownloadAgentsDialog.tsx';
import { SelectedAgentsActions } from './SelectedAgentsActions.tsx';
import { useAgentActionsShown, useCanControlAgents } from './use-agent-access.ts';
import { useAgentLabels } from './use-agent-labels.ts';
import { useAgentsList } from './use-agents-list.ts';

const ROW_HEIGHT = 36;
/** The search text goes into the address once typing pauses, not on every key. */
const ADDRESS_DEBOUNCE_MS = 300;
const VIEWPORT_ROWS = 18;

/**
 * /agents (spec 2, section 2): every agent of the selected customers in a virtual list, with the
 * spec's filters, totals, "late by", selection (x or Space, Shift extends, or all that match) for
 * the palette's response actions, deletion of inactive agents and CSV export.
 */
export function AgentsPage(_: ScreenProps) {
  const { t } = useTranslation('agents');
  const session = useSession();
  const active = useIsActivePage();
  const [, navigate] = useLocation();
  const { selected: customerIds } = useSelectedCustomers();
  const { customers } = useShellData();
  const canControl = useCanControlAgents();
  const actionsShown = useAgentActionsShown();
  const staff = session.me?.user.role_level === 'Global';
  const list = useAgentsList(customerIds, session.status === 'ready');
  const search = useSearch();
  const [initial] = useState(() => filtersFromQuery(search));
  const [filters, setFilters] = useState<ReadonlySet<FilterKey>>(initial.filters);
  const [text, setText] = useState(initial.text);
  useFiltersInAddress({ active, search, filters, text, setFilters, setText, navigate });
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [deleting, setDeleting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const anchor = useRef<number | null>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const listRef = useListRef(null);
  const { cursor, setCursor, focusRow } = useRowCursor(gridRef, { list: listRef });
  const labels = useAgentLabels();
  const formatTime = useFormatTimestamp();
  useTickerEvent('refresh', list.refresh);

  // The field shows every key at once; the list follows as soon as it can (a key typed while it
  // filters replaces that work), and each filtering narrows the last one when the text grows.
  const searchText = useDeferredValue(text);
  const lastSearch = useRef<AgentSearch | null>(null);
  const rows = useMemo(() => {
    lastSearch.current = searchAgents(lastSearch.current, list.agents, filters, searchText);
    return lastSearch.current.rows;
  }, [list.agents, filters, searchText]);
  // Agents no longer shown drop out of the selection: a command never acts on a hidden agent.
  useEffect(() => {
    setSelected((current) => {
      if (current.size === 0) return current;
      const shown = new Set(rows.map((r) => r.agent_id));
      const kept = [...current].filter((id) => shown.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [rows]);

  const customerName = useCallback(
    (id: string) => customers.find((c) => c.customer_id === id)?.name ?? id,
    [customers],
  );
  const toggle = useCallback(
    (index: number) => {
      const agent = rows[index];
      if (!agent) return;
      anchor.current = index;
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(agent.agent_id)) next.delete(agent.agent_id);
        else next.add(agent.agent_id);
        return next;
      });
    },
    [rows],
  );
  const extend = useCallback(
    (from: number, to: number) => {
      const ids = rows.slice(Math.min(from, to), Math.max(from, to) + 1).map((a) => a.agent_id);
      setSelected((current) => new Set([...current, ...ids]));
    },
    [rows],
  );

  useListKeys({
    enabled: active && !deleting && !downloading,
    count: rows.length,
    focused: cursor !== null && cursor < rows.length ? cursor : null,
    setFocused: focusRow,
    onToggle: toggle,
    onExtend: extend,
    anchor: anchor.current,
    onOpen: (index) => {
      const agent = rows[index];
      if (agent) navigate(`/agents/${agent.agent_id}`);
    },
    onBack: () => {
      if (selected.size === 0) return false;
      setSelected(new Set());
      return true;
    },
  });
  // Space selects too, as in a file manager.
  const onGridKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('[data-row-index]');
    if (event.key !== ' ' || !row || event.target !== row) return;
    event.preventDefault();
    toggle(Number(row.dataset.rowIndex));
  };

  const focused = cursor === null ? null : (rows[cursor] ?? null);
  const target = useMemo((): AgentsCommandTarget | null => {
    if (!active) return null;
    const ids = selected.size ? [...selected] : focused ? [focused.agent_id] : [];
    return {
      kind: 'agents',
      ids,
      canChange: actionsShown,
      refresh: list.reload,
      focusedId: focused?.agent_id ?? null,
    };
  }, [active, selected, focused, actionsShown, list.reload]);
  useProvideCommandTarget(target);

  const selectedAgents = useMemo(() => rows.filter((a) => selected.has(a.agent_id)), [rows, selected]);
  const exportCsv = () => {
    const chosen = selectedAgents.length ? selectedAgents : rows;
    downloadCsv(agentsCsv(chosen, customerName, (c) => t(`csv.${c}`)));
  };

  const selectLabel = useCallback(
    (agent: (typeof rows)[number]) => t('list.selectRow', { host: agent.host_name }),
    [t],
  );
  const rowProps = useShallowMemo({
    rows,
    selected,
    focusedIndex: cursor ?? -1,
    customerName,
    formatTime,
    statusLabel: labels.statusLabel,
    lateBy: labels.lateBy,
    selectLabel,
    onToggle: toggle,
    onFocusRow: setCursor,
  });
  const height = Math.min(rows.length, VIEWPORT_ROWS) * ROW_HEIGHT;
  const loading = list.status === 'loading' && list.agents.length === 0;

  return (
    <div className="page-body agents-page">
      <header className="page-header agents-page__header">
        <div>
          <h1>{t('title')}</h1>
          <p className="muted">
            {list.status === 'ready'
              ? t('count', { count: rows.length, total: list.agents.length })
              : t('loading')}
          </p>
        </div>
        <div className="agents-page__buttons">
          <button
            type="button"
            className="button"
            disabled={rows.length === 0}
            onClick={() => setSelected(new Set(rows.map((a) => a.agent_id)))}
          >
            {t('selectAll', { count: rows.length })}
          </button>
          <button type="button" className="button" disabled={rows.length === 0} onClick={exportCsv}>
            {selectedAgents.length ? t('exportSelected', { count: selectedAgents.length }) : t('export')}
          </button>
          {staff && canControl && (
            <button type="button" className="button" onClick={() => setDownloading(true)}>
              {t('download.button')}
            </button>
          )}
          {canControl && (
            <button
              type="button"
              className="button button--danger"
              disabled={selectedAgents.length === 0}
              onClick={() => setDeleting(true)}
            >
              {t('delete.button', { count: selectedAgents.length })}
            </button>
          )}
        </div>
      </header>
      <AgentFilters filters={filters} onChange={setFilters} text={text} onText={setText} />
      <AgentTotals customerIds={customerIds} filters={filters} text={text} />
      {selected.size > 0 && (
        <SelectionBar
          label={t('list.selected', { count: selected.size })}
          clearLabel={t('list.clearSelection')}
          onClear={() => setSelected(new Set())}
          hint={actionsShown ? t('list.selectionHint') : null}
        />
      )}
      {selected.size > 0 && <SelectedAgentsActions agentIds={[...selected]} hosts={list.agents} />}
      <p className="muted agents-page__keys">{t('keys')}</p>
      {/* biome-ignore lint/a11y/useSemanticElements: react-window needs div rows, so the table is an ARIA grid of divs */}
      <div
        ref={gridRef}
        role="grid"
        aria-label={t('list.gridLabel')}
        aria-rowcount={rows.length + 1}
        aria-busy={list.status === 'loading'}
        // The text its rows were filtered by: what bench/agents-list.ts waits for.
        data-keyword={searchText}
        aria-multiselectable
        className="agents-grid slow-load-host"
        onKeyDown={onGridKeyDown}
      >
        {/* biome-ignore lint/a11y/useSemanticElements: header row of the div grid */}
        <div role="row" tabIndex={-1} aria-rowindex={1} className="agent-row agent-row--header">
          {(
            [
              'select',
              'host_name',
              'customer',
              'status',
              'late_by',
              'platform',
              'version',
              'ip',
              'heartbeat_at',
            ] as const
          ).map((column) => (
            // biome-ignore lint/a11y/useSemanticElements: header cells of the div grid
            <span role="columnheader" tabIndex={-1} key={column} className="agent-cell">
              {column === 'select' ? '' : t(`columns.${column}`)}
            </span>
          ))}
        </div>
        {loading && <p className="agents-state">{t('loading')}</p>}
        <SlowLoadNotice loading={loading} />
        {list.status === 'error' && list.agents.length === 0 && (
          <LoadError
            error={list.error}
            message={
              list.error instanceof InvalidAgentsResponse ? t('errors.invalidResponse') : t('errors.load')
            }
            retryLabel={t('retry')}
            onRetry={list.reload}
          />
        )}
        {list.status === 'ready' && rows.length === 0 && (
          <p className="agents-state">{list.agents.length === 0 ? t('list.empty') : t('list.noMatches')}</p>
        )}
        {rows.length > 0 && (
          <List
            listRef={listRef}
            role="rowgroup"
            className="agents-list"
            rowComponent={AgentRow}
            rowCount={rows.length}
            rowHeight={ROW_HEIGHT}
            rowProps={rowProps}
            defaultHeight={height}
            overscanCount={8}
            style={{ height }}
          />
        )}
      </div>
      {downloading && <DownloadAgentsDialog onClose={() => setDownloading(false)} />}
      {deleting && (
        <DeleteAgentsDialog
          agents={selectedAgents}
          onClose={() => setDeleting(false)}
          onDeleted={() => {
            setDeleting(false);
            setSelected(new Set());
            list.reload();
          }}
        />
      )}
    </div>
  );
}

/**
 * The filters live in the address (`/agents?status=offline&kind=sysmon&q=dc`), so a link opens
 * the list filtered: a new address (a link, Back) sets them, and changing them replaces the
 * address. Only the page on screen does either: a hidden cached page sees other pages' queries.
 */
function useFiltersInAddress({
  active,
  search,
  filters,
  text,
  setFilters,
  setText,
  navigate,
}: {
  active: boolean;
  search: string;
  filters: ReadonlySet<FilterKey>;
  text: string;
  setFilters(filters: ReadonlySet<FilterKey>): void;
  setText(text: string): void;
  navigate(to: string, options: { replace: boolean }): void;
}) {
  const settledText = useDebounced(text, ADDRESS_DEBOUNCE_MS);
  // The query last read from or written to the address: seeing it again changes nothing.
  const known = useRef(search);
  useEffect(() => {
    if (!active || search === known.current) return;
    known.current = search;
    const next = filtersFromQuery(search);
    setFilters(next.filters);
    setText(next.text);
  }, [active, search, setFilters, setText]);
  useEffect(() => {
    if (!active) return;
    const query = filtersToQuery({ filters, text: settledText });
    if (query === known.current) return;
    known.current = query;
    navigate(query ? `/agents?${query}` : '/agents', { replace: true });
  }, [active, filters, settledText, navigate]);
}
