import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { ScreenProps } from '../../app/screen-props.ts';
import { listSelection, useProvideCommandTarget } from '../../commands/target.ts';
import { Icon } from '../../components/Icon.tsx';
import { isConnectionError } from '../../components/table/connection-error.ts';
import { LoadError } from '../../components/table/LoadError.tsx';
import { SlowLoadNotice } from '../../components/table/SlowLoadNotice.tsx';
import { TablePagination } from '../../components/table/TablePagination.tsx';
import { useRowDetails } from '../../components/table/use-row-details.ts';
import { useTablePaging } from '../../components/table/use-table-paging.ts';
import { useListKeys } from '../../keyboard/use-list-keys.ts';
import { useSession } from '../../session/use-session.ts';
import { useIsActivePage, useSelectedCustomers, useToasts } from '../../shell/index.ts';
import type { CasePageRequest, CaseSortKey, CaseSummary } from './api.ts';
import { CaseFilters } from './CaseFilters.tsx';
import { CaseTable, ROW_HEIGHT } from './CaseTable.tsx';
import { CreateCaseDialog } from './CreateCaseDialog.tsx';
import { EMPTY_FILTERS, type FilterForm, filtersActive, toCaseFilter } from './case-filters.ts';
import type { CasesCommandTarget } from './command-target.ts';
import { useCaseDetails } from './use-case-details.tsx';
import './case-list.css';
import { DEFAULT_PAGE_SIZE } from '../../../../machines/table/table.context.ts';
import { SelectionBar } from '../../components/SelectionBar.tsx';
import { useDebounced } from '../../components/use-debounced.ts';
import { useRowSelection } from '../../components/use-row-selection.ts';
import { useCan } from '../../session/use-can.ts';
import { useCaseList } from './use-case-list.ts';
import { useCaseTags } from './use-case-tags.ts';
import { usePeople } from './use-people.ts';

/** Typing pauses this long before the list asks again. */
const QUERY_DELAY_MS = 300;

const NO_CASES: readonly CaseSummary[] = [];

