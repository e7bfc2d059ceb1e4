import { useTranslation } from 'react-i18next';
import { Icon } from './Icon.tsx';

export interface PagerProps {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  onPage(page: number): void;
}

/** Previous and next page with the range shown ("11–20 of 42"). */
export function Pager({ page, pageSize, total, onPage }: PagerProps) {
  const { t } = useTranslation('shell');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      <span className="pager__range" aria-live="polite">
        {t('pager.range', { first, last, total })}
      </span>
      <button
        type="button"
        className="icon-button"
        onClick={() => onPage(page - 1)}
        disabled={page <= 1}
        aria-label={t('pager.previous')}
      >
        <Icon name="chevron-left" />
      </button>
      <button
        type="button"
        className="icon-button"
        onClick={() => onPage(page + 1)}
        disabled={page >= pages}
        aria-label={t('pager.next')}
      >
        <Icon name="chevron-right" />
      </button>
    </nav>
  );
}
