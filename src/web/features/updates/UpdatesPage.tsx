import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.ts';
import { asLoaded, type Loaded } from '../../api/loaded.ts';
import type { ScreenProps } from '../../app/screen-props.ts';
import { Badge } from '../../components/Badge.tsx';
import { Icon } from '../../components/Icon.tsx';
import {
  type ListColumn,
  ListFilters,
  ListLink,
  ListScreen,
  useList,
  useListControls,
} from '../../components/list/index.ts';
import { TimeText, useFormatTimestamp } from '../../components/Timestamp.tsx';
import { useDebounced } from '../../components/use-debounced.ts';
import { useSession } from '../../session/use-session.ts';
import { useIsActivePage } from '../../shell/index.ts';
import { listUpdates, type PlatformUpdate, type UpdateSort } from './api.ts';
import { CategoryBadge } from './CategoryBadge.tsx';

const SEARCH_DELAY_MS = 300;
/** The server's sort of each column: the excerpt is the start of the text, so it sorts by the text. */
const SORT_OF: Record<string, UpdateSort> = {
  title: 'title',
  category: 'category',
  published: 'published',
  excerpt: 'body',
};
const idOf = (update: PlatformUpdate) => update.id;
const dataOf = (update: PlatformUpdate) => ({ 'update-id': String(update.id) });
const publishedAt = (update: PlatformUpdate) => update.published_at ?? update.created_at;
/**
 * The summary: the text's first paragraph line (headings repeat the title) without its Markdown
 * marks; the whole text is one click away.
 */
const excerptOf = (update: PlatformUpdate) =>
  (update.body.split('\n').find((line) => line.trim() !== '' && !line.trimStart().startsWith('#')) ?? '')
    .replace(/[#*_`>[\]]/g, '')
    .trim();

/**
 * A 401 or 403 on the updates is tolerated (spec 2, section 8): no updates, no error.
 */
function toleratingDenied<T>(load: Loaded<T>, none: T): Loaded<T> {
  const denied = load.error instanceof ApiError && (load.error.status === 401 || load.error.status === 403);
  return denied ? { ...load, status: 'ready', data: none, error: null } : load;
}

/**
 * /updates: the platform updates, newest first, searchable, sorted and paged by the server. Opening the
 * list stores updates_seen_at; updates published after the previous value are 'new'.
 */
export function UpdatesPage(_: ScreenProps) {
  const { t } = useTranslation('updates');
  const { t: common } = useTranslation();
  const session = useSession();
  const active = useIsActivePage();
  const ready = session.status === 'ready';
  const formatTime = useFormatTimestamp();
  const controls = useListControls();
  const [text, setText] = useState('');
  const query = useDebounced(text.trim(), SEARCH_DELAY_MS);
  const [seenBefore, setSeenBefore] = useState<string | undefined>(session.attributes.updates_seen_at);
  const latest = useRef(session);
  latest.current = session;

  // A new search starts at its first page.
  const { restart } = controls;
  // biome-ignore lint/correctness/useExhaustiveDependencies: restart when the search changes
  useEffect(() => restart(), [query, restart]);

  useEffect(() => {
    if (!active || !ready) return;
    const { attributes, saveSettings } = latest.current;
    setSeenBefore(attributes.updates_seen_at);
    saveSettings({ updates_seen_at: new Date().toISOString() }).catch((error: unknown) =>
      console.warn('Watchfloor: could not store updates_seen_at', error),
    );
  }, [active, ready]);

  const load = toleratingDenied(
    asLoaded(
      useQuery({
        ...listUpdates({
          offset: (controls.page - 1) * controls.pageSize,
          batch_size: controls.pageSize,
          query: query || undefined,
          // Unsorted is the server's own order: newest publication first.
          ...(controls.sort && { sort: SORT_OF[controls.sort.column], order: controls.sort.direction }),
        }),
        enabled: ready,
      }),
    ),
    { total: 0, updates: [] },
  );
  const rows = load.data?.updates ?? [];

  const columns = useMemo((): ListColumn<PlatformUpdate>[] => {
    const isNew = (update: PlatformUpdate) =>
      !seenBefore || Date.parse(publishedAt(update)) > Date.parse(seenBefore);
    return [
      {
        key: 'title',
        label: t('columns.title'),
        sortable: true,
        width: 'minmax(14rem, 2fr)',
        text: (u) => u.title,
        render: (u) => (
          <>
            <ListLink href={`/updates/${u.id}`}>{u.title}</ListLink>
            {isNew(u) && (
              <>
                {' '}
                <Badge tone="accent">{t('new')}</Badge>
              </>
            )}
          </>
        ),
      },
      {
        key: 'category',
        label: t('columns.category'),
        sortable: true,
        width: '10rem',
        text: (u) => u.category,
        render: (u) => <CategoryBadge category={u.category} />,
      },
      {
        key: 'published',
        label: t('columns.published'),
        sortable: true,
        width: 'minmax(11rem, 1fr)',
        text: (u) => formatTime(publishedAt(u)),
        render: (u) => <TimeText iso={publishedAt(u)} format={formatTime} />,
      },
      {
        key: 'excerpt',
        label: t('columns.excerpt'),
        sortable: true,
        width: 'minmax(14rem, 3fr)',
        text: excerptOf,
      },
    ];
  }, [t, formatTime, seenBefore]);
  const list = useList({ rows, rowId: idOf });

  return (
    <ListScreen
      className="updates-page"
      title={t('title')}
      count={load.status === 'ready' ? t('count', { count: load.data?.total ?? 0 }) : t('subtitle')}
      filters={
        <ListFilters legend={t('search')}>
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
        </ListFilters>
      }
      label={t('title')}
      columns={columns}
      rows={rows}
      rowData={dataOf}
      list={list}
      controls={controls}
      paging={{ kind: 'numbered', total: load.data?.total ?? 0 }}
      load={load}
      labels={{
        empty: query ? t('noMatches') : t('none'),
        loadFailed: `${t('invalidList')}. ${common('tryAgainLater')}`,
        retry: t('retry'),
        loading: t('loading'),
      }}
    />
  );
}
