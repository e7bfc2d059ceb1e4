import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { selectSubmitting, selectTermError } from '../../../../machines/search-job/selectors.ts';
import { asLoaded } from '../../api/loaded.ts';
import type { ScreenProps } from '../../app/screen-props.ts';
import { useProvideCommandTarget } from '../../commands/target.ts';
import { useIsActivePage, useReplacePageAddress, useSelectedCustomers } from '../../shell/index.ts';
import { getSearchHits, getSearchMap, listLogSources, type SavedSearch, type SearchFilter } from './api.ts';
import { ColumnsChooser } from './ColumnsChooser.tsx';
import { CoverageNote } from './CoverageNote.tsx';
import type { SearchCommandTarget } from './command-target.ts';
import { rangeOfWord } from './commands.ts';
import { ExportDialog } from './ExportDialog.tsx';
import { FieldSidebar } from './FieldSidebar.tsx';
import { FilterChips } from './FilterChips.tsx';
import { HitsChart } from './HitsChart.tsx';
import { QueryBar, SourceSelect, TimePicker } from './QueryControls.tsx';
import { ResultsTable } from './ResultsTable.tsx';
import { SaveAlertDialog } from './SaveAlertDialog.tsx';
import { SavedAndHistory } from './SavedPanel.tsx';
import { SaveSearchDialog } from './SaveSearchDialog.tsx';
import { SearchMap } from './SearchMap.tsx';
import { SearchStatus } from './SearchStatus.tsx';
import { StopAlertDialog } from './StopAlertDialog.tsx';
import {
  type Column,
  columnsOf,
  customSeconds,
  DEFAULT_COLUMNS,
  EMPTY_FORM,
  errorPosition,
  fieldsOf,
  formOf,
  requestOf,
  type SearchForm,
  withFilter,
} from './search-model.ts';
import { useMorePages } from './use-more-pages.ts';
import { SEARCH_POLL_MS, useSearchJob } from './use-search-job.ts';
import './search.css';

/** The form a link opens with: `?query=` (the omnibox's "search windows logs for") and `?source=`. */
function formFromLink(query: string): SearchForm {
  const params = new URLSearchParams(query);
  return { ...EMPTY_FORM, term: params.get('query') ?? '', source: params.get('source') };
}

/** Focus goes to a list's first entry, or to the list itself while it is empty. */
function focusList(list: HTMLElement | null): void {
  (list?.querySelector<HTMLElement>('button') ?? list)?.focus();
}

type Dialog = 'save' | 'edit' | 'alert' | 'stop-alert' | 'export';

/**
 * /search/{id?} (spec 2): pick a source, type a query in any of the three modes, pick a period,
 * and search. The search covers the customers the console is filtered to (every customer of the
 * user when none is selected) and says which it covered; changing the filter searches again.
 * The address follows the search shown: a new search replaces it with /search/{id}, so the
 * address can be shared or reopened; a search the server no longer has says so and offers to
 * run it again. The field sidebar's top values narrow it (Enter includes, Shift+Enter excludes).
 */
