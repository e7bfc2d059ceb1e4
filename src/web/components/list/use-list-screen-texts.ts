import type { FlatNamespace } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { LoadState } from '../../api/loaded.ts';

type LooseT = (key: string, options?: { count?: number }) => string;

/**
 * The header and state texts of a list screen whose namespace keeps the kit's keys: `title`,
 * `count` (plural, once loaded), `subtitle` (while loading), `list.label`, `list.empty`,
 * `errors.load`, `retry` and `loading`. Spread into `ListScreen`.
 */
export function useListScreenTexts(namespace: FlatNamespace, load: Pick<LoadState, 'status'>, total: number) {
  // The keys are the same in every such namespace; the typed `t` of one namespace cannot name them
  // for any namespace, and the locale test keeps each namespace's keys in all four languages.
  const t = useTranslation(namespace).t as unknown as LooseT;
  return {
    title: t('title'),
    count: load.status === 'ready' ? t('count', { count: total }) : t('subtitle'),
    label: t('list.label'),
    labels: {
      empty: t('list.empty'),
      loadFailed: t('errors.load'),
      retry: t('retry'),
      loading: t('loading'),
    },
  };
}
