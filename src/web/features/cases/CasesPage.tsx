import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { ScreenProps } from '../../app/screen-props.ts';
import { Icon } from '../../components/Icon.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { useIsActivePage, useSelectedCustomers, useToasts } from '../../shell/index.ts';
import { useSession } from '../../shell/session-bridge.ts';
import { CaseFilters } from './CaseFilters.tsx';
import { CaseTable } from './CaseTable.tsx';
import { CreateCaseDialog } from './CreateCaseDialog.tsx';
import { EMPTY_FILTERS, type FilterForm, filtersActive, toCaseFilter } from './case-filters.ts';
import './case-list.css';
import { useCanChange } from './use-can-change.ts';
import { useCaseList } from './use-case-list.ts';
import { useCaseTags } from './use-case-tags.ts';
import { useDebounced } from './use-debounced.ts';
import { useListKeys } from './use-list-keys.ts';
import { usePeople } from './use-people.ts';

/** Typing pauses this long before the list asks again. */
const QUERY_DELAY_MS = 300;

/**
 * /cases (spec 2, sections 2 "Cases", 8 and 9): cases of the shell's selected customers with
 * query, tags, assignees, risk range and status filters, newest change first, a page at a time.
 * Keys: j/k move, Enter opens, n creates; `/` stays the omnibox's.
 */
export function CasesPage(_: ScreenProps) {
  const { t } = useTranslation('cases');
  const { t: common } = useTranslation();
  const session = useSession();
  const active = useIsActivePage();
  const { notify } = useToasts();
  const [, navigate] = useLocation();
  const { selected } = useSelectedCustomers();
  const { displayUser, customerName, assignable } = usePeople();
  const [form, setForm] = useState<FilterForm>(EMPTY_FILTERS);
  const [cursor, setCursor] = useState(0);
  const [creating, setCreating] = useState(false);
  const tableRef = useRef<HTMLDivElement>(null);
  const query = useDebounced(form.query, QUERY_DELAY_MS);
  const ready = session.status === 'ready';
  const batchSize = session.attributes.default_page_size ?? 10;
  const canChange = useCanChange();

  const filter = useMemo(
    () => (ready ? toCaseFilter(form, query, selected) : null),
    [ready, form, query, selected],
  );
  const list = useCaseList(filter, batchSize, () =>
    // Spec 2, section 8: 'Unable to load cases' + 'Please try again later.'
    notify({ severity: 'danger', title: t('errors.load'), message: common('tryAgainLater') }),
  );
  const tags = useCaseTags(selected, ready && active);

  // A cached page shown again may be stale: the list asks again.
  const wasActive = useRef(active);
  useEffect(() => {
    if (active && !wasActive.current) list.reload();
    wasActive.current = active;
  }, [active, list.reload]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter starts at the top
  useEffect(() => setCursor(0), [filter]);

  const focusRow = (index: number) => {
    setCursor(index);
    tableRef.current?.querySelector<HTMLElement>(`[data-row-index="${index}"] a`)?.focus();
  };
  useListKeys({
    enabled: active && !creating,
    count: list.cases.length,
    cursor,
    onMove: focusRow,
    onOpen: (index) => {
      const item = list.cases[index];
      if (item) navigate(`/cases/${item.id}`);
    },
    onNew: canChange ? () => setCreating(true) : undefined,
  });

  const people = useMemo(() => ['me', ...assignable(null)], [assignable]);
  const showUser = (email: string) => (email === 'me' ? t('filters.me') : displayUser(email));
  return (
    <div className="page-body cases-page">
      <header className="page-header cases-page__header">
        <div>
          <h1>{t('list.title')}</h1>
          <p className="muted">{t('list.subtitle')}</p>
        </div>
        {canChange && (
          <button
            type="button"
            className="button button--primary"
            onClick={() => setCreating(true)}
            aria-label={t('list.new')}
            aria-keyshortcuts="n"
          >
            <Icon name="cases" />
            {t('list.new')}
            <kbd className="kbd">n</kbd>
          </button>
        )}
      </header>
      <CaseFilters
        form={form}
        onChange={setForm}
        tagSuggestions={tags}
        userSuggestions={people}
        displayUser={showUser}
      />
      <div ref={tableRef}>
        {list.status !== 'error' && (list.status === 'loading' || list.cases.length > 0) && (
          <CaseTable
            cases={list.cases}
            loading={list.status === 'loading'}
            cursor={cursor}
            customerName={customerName}
            displayUser={displayUser}
            onFocusRow={setCursor}
          />
        )}
      </div>
      {list.status === 'ready' && list.cases.length === 0 && (
        <p className="empty" role="status">
          {filtersActive(form) ? t('list.noMatches') : t('list.none')}
        </p>
      )}
      {list.status === 'error' && (
        <div className="empty" role="status">
          <p>{t('errors.load')}</p>
          <button type="button" className="button" onClick={list.reload}>
            {t('list.retry')}
          </button>
        </div>
      )}
      {list.status === 'ready' && list.hasMore && (
        <div className="cases-page__more">
          <button type="button" className="button" onClick={list.loadMore} disabled={list.loadingMore}>
            {list.loadingMore ? <Spinner label={null} /> : null}
            {t('list.loadMore')}
          </button>
        </div>
      )}
      <p className="muted cases-page__keys">{t('list.keys')}</p>
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
