import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import type { LoadState } from '../../api/loaded.ts';
import type { ScreenProps } from '../../app/screen-props.ts';
import { ListScreen, useClientRows, useList, useListControls } from '../../components/list/index.ts';
import { SelectionBar } from '../../components/SelectionBar.tsx';
import { useDebounced } from '../../components/use-debounced.ts';
import { downloadCsv } from '../../lib/csv.ts';
import { useSession } from '../../session/use-session.ts';
import { useIsActivePage, useSelectedCustomers, useTickerEvent } from '../../shell/index.ts';
import { AgentFilters } from './AgentFilters.tsx';
import { AgentTotals } from './AgentTotals.tsx';
import { type FilterKey, filtersFromQuery, filtersToQuery } from './agent-filters.ts';
import { type AgentSearch, searchAgents } from './agent-search.ts';
import type { AgentsCommandTarget } from './command-target.ts';
import './agents.css';
import { agentsCsv } from './agents-csv.ts';
import { type Agent, InvalidAgentsResponse } from './api.ts';
import { DeleteAgentsDialog } from './DeleteAgentsDialog.tsx';
import { DownloadAgentsDialog } from './DownloadAgentsDialog.tsx';
import { SelectedAgentsActions } from './SelectedAgentsActions.tsx';
import { useAgentActionsShown, useCanControlAgents } from './use-agent-access.ts';
import { useAgentColumns } from './use-agent-columns.tsx';
import { useAgentsList } from './use-agents-list.ts';

/** The search text goes into the address once typing pauses, not on every key. */
const ADDRESS_DEBOUNCE_MS = 300;
const idOf = (agent: Agent) => agent.agent_id;

/**
 * /agents (spec 2, section 2): every agent of the selected customers, with the spec's filters,
 * totals, "late by", every column sorting and pages of the user's size; selection (x or Space,
 * Shift extends, or all that match) for the palette's response actions, deletion of inactive
 * agents and CSV export.
 */
export function AgentsPage(_: ScreenProps) {
  const { t } = useTranslation('agents');
  const session = useSession();
  const active = useIsActivePage();
  const [, navigate] = useLocation();
  const { selected: customerIds } = useSelectedCustomers();
  const canControl = useCanControlAgents();
  const actionsShown = useAgentActionsShown();
  const staff = session.me?.user.role_level === 'Global';
  const agents = useAgentsList(customerIds, session.status === 'ready');
  const search = useSearch();
  const [initial] = useState(() => filtersFromQuery(search));
  const [filters, setFilters] = useState<ReadonlySet<FilterKey>>(initial.filters);
  const [text, setText] = useState(initial.text);
  useFiltersInAddress({ active, search, filters, text, setFilters, setText, navigate });
  const [deleting, setDeleting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const controls = useListControls();
  const { columns, customerName } = useAgentColumns();
  // The list merges the agents that checked in since its last read, rather than reading all again.
  useTickerEvent('refresh', agents.refresh);

  // The field shows every key at once; the list follows as soon as it can (a key typed while it
  // filters replaces that work), and each filtering narrows the last one when the text grows.
  const searchText = useDeferredValue(text);
  const lastSearch = useRef<AgentSearch | null>(null);
  const matching = useMemo(() => {
    lastSearch.current = searchAgents(lastSearch.current, agents.agents, filters, searchText);
    return lastSearch.current.rows;
  }, [agents.agents, filters, searchText]);
  // Other filters are another list: it starts at its first page.
  const { restart } = controls;
  // biome-ignore lint/correctness/useExhaustiveDependencies: restart when the filters change
  useEffect(() => restart(), [filters, searchText, restart]);
  const { pageRows, total } = useClientRows(matching, columns, controls);

  const list = useList({
    rows: pageRows,
    matching,
    rowId: idOf,
    selectable: true,
    enabled: !deleting && !downloading,
    onOpen: (agent) => navigate(`/agents/${agent.agent_id}`),
    target: ({ ids, focused }): AgentsCommandTarget => ({
      kind: 'agents',
      ids,
      canChange: actionsShown,
      refresh: agents.reload,
      focusedId: focused?.agent_id ?? null,
    }),
  });
  const selectLabel = useCallback((agent: Agent) => t('list.selectRow', { host: agent.host_name }), [t]);
  const selectedAgents = useMemo(
    () => matching.filter((a) => list.selected.has(a.agent_id)),
    [matching, list.selected],
  );
  const exportCsv = () => {
    const chosen = selectedAgents.length ? selectedAgents : matching;
    downloadCsv(agentsCsv(chosen, customerName, (c) => t(`csv.${c}`)));
  };
  // A refresh keeps the rows on screen; only the first read shows the list loading.
  const load: LoadState = {
    status: agents.agents.length > 0 ? 'ready' : agents.status,
    error: agents.agents.length > 0 ? null : agents.error,
    reload: agents.reload,
  };

  return (
    <ListScreen
      className="agents-page"
      title={t('title')}
      count={
        agents.status === 'ready' ? t('count', { count: total, total: agents.agents.length }) : t('loading')
      }
      actions={
        <>
          <button type="button" className="button" disabled={total === 0} onClick={list.selectAll}>
            {t('selectAll', { count: total })}
          </button>
          <button type="button" className="button" disabled={total === 0} onClick={exportCsv}>
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
        </>
      }
      filters={<AgentFilters filters={filters} onChange={setFilters} text={text} onText={setText} />}
      before={
        <>
          <AgentTotals customerIds={customerIds} filters={filters} text={text} />
          {list.selected.size > 0 && (
            <SelectionBar
              label={t('list.selected', { count: list.selected.size })}
              clearLabel={t('list.clearSelection')}
              onClear={list.clear}
              hint={actionsShown ? t('list.selectionHint') : null}
            />
          )}
          {list.selected.size > 0 && (
            <SelectedAgentsActions agentIds={[...list.selected]} hosts={agents.agents} />
          )}
          <p className="muted agents-page__keys">{t('keys')}</p>
        </>
      }
      label={t('list.gridLabel')}
      columns={columns}
      rows={pageRows}
      list={list}
      selectLabel={selectLabel}
      // The text its rows were filtered by: what bench/agents-list.ts waits for.
      gridData={{ keyword: searchText }}
      controls={controls}
      paging={{ kind: 'numbered', total }}
      load={load}
      refresh={false}
      labels={{
        empty: agents.agents.length === 0 ? t('list.empty') : t('list.noMatches'),
        loadFailed:
          agents.error instanceof InvalidAgentsResponse ? t('errors.invalidResponse') : t('errors.load'),
        retry: t('retry'),
        loading: t('loading'),
      }}
    >
      {downloading && <DownloadAgentsDialog onClose={() => setDownloading(false)} />}
      {deleting && (
        <DeleteAgentsDialog
          agents={selectedAgents}
          onClose={() => setDeleting(false)}
          onDeleted={() => {
            setDeleting(false);
            list.clear();
            agents.reload();
          }}
        />
      )}
    </ListScreen>
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
