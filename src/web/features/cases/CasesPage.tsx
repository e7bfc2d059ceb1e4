import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { ScreenProps } from '../../app/screen-props.ts';
import { listSelection } from '../../commands/target.ts';
import { Icon } from '../../components/Icon.tsx';
import {
  ListScreen,
  type Paging,
  turnPage,
  useKeepPageInReach,
  useList,
  useListControls,
} from '../../components/list/index.ts';
import { SelectionBar } from '../../components/SelectionBar.tsx';
import { isConnectionError } from '../../components/table/connection-error.ts';
import { useDebounced } from '../../components/use-debounced.ts';
import { useCan } from '../../session/use-can.ts';
import { useSession } from '../../session/use-session.ts';
import { useIsActivePage, useSelectedCustomers, useToasts } from '../../shell/index.ts';
import type { CasePageRequest, CaseSortKey, CaseSummary } from './api.ts';
import { CaseFilters } from './CaseFilters.tsx';
import { CreateCaseDialog } from './CreateCaseDialog.tsx';
import { EMPTY_FILTERS, type FilterForm, filtersActive, toCaseFilter } from './case-filters.ts';
import type { CasesCommandTarget } from './command-target.ts';
import { useCaseColumns } from './use-case-columns.tsx';
import { useCaseDetails } from './use-case-details.tsx';
import { useCaseList } from './use-case-list.ts';
import { useCaseTags } from './use-case-tags.ts';
import { usePeople } from './use-people.ts';
import './case-list.css';

/** Typing pauses this long before the list asks again. */
const QUERY_DELAY_MS = 300;

const NO_CASES: readonly CaseSummary[] = [];
const caseId = (c: CaseSummary) => c.id;
const caseName = (c: CaseSummary) => `#${c.id}`;

/**
 * /cases (spec 2, sections 2 "Cases", 8 and 9): cases of the shell's selected customers with
 * query, tags, assignees, risk range and status filters, newest change first or sorted by any
 * column on the server, in numbered pages of 10, 25, 50 or 100 (the list kit). Keys (the
 * registry's list keys): j/k move, j on the last row and k on the first turn the page, x selects,
 * Shift extends, d shows a case's details, Enter opens, Esc clears the selection or goes back,
 * n creates; `>` commands act on the selection (or the focused case).
 */
export function CasesPage(_: ScreenProps) {
  const { t } = useTranslation('cases');
  const { t: common } = useTranslation();
  const session = useSession();
  const active = useIsActivePage();
  const { notify } = useToasts();
  const [, navigate] = useLocation();
  const { selected: customers } = useSelectedCustomers();
  const { displayUser, customerName, assignable } = usePeople();
  const [form, setForm] = useState<FilterForm>(EMPTY_FILTERS);
  const [creating, setCreating] = useState(false);
  const query = useDebounced(form.query, QUERY_DELAY_MS);
  const ready = session.status === 'ready';
  const controls = useListControls();
  const { sort, page, pageSize } = controls;
  const canChange = useCan()('createCase');

  const filter = useMemo(
    () => (ready ? toCaseFilter(form, query, customers) : null),
    [ready, form, query, customers],
  );
  const request = useMemo(
    (): CasePageRequest => ({
      sort: sort ? { column: sort.column as CaseSortKey, direction: sort.direction } : null,
      offset: (page - 1) * pageSize,
      batchSize: pageSize,
    }),
    [sort, page, pageSize],
  );
  const load = useCaseList(filter, request, (error) =>
    // Spec 2, section 8: 'Unable to load cases' + 'Please try again later.'; spec 1, section 8:
    // the connection error when the network failed.
    notify({
      severity: 'danger',
      title: t('errors.load'),
      message: isConnectionError(error) ? common('connectionError') : common('tryAgainLater'),
    }),
  );
  const tags = useCaseTags(customers, ready && active);
  // While another page loads, the placeholders stand in for the rows: no keys reach them.
  const rows = load.status === 'ready' ? load.cases : NO_CASES;
  const paging: Paging = { kind: 'numbered', total: load.total ?? 0 };
  useKeepPageInReach(controls, load.total);
  const columns = useCaseColumns(customerName, displayUser);
  const detailsOf = useCaseDetails();

  const list = useList({
    rows,
    rowId: caseId,
    selectable: true,
    details: detailsOf,
    onEdge: (step) => turnPage(controls, paging, step),
    onOpen: (item) => navigate(`/cases/${item.id}`),
    onBack: () => {
      window.history.back();
      return true;
    },
    onNew: canChange ? () => setCreating(true) : undefined,
    target: ({ ids, focused }): CasesCommandTarget => ({
      kind: 'cases',
      ...listSelection(new Set(ids), focused, rows),
      canChange,
      refresh: load.reload,
    }),
  });

  // A cached page shown again may be stale: the list asks again.
  const wasActive = useRef(active);
  useEffect(() => {
    if (active && !wasActive.current) load.reload();
    wasActive.current = active;
  }, [active, load.reload]);

  // A new filter starts at the top of page 1.
  const { restart } = controls;
  const { setCursor } = list;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter is what starts over
  useEffect(() => {
    setCursor(null);
    restart();
  }, [filter]);

  const selectLabel = useCallback((c: CaseSummary) => t('list.selectRow', { id: c.id }), [t]);
  const people = useMemo(() => ['me', ...assignable(null)], [assignable]);
  const showUser = (email: string) => (email === 'me' ? t('filters.me') : displayUser(email));
  return (
    <ListScreen
      className="cases-page"
      title={t('list.title')}
      count={load.total === null ? t('list.subtitle') : t('list.count', { count: load.total })}
      actions={
        canChange ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => setCreating(true)}
            aria-label={t('list.new')}
            aria-keyshortcuts="n"
          >
            <Icon name="cases" />
            {t('list.new')}
            <kbd className="kbd" data-key="n" />
          </button>
        ) : (
          ready && (
            <p className="notice cases-page__read-only" role="note">
              {t('list.readOnly')}
            </p>
          )
        )
      }
      filters={
        <CaseFilters
          form={form}
          onChange={setForm}
          tagSuggestions={tags}
          userSuggestions={people}
          displayUser={showUser}
        />
      }
      before={
        list.selected.size > 0 && (
          <SelectionBar
            label={t('list.selected', { count: list.selected.size })}
            clearLabel={t('list.clearSelection')}
            onClear={list.clear}
            hint={canChange ? t('list.selectionHint') : null}
          />
        )
      }
      label={sort ? t('list.title') : t('list.caption')}
      columns={columns}
      rows={rows}
      list={list}
      controls={controls}
      paging={paging}
      load={load}
      labels={{
        empty: filtersActive(form) ? t('list.noMatches') : t('list.none'),
        loadFailed: t('errors.load'),
        retry: t('list.retry'),
        loading: t('list.loading'),
      }}
      rowData={(c) => ({ 'case-id': String(c.id) })}
      rowName={caseName}
      selectLabel={selectLabel}
    >
      <p className="muted cases-page__keys">{canChange ? t('list.keys') : t('list.keysReadOnly')}</p>
      {creating && (
        <CreateCaseDialog
          tagSuggestions={tags}
          onClose={() => setCreating(false)}
          onCreated={(record) => {
            setCreating(false);
            navigate(`/cases/${record.id}`);
          }}
        />
      )}
    </ListScreen>
  );
}
