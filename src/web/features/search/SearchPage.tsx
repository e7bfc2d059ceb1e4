import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { selectSubmitting, selectTermError } from '../../../../machines/search-job/selectors.ts';
import type { ScreenProps } from '../../app/screen-props.ts';
import { type SearchCommandTarget, useProvideCommandTarget } from '../../commands/target.ts';
import { useLoad } from '../../components/use-load.ts';
import { useIsActivePage, useReplacePageAddress } from '../../shell/index.ts';
import {
  getHits,
  getSearch,
  type LogEvent,
  listSources,
  type SavedSearch,
  type SearchFilter,
} from './api.ts';
import { rangeOfWord } from './commands.ts';
import { ExportDialog } from './ExportDialog.tsx';
import { FieldSidebar } from './FieldSidebar.tsx';
import { HitsChart } from './HitsChart.tsx';
import { QueryBar, SourceSelect, TimePicker } from './QueryControls.tsx';
import { ResultsTable } from './ResultsTable.tsx';
import { SaveAlertDialog } from './SaveAlertDialog.tsx';
import { SavedAndHistory, SaveSearchForm } from './SavedPanel.tsx';
import { SearchStatus } from './SearchStatus.tsx';
import {
  COLUMNS,
  type Column,
  DEFAULT_COLUMNS,
  EMPTY_FORM,
  errorPosition,
  fieldsOf,
  formOf,
  requestOf,
  type SearchForm,
  withFilter,
} from './search-model.ts';
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

/**
 * /search/{id?} (spec 2; issue 11): pick a source, type a query in any of the three modes, pick a
 * period, and search. The address follows the search shown: a new search replaces it with
 * /search/{id} (no history entry per search, and the page cache keeps this page under the new
 * address), so the address can be shared or reopened; opening it restores that search. The
 * search runs on the server; its first results show while it counts. The field sidebar's top
 * values narrow it (Enter includes, Shift+Enter excludes).
 */