export function SearchPage({ params }: ScreenProps) {
  const { t } = useTranslation('search');
  const linkQuery = useSearch();
  const { selected: customerIds } = useSelectedCustomers();
  const [form, setForm] = useState<SearchForm>(() => formFromLink(linkQuery));
  const [columns, setColumns] = useState<Column[]>(DEFAULT_COLUMNS);
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [savedVersion, setSavedVersion] = useState(0);
  // The saved search last opened or saved: editing saves the search shown into it.
  const [openedSaved, setOpenedSaved] = useState<SavedSearch | null>(null);
  // …and shown unchanged: only then can it become an alert rule.
  const [unchanged, setUnchanged] = useState(false);
  const currentSaved = unchanged ? openedSaved : null;
  const [mapOpen, setMapOpen] = useState(false);
  const queryInput = useRef<HTMLInputElement>(null);
  const savedList = useRef<HTMLElement>(null);
  const historyList = useRef<HTMLElement>(null);
  const columnsBox = useRef<HTMLDetailsElement>(null);
  // A page kept hidden in the page cache stops polling its search (the server then abandons it).
  const active = useIsActivePage();
  const { snapshot, send } = useSearchJob(active ? SEARCH_POLL_MS : 0);
  const sources = useQuery(listLogSources());
  const { job, id, error } = snapshot.context;
  const replaceAddress = useReplacePageAddress();
  useEffect(() => {
    if (active && id && params.id !== id) replaceAddress(`/search/${id}`);
  }, [active, id, params.id, replaceAddress]);

  const submit = useCallback(
    (next: SearchForm, nextColumns: readonly Column[] = columns) => {
      setForm(next);
      setExpanded(new Set());
      send({ type: 'submit', request: requestOf(next, { columns: nextColumns, customerIds }) });
    },
    [send, columns, customerIds],
  );
  // A link with a query searches at once; a link to a search follows it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    if (params.id) send({ type: 'open', id: params.id });
    else if (form.term || form.source) submit(form);
    queryInput.current?.focus();
  }, []);
  // A change of the customer filter searches again over the customers now selected.
  const customerKey = customerIds.join();
  const searchedFor = useRef(customerKey);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the selection changes
  useEffect(() => {
    if (searchedFor.current === customerKey) return;
    searchedFor.current = customerKey;
    if (!snapshot.matches('Idle') && !snapshot.matches('Gone')) submit(form);
  }, [customerKey]);

  const done = snapshot.matches('Done');
  // The chart fills in while the search runs: the server counts the part scanned so far.
  const charted = id && job && (job.status === 'running' || job.status === 'done');
  const progress = charted ? `${job.status}/${job.progress}/${job.total}` : '';
  // The chart and map keep their last answer while the next part is counted.
  const hits = asLoaded(
    useQuery({
      ...getSearchHits(id ?? '', progress),
      enabled: Boolean(charted),
      placeholderData: keepPreviousData,
    }),
  );
  const map = asLoaded(
    useQuery({
      ...getSearchMap(id ?? '', progress),
      enabled: Boolean(charted && mapOpen),
      placeholderData: keepPreviousData,
    }),
  );
  const { events, loadMore } = useMorePages(id, job, done);

  const termError = selectTermError(snapshot);
  const runSearch = useCallback(
    (next: SearchForm) => {
      if (next.period.kind === 'custom' && customSeconds(next.period) === null) return;
      setUnchanged(false);
      submit(next);
    },
    [submit],
  );
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    runSearch(form);
  };
  const openColumns = useCallback(() => {
    const box = columnsBox.current;
    if (!box) return;
    box.open = true;
    box.querySelector<HTMLInputElement>('input')?.focus();
  }, []);
  const canExport = done && Boolean(id);
  const editable = openedSaved?.mine ? openedSaved : null;
  // The palette's search commands (features/logs/commands.ts) run the screen's own handlers.
  const commandTarget = useMemo(
    (): SearchCommandTarget => ({
      kind: 'search',
      actions: {
        'search.run': () => runSearch(form),
        'search.range': ([word]) => {
          const range = rangeOfWord(word ?? '');
          if (range) runSearch({ ...form, period: { kind: 'relative', range } });
        },
        'search.query': () => queryInput.current?.focus(),
        'search.saved': () => focusList(savedList.current),
        'search.history': () => focusList(historyList.current),
        'search.save': () => setDialog('save'),
        'search.edit': editable ? () => setDialog('edit') : undefined,
        'search.alert': currentSaved ? () => setDialog('alert') : undefined,
        'search.stop-alert': openedSaved ? () => setDialog('stop-alert') : undefined,
        'search.export': canExport ? () => setDialog('export') : undefined,
        'search.columns': openColumns,
      },
    }),
    [form, runSearch, currentSaved, openedSaved, editable, canExport, openColumns],
  );
  useProvideCommandTarget(active ? commandTarget : null);
  const narrow = (filters: SearchFilter[]) => {
    setUnchanged(false);
    submit({ ...form, filters });
  };
  const toggle = useCallback(
    (eventId: string) =>
      setExpanded((open) => {
        const next = new Set(open);
        if (!next.delete(eventId)) next.add(eventId);
        return next;
      }),
    [],
  );
  const openSaved = (saved: SavedSearch, then?: Dialog) => {
    setOpenedSaved(saved);
    setUnchanged(true);
    const savedColumns = columnsOf(saved.search) ?? columns;
    setColumns(savedColumns);
    submit(formOf(saved.search, saved.period), savedColumns);
    if (then) setDialog(then);
  };
  const closeDialog = () => setDialog(null);
  const onSaved = (saved: SavedSearch) => {
    setDialog(null);
    setOpenedSaved(saved);
    setUnchanged(true);
    setSavedVersion((v) => v + 1);
  };

  return (
    <div className="search-page page-body">
      <h1 className="sr-only">{t('title')}</h1>
      <form className="search-bar" onSubmit={onSubmit} aria-label={t('title')}>
        <SourceSelect
          sources={sources.data ?? []}
          value={form.source}
          onChange={(source) => setForm({ ...form, source })}
        />
        <QueryBar
          inputRef={queryInput}
          value={form.term}
          onChange={(term) => setForm({ ...form, term })}
          error={termError ? { reason: termError.reason, position: errorPosition(termError.reason) } : null}
        />
        <TimePicker value={form.period} onChange={(period) => setForm({ ...form, period })} />
        <div className="search-actions">
          <button type="submit" className="button button--primary" disabled={selectSubmitting(snapshot)}>
            {t('actions.search')}
          </button>
          <button
            type="button"
            className="button"
            disabled={!snapshot.can({ type: 'rerun' })}
            onClick={() => send({ type: 'rerun' })}
          >
            {t('actions.rerun')}
          </button>
          <button type="button" className="button" onClick={() => setDialog('save')}>
            {t('actions.save')}
          </button>
          {editable && (
            <button type="button" className="button" onClick={() => setDialog('edit')}>
              {t('actions.edit', { name: editable.name })}
            </button>
          )}
          <button
            type="button"
            className="button"
            disabled={!currentSaved}
            title={currentSaved ? undefined : t('actions.saveAlertHint')}
            onClick={() => setDialog('alert')}
          >
            {t('actions.saveAlert')}
          </button>
          <button type="button" className="button" disabled={!canExport} onClick={() => setDialog('export')}>
            {t('actions.export')}
          </button>
        </div>
      </form>
      <FilterChips filters={form.filters} onChange={narrow} />
      {(dialog === 'save' || (dialog === 'edit' && editable)) && (
        <SaveSearchDialog
          form={form}
          columns={columns}
          customerIds={customerIds}
          existing={dialog === 'edit' ? editable : null}
          onClose={closeDialog}
          onSaved={onSaved}
        />
      )}
      {dialog === 'alert' && currentSaved && <SaveAlertDialog saved={currentSaved} onClose={closeDialog} />}
      {dialog === 'stop-alert' && openedSaved && (
        <StopAlertDialog saved={openedSaved} onClose={closeDialog} />
      )}
      {dialog === 'export' && id && <ExportDialog searchId={id} columns={columns} onClose={closeDialog} />}
      <div className="search-summary">
        <SearchStatus
          snapshot={snapshot}
          error={termError ? null : error}
          onRunAgain={() => runSearch(form)}
        />
        {job?.customer_ids && (
          <CoverageNote customerIds={job.customer_ids} filtered={customerIds.length > 0} />
        )}
      </div>
      {hits.data && <HitsChart hits={hits.data} />}
      {charted && (
        <details className="search-map-box" open={mapOpen} onToggle={(e) => setMapOpen(e.currentTarget.open)}>
          <summary>{t('map.toggle')}</summary>
          {map.data && <SearchMap map={map.data} />}
          {map.status === 'error' && <p role="alert">{t('map.error')}</p>}
        </details>
      )}
      <div className="search-body">
        <FieldSidebar
          searchId={id}
          ready={done}
          fields={fieldsOf(events)}
          shown={events.length}
          onFilter={(filter) => narrow(withFilter(form.filters, filter))}
        />
        <div className="search-results">
          <ColumnsChooser columns={columns} onChange={setColumns} boxRef={columnsBox} />
          {events.length > 0 && (
            <ResultsTable
              events={events}
              columns={columns}
              expanded={expanded}
              onToggle={toggle}
              onNearEnd={loadMore}
            />
          )}
        </div>
      </div>
      <SavedAndHistory
        savedRef={savedList}
        historyRef={historyList}
        version={savedVersion + (done ? 1 : 0)}
        onOpenSaved={(saved) => openSaved(saved)}
        onEditSaved={(saved) => openSaved(saved, 'edit')}
        onOpenHistory={(entry) => {
          setOpenedSaved(null);
          setUnchanged(false);
          setForm({ ...form, term: entry.search_term, source: entry.source, filters: [] });
          send({ type: 'open', id: entry.id });
        }}
      />
    </div>
  );
}
