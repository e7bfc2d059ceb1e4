import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../../app/screen-props.ts';
import { Icon } from '../../components/Icon.tsx';
import { Pager } from '../../components/Pager.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { useSession } from '../../session/use-session.ts';
import { useIsActivePage } from '../../shell/navigation/active-page.ts';
import { UpdateRow } from './UpdateRow.tsx';
import { useUpdatesPage } from './use-updates-page.ts';

const SEARCH_DELAY_MS = 300;

/**
 * /updates: the platform updates, newest first, searchable and paged by the user's default page
 * size. Opening the list stores updates_seen_at; updates newer than the previous value are 'new'.
 */
export function UpdatesPage(_: ScreenProps) {
  const { t } = useTranslation('updates');
  const { t: common } = useTranslation();
  const session = useSession();
  const active = useIsActivePage();
  const ready = session.status === 'ready';
  const pageSize = session.attributes.default_page_size ?? 10;
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [seenBefore, setSeenBefore] = useState<string | undefined>(session.attributes.updates_seen_at);
  const latest = useRef(session);
  latest.current = session;

  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(text.trim());
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  useEffect(() => {
    if (!active || !ready) return;
    const { attributes, saveSettings } = latest.current;
    setSeenBefore(attributes.updates_seen_at);
    saveSettings({ updates_seen_at: new Date().toISOString() }).catch((error: unknown) =>
      console.warn('Watchfloor: could not store updates_seen_at', error),
    );
  }, [active, ready]);

  const state = useUpdatesPage(query, page, pageSize, ready);
  const isNew = (createdAt: string) => !seenBefore || Date.parse(createdAt) > Date.parse(seenBefore);

  return (
    <div className="page-body page-body--narrow">
      <header className="page-header">
        <h1>{t('title')}</h1>
        <p className="muted">{t('subtitle')}</p>
      </header>
      <div className="toolbar">
        <label className="search-field">
          <Icon name="search" />
          <span className="sr-only">{t('search')}</span>
          <input
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('search')}
          />
        </label>
        {state.status === 'ready' && (
          <Pager page={page} pageSize={pageSize} total={state.total} onPage={setPage} />
        )}
      </div>
      {state.status === 'loading' && (
        <div className="page-loading page-loading--inline">
          <Spinner size="large" />
        </div>
      )}
      {state.status === 'error' && (
        <p className="notice notice--danger" role="alert">
          {t('invalidList')}. {common('tryAgainLater')}
        </p>
      )}
      {state.status === 'ready' && state.updates.length === 0 && (
        <p className="empty">{query ? t('noMatches') : t('none')}</p>
      )}
      {state.status === 'ready' && state.updates.length > 0 && (
        <ul className="update-list">
          {state.updates.map((update) => (
            <UpdateRow
              key={update.id}
              update={update}
              isNew={isNew(update.published_at ?? update.created_at)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
