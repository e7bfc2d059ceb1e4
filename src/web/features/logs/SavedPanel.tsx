import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { askedAgainWith, useInvalidatePaths } from '../../api/query.ts';
import {
  deleteSavedSearch,
  deleteSearchHistoryEntry,
  type HistoryEntry,
  listSavedSearches,
  listSearchHistory,
  type SavedSearch,
  SEARCH_AREA,
} from './api.ts';

/** Saved searches the user may see, and their own history with deletion. */
export function SavedAndHistory(props: {
  version: number;
  onOpenSaved(saved: SavedSearch): void;
  /** Opens the saved search and its edit dialog (own searches only). */
  onEditSaved(saved: SavedSearch): void;
  onOpenHistory(entry: HistoryEntry): void;
  /** The two lists, for the palette's `>saved` and `>history` (focusable for an empty list). */
  savedRef?: React.RefObject<HTMLElement | null>;
  historyRef?: React.RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation('search');
  const invalidate = useInvalidatePaths();
  // The page bumps `version` after a save and when a search ends (a new history entry); a version
  // seen before asks again too (staleTime 0), as the lists may have changed since.
  const savedQuery = useQuery({ ...askedAgainWith(listSavedSearches(), props.version), staleTime: 0 });
  // A saved-search load failure shows an empty list (spec 2, section 8).
  const saved = { data: savedQuery.isError ? ([] as SavedSearch[]) : savedQuery.data };
  const history = useQuery({ ...askedAgainWith(listSearchHistory(), props.version), staleTime: 0 });
  const remove = async (work: Promise<void>) => {
    await work.catch(() => undefined);
    await invalidate(`${SEARCH_AREA}saved/`, `${SEARCH_AREA}history/`);
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
                  aria-label={t('saved.edit', { name: s.name })}
                  onClick={() => props.onEditSaved(s)}
                >
                  {t('saved.editShort')}
                </button>
              )}
              {s.mine && (
                <button
                  type="button"
                  className="button button--small"
                  aria-label={t('saved.delete', { name: s.name })}
                  onClick={() => void remove(deleteSavedSearch(s.id))}
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
                onClick={() => void remove(deleteSearchHistoryEntry(h.id))}
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