/**
 * /cases (spec 2, sections 2 "Cases", 8 and 9): cases of the shell's selected customers with
 * query, tags, assignees, risk range and status filters, newest change first or sorted by any
 * column, in numbered pages of 10, 25, 50 or 100 (spec 1, sections 4.6 and 9). Keys (the registry's list keys): j/k move, x selects, Shift+j/k/x extend,
 * j on the last row and k on the first turn the page, Enter opens, Esc clears the selection or goes back, n creates; `>` commands act on the
 * selection (or the focused case).
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
  const [focused, setFocused] = useState<number | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const [creating, setCreating] = useState(false);
  const query = useDebounced(form.query, QUERY_DELAY_MS);
  const ready = session.status === 'ready';
  const paging = useTablePaging(session.attributes.default_page_size ?? DEFAULT_PAGE_SIZE);
  const { sort, offset, pageSize, page, setTotal, restart } = paging;
  const canChange = useCan()('createCase');

  const filter = useMemo(
    () => (ready ? toCaseFilter(form, query, customers) : null),
    [ready, form, query, customers],
  );
  const request = useMemo(
    (): CasePageRequest => ({
      sort: sort ? { column: sort.column as CaseSortKey, direction: sort.direction } : null,
      offset,
      batchSize: pageSize,
    }),
    [sort, offset, pageSize],
  );
  const list = useCaseList(filter, request, (error) =>
    // Spec 2, section 8: 'Unable to load cases' + 'Please try again later.'; spec 1, section 8:
    // the connection error when the network failed.
    notify({
      severity: 'danger',
      title: t('errors.load'),
      message: isConnectionError(error) ? common('connectionError') : common('tryAgainLater'),
    }),
  );
  const tags = useCaseTags(customers, ready && active);
  // While a new page of results loads, the placeholders stand in for the rows: no keys reach them.
  const shown = list.status === 'ready' ? list.cases : NO_CASES;
  const selection = useRowSelection(list.cases);
  const details = useRowDetails(shown, ROW_HEIGHT);
  const detailsOf = useCaseDetails();

  // A cached page shown again may be stale: the list asks again.
  const wasActive = useRef(active);
  useEffect(() => {
    if (active && !wasActive.current) list.reload();
    wasActive.current = active;
  }, [active, list.reload]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter starts at the top of page 1
  useEffect(() => {
    setFocused(null);
    restart();
  }, [filter]);
  // The page stays within the matches (spec 1, section 4.6: back to 1 when they no longer reach it).
  useEffect(() => {
    if (list.total !== null) setTotal(list.total);
  }, [list.total, setTotal]);

  const moveTo = useCallback((index: number) => {
    setFocused(index);
    setFocusRequest((n) => n + 1);
  }, []);
  useListKeys({
    enabled: active,
    count: shown.length,
    focused: focused !== null && focused < shown.length ? focused : null,
    setFocused: moveTo,
    onEdge: (step) => {
      const next = page + step;
      if (next < 1 || list.total === null || (next - 1) * pageSize >= list.total) return false;
      paging.onPage(next);
      // The first row of the next page, or the last of the previous.
      setFocused(step === 1 ? 0 : pageSize - 1);
      return true;
    },
    onToggle: selection.toggle,
    onDetails: (index) => {
      const item = shown[index];
      if (item) details.toggle(item.id);
    },
    onExtend: selection.extend,
    onOpen: (index) => {
      const item = shown[index];
      if (item) navigate(`/cases/${item.id}`);
    },
    onBack: () => (selection.ids.size > 0 ? selection.clear() : window.history.back()),
    onNew: canChange ? () => setCreating(true) : undefined,
  });

  const focusedCase = focused === null ? null : (shown[focused] ?? null);
  const commandTarget = useMemo((): CasesCommandTarget | null => {
    if (!active) return null;
    return {
      kind: 'cases',
      ...listSelection(selection.ids, focusedCase, shown),
      canChange,
      refresh: list.reload,
    };
  }, [active, selection.ids, focusedCase, shown, canChange, list.reload]);
  useProvideCommandTarget(commandTarget);

  const selectLabel = useCallback((id: number) => t('list.selectRow', { id }), [t]);
  const people = useMemo(() => ['me', ...assignable(null)], [assignable]);
  const showUser = (email: string) => (email === 'me' ? t('filters.me') : displayUser(email));
  return (
    <div className="page-body cases-page">
      <header className="page-header cases-page__header">
        <div>
          <h1>{t('list.title')}</h1>
          <p className="muted">{t('list.subtitle')}</p>
        </div>
        {canChange ? (
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
        )}
      </header>
      <CaseFilters
        form={form}
        onChange={setForm}
        tagSuggestions={tags}
        userSuggestions={people}
        displayUser={showUser}
      />
      {selection.ids.size > 0 && (
        <SelectionBar
          label={t('list.selected', { count: selection.ids.size })}
          clearLabel={t('list.clearSelection')}
          onClear={selection.clear}
          hint={canChange ? t('list.selectionHint') : null}
        />
      )}
      {list.status !== 'error' && (list.status === 'loading' || list.cases.length > 0) && (
        <div className="slow-load-host">
          <CaseTable
            cases={shown}
            loading={list.status === 'loading'}
            sort={sort}
            onSort={paging.onSort}
            details={details}
            detailsOf={detailsOf}
            focusedIndex={focused}
            focusRequest={focusRequest}
            selected={selection.ids}
            customerName={customerName}
            displayUser={displayUser}
            onFocusRow={setFocused}
            onToggle={selection.toggle}
            selectLabel={selectLabel}
          />
          <SlowLoadNotice loading={list.status === 'loading'} />
        </div>
      )}
      {list.status === 'ready' && list.cases.length === 0 && (
        <p className="empty" role="status">
          {filtersActive(form) ? t('list.noMatches') : t('list.none')}
        </p>
      )}
      {list.status === 'error' && (
        <LoadError
          error={list.error}
          message={t('errors.load')}
          retryLabel={t('list.retry')}
          onRetry={list.reload}
        />
      )}
      {list.total !== null && list.total > 0 && list.status !== 'error' && (
        <TablePagination
          page={page}
          pageSize={pageSize}
          total={list.total}
          onPage={paging.onPage}
          onPageSize={paging.onPageSize}
        />
      )}
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
    </div>
  );
}
