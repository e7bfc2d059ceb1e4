import { useTranslation } from 'react-i18next';
import { Icon } from './Icon.tsx';
import type { Paged } from './use-paged.ts';

/** Previous and next page of a list whose total is not known (detections, comments, activity). */
export function PageButtons({ paged, label }: { paged: Paged<unknown>; label: string }) {
  const { t } = useTranslation('shell');
  if (paged.page === 1 && !paged.hasNext) return null;
  return (
    <nav className="page-buttons" aria-label={label}>
      <button
        type="button"
        className="icon-button"
        disabled={paged.page <= 1}
        onClick={() => paged.setPage(paged.page - 1)}
        aria-label={t('pager.previous')}
      >
        <Icon name="chevron-left" />
      </button>
      <span>{t('pager.page', { page: paged.page })}</span>
      <button
        type="button"
        className="icon-button"
        disabled={!paged.hasNext}
        onClick={() => paged.setPage(paged.page + 1)}
        aria-label={t('pager.next')}
      >
        <Icon name="chevron-right" />
      </button>
    </nav>
  );
}