export function SearchPage({ params }: ScreenProps) {
  const { t } = useTranslation('search');
  const linkQuery = useSearch();
  const [form, setForm] = useState<SearchForm>(() => formFromLink(linkQuery));
  const [columns, setColumns] = useState<Column[]>(DEFAULT_COLUMNS);
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [saving, setSaving] = useState(false);
  const [savedVersion, setSavedVersion] = useState(0);
  // The saved search the screen shows unchanged (just saved or opened): it can become an alert rule.
  const [currentSaved, setCurrentSaved] = useState<SavedSearch | null>(null);
  const [alerting, setAlerting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [more, setMore] = useState<{
    id: string;
    events: LogEvent[];
    after: string | null;
    loading: boolean;
  }>();
  const queryInput = useRef<HTMLInputElement>(null);
  const savedList = useRef<HTMLElement>(null);
  const historyList = useRef<HTMLElement>(null);
  const columnsBox = useRef<HTMLDetailsElement>(null);
  // A page kept hidden in the page cache stops polling its search (the server then abandons it).
  const active = useIsActivePage();
  const { snapshot, send } = useSearchJob(active ? SEARCH_POLL_MS : 0);
  const sources = useLoad('sources', listSources);
  const { job, id, error } = snapshot.context;
  const replaceAddress = useReplacePageAddress();
  useEffect(() => {
    if (active && id && params.id !== id) replaceAddress(`/search/${id}`);
  }, [active, id, params.id, replaceAddress]);

  const submit = useCallback(
    (next: SearchForm) => {
      setForm(next);
      setExpanded(new Set());
      send({ type: 'submit', request: requestOf(next) });
    },
    [send],
  );
  // A link with a query searches at once; a link to a search follows it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    if (params.id) send({ type: 'open', id: params.id });
    else if (form.term || form.source) submit(form);
    queryInput.current?.focus();
  }, []);

  const done = snapshot.matches('Done');
  // The chart fills in while the search runs: the server counts the part scanned so far.
  const charted = id && job && (job.status === 'running' || job.status === 'done');
  const hits = useLoad(charted ? `${id}/${job.status}/${job.progress}/${job.total}` : null, () =>
    getHits(id!),
  );
  const firstPage = (job?.results ?? []) as LogEvent[];
  const events = useMemo(
    () => (more && more.id === id ? [...firstPage, ...more.events] : firstPage),
    [firstPage, more, id],
  );
  const nextAfter = more && more.id === id ? more.after : (job?.search_after ?? null);
  const loadMore = useCallback(() => {
    if (!done || !id || !nextAfter || more?.loading) return;
    setMore((m) => ({ id, events: m?.id === id ? m.events : [], after: nextAfter, loading: true }));
    getSearch(id, nextAfter).then(
      (page) =>
        setMore((m) => ({
          id,
          events: [...(m?.id === id ? m.events : []), ...(page.results as LogEvent[])],
          after: page.search_after,
          loading: false,
        })),
      () => setMore((m) => (m ? { ...m, loading: false } : m)),
    );
  }, [done, id, nextAfter, more?.loading]);

  const termError = selectTermError(snapshot);
  const runSearch = useCallback(
    (next: SearchForm) => {
      setCurrentSaved(null);
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
  // The palette's search commands (features/search/commands.ts) run the screen's own handlers.
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
        'search.save': () => setSaving(true),
        'search.alert': currentSaved ? () => setAlerting(true) : undefined,
        'search.export': canExport ? () => setExporting(true) : undefined,
        'search.columns': openColumns,
      },
    }),
    [form, runSearch, currentSaved, canExport, openColumns],
  );
  useProvideCommandTarget(active ? commandTarget : null);
  const addFilter = (filter: SearchFilter) => {
    setCurrentSaved(null);
    submit({ ...form, filters: withFilter(form.filters, filter) });
  };
  const removeFilter = (index: number) => {
    setCurrentSaved(null);
    submit({ ...form, filters: form.filters.filter((_, i) => i !== index) });
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
  const openSaved = (saved: SavedSearch) => {
    setCurrentSaved(saved);
    submit(formOf(saved.search, saved.period));
  };

  return (
    <div className="search-page">
      <h1 className="sr-only">{t('title')}</h1>
      <form className="search-form" onSubmit={onSubmit} aria-label={t('title')}>
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
          <button type="button" className="button" onClick={() => setSaving(true)}>
            {t('actions.save')}
          </button>
          <button
            type="button"
            className="button"
            disabled={!currentSaved}
            title={currentSaved ? undefined : t('actions.saveAlertHint')}
            onClick={() => setAlerting(true)}
          >
            {t('actions.saveAlert')}
          </button>
          <button type="button" className="button" disabled={!canExport} onClick={() => setExporting(true)}>
            {t('actions.export')}
          </button>
        </div>
      </form>
      {form.filters.length > 0 && (
        <ul className="search-filters" aria-label={t('filters.label')}>
          {form.filters.map((f, i) => (
            <li key={`${f.field}${f.operator}${String(f.value)}`}>
              <span>
                {t(f.operator === '!=' ? 'filters.exclude' : 'filters.include', {
                  field: f.field,
                  value: String(f.value ?? ''),
                })}
              </span>
              <button
                type="button"
                className="button button--small"
                aria-label={t('filters.remove', { field: f.field, value: String(f.value ?? '') })}
                onClick={() => removeFilter(i)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {saving && (
        <SaveSearchForm
          form={form}
          onCancel={() => setSaving(false)}
          onSaved={(saved) => {
            setSaving(false);
            setCurrentSaved(saved);
            setSavedVersion((v) => v + 1);
          }}
        />
      )}
      {alerting && currentSaved && (
        <SaveAlertDialog saved={currentSaved} onClose={() => setAlerting(false)} />
      )}
      {exporting && id && (
        <ExportDialog searchId={id} columns={columns} onClose={() => setExporting(false)} />
      )}
      <SearchStatus snapshot={snapshot} error={termError ? null : error} />
      {hits.data && <HitsChart hits={hits.data} />}
      <div className="search-body">
        <FieldSidebar searchId={id} ready={done} fields={fieldsOf(events)} onFilter={addFilter} />
        <div className="search-results">
          <details className="search-columns" ref={columnsBox}>
            <summary>{t('columns.configure')}</summary>
            <fieldset>
              <legend className="sr-only">{t('columns.configure')}</legend>
              {COLUMNS.map((column) => (
                <label key={column}>
                  <input
                    type="checkbox"
                    checked={columns.includes(column)}
                    onChange={(e) =>
                      setColumns(
                        e.target.checked
                          ? COLUMNS.filter((c) => c === column || columns.includes(c))
                          : columns.filter((c) => c !== column),
                      )
                    }
                  />{' '}
                  {t(`columns.${column}`)}
                </label>
              ))}
            </fieldset>
          </details>
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
        onOpenSaved={openSaved}
        onOpenHistory={(entry) => {
          setCurrentSaved(null);
          setForm({ ...form, term: entry.search_term, source: entry.source, filters: [] });
          send({ type: 'open', id: entry.id });
        }}
      />
    </div>
  );
}
