import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoad } from '../../components/use-load.ts';
import { useShellData } from '../../shell/index.ts';
import {
  createSaved,
  deleteHistoryEntry,
  deleteSaved,
  type HistoryEntry,
  listHistory,
  listSaved,
  type SavedSearch,
} from './api.ts';
import { requestOf, type SearchForm } from './search-model.ts';

type Scope = 'private' | 'customer' | 'global';

/** Saves the current search as private, for one customer, or global (staff only; the server checks). */
export function SaveSearchForm(props: {
  form: SearchForm;
  onSaved(saved: SavedSearch): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('search');
  const { customers } = useShellData();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<Scope>('private');
  const [customerId, setCustomerId] = useState(customers[0]?.customer_id ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const request = requestOf(props.form);
      const saved = await createSaved({
        name: name.trim(),
        scope,
        customer_id: scope === 'customer' ? customerId : null,
        search: request.search as Record<string, unknown>,
        period: (request.period ?? null) as Record<string, unknown> | null,
      });
      props.onSaved(saved);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="search-save" onSubmit={submit} aria-label={t('saved.saveTitle')}>
      <h2>{t('saved.saveTitle')}</h2>
      <label className="search-control">
        <span>{t('saved.name')}</span>
        <input autoFocus required maxLength={200} value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label className="search-control">
        <span>{t('saved.scope')}</span>
        <select value={scope} onChange={(e) => setScope(e.target.value as Scope)}>
          <option value="private">{t('saved.scopes.private')}</option>
          <option value="customer">{t('saved.scopes.customer')}</option>
          <option value="global">{t('saved.scopes.global')}</option>
        </select>
      </label>
      {scope === 'customer' && (
        <label className="search-control">
          <span>{t('saved.customer')}</span>
          <select value={customerId} onChange={(e) => setCustomerId(e.target.value)}>
            {customers.map((c) => (
              <option key={c.customer_id} value={c.customer_id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {error && (
        <p role="alert" className="search-error">
          {t('saved.saveFailed')} {error}
        </p>
      )}
      <div className="search-actions">
        <button type="submit" className="button button--primary" disabled={busy || !name.trim()}>
          {t('saved.save')}
        </button>
        <button type="button" className="button" onClick={props.onCancel}>
          {t('saved.cancel')}
        </button>
      </div>
    </form>
  );
}

/** Saved searches the user may see, and their own history with deletion. */
export function SavedAndHistory(props: {
  version: number;
  onOpenSaved(saved: SavedSearch): void;
  onOpenHistory(entry: HistoryEntry): void;
  /** The two lists, for the palette's `>saved` and `>history` (focusable for an empty list). */
  savedRef?: React.RefObject<HTMLElement | null>;
  historyRef?: React.RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation('search');
  const [changes, setChanges] = useState(0);
  const key = `${props.version}/${changes}`;
  // A saved-search load failure shows an empty list (spec 2, section 8).
  const saved = useLoad(key, () => listSaved().catch(() => [] as SavedSearch[]));
  const history = useLoad(key, listHistory);
  const remove = async (work: Promise<void>) => {
    await work.catch(() => undefined);
    setChanges((n) => n + 1);
  };
  return (
    <div className="search-lists">
      <section aria-labelledby="search-saved-title" ref={props.savedRef} tabIndex={-1}>
        <h2 id="search-saved-title">{t('saved.title')}</h2>
        {saved.data?.length === 0 && <p>{t('saved.empty')}</p>}
        <ul>
          {saved.data?.map((s) => (
            <li key={s.id}>
              <button type="button" className="link-button" onClick={() => props.onOpenSaved(s)}>
                {s.name}
              </button>{' '}
              <span className="search-scope">{t(`saved.scopes.${s.scope}`)}</span>
              {s.mine && (
                <button
                  type="button"
                  className="button button--small"
                  aria-label={t('saved.delete', { name: s.name })}
                  onClick={() => void remove(deleteSaved(s.id))}
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="search-history-title" ref={props.historyRef} tabIndex={-1}>
        <h2 id="search-history-title">{t('history.title')}</h2>
        {history.status === 'error' && <p role="alert">{t('history.error')}</p>}
        {history.data?.length === 0 && <p>{t('history.empty')}</p>}
        <ul>
          {history.data?.map((h) => (
            <li key={h.id}>
              <button type="button" className="link-button" onClick={() => props.onOpenHistory(h)}>
                {h.search_term || t('history.everything')}
              </button>{' '}
              <span className="search-scope">{t(`status.${h.status}_state`)}</span>
              <button
                type="button"
                className="button button--small"
                aria-label={t('history.delete', { term: h.search_term || t('history.everything') })}
                onClick={() => void remove(deleteHistoryEntry(h.id))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
