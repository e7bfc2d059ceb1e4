import type { TFunction } from 'i18next';

type Section = 'audit' | 'jobs' | 'outbox';

/** The loading, empty, failed and retry texts of one admin tab's list (LoadedContent's labels). */
export const loadLabels = (t: TFunction<'admin'>, section: Section) => ({
  empty: t(`${section}.empty`),
  loadFailed: t(`${section}.error`),
  retry: t('retry'),
  loading: t(`${section}.loading`),
});
