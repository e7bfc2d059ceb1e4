import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/Icon.tsx';
import type { Paged } from './use-paged.ts';

/** Previous and next page of a list whose total is not known. */
export function PageButtons({ paged, label }: { paged: Paged<unknown>; label: string }) {
  const { t } = useTranslation('alerts');
  if (paged.page === 1 && !paged.hasNext) return null;
  return (
    <nav className="alert-detail__pages" aria-label={label}>
      <button
        type="button"
        className="icon-button"
        disabled={paged.page <= 1}
        onClick={() => paged.setPage(paged.page - 1)}
        aria-label={t('detail.previousPage')}
      >
        <Icon name="chevron-left" />
      </button>
      <span>{t('detail.page', { page: paged.page })}</span>
      <button
        type="button"
        className="icon-button"
        disabled={!paged.hasNext}
        onClick={() => paged.setPage(paged.page + 1)}
        aria-label={t('detail.nextPage')}
      >
        <Icon name="chevron-right" />
      </button>
    </nav>
  );
}
