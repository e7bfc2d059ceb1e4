import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type PageSize } from '../../../../../machines/table/table.context.ts';
import { pageCount } from '../../../../../machines/table/table.machine.ts';
import { Pager } from '../../../components/Pager.tsx';
import { pageNumbers, usePageWindow } from './use-page-window.ts';

export interface AlertsPaginationProps {
  page: number;
  pageSize: PageSize;
  total: number;
  onPage(page: number): void;
  onPageSize(size: PageSize): void;
}

/**
 * Page size (exactly 10, 25, 50 or 100) and the pages around the current one: 5 each side on
 * narrow screens, 7 above 1000 px, 10 above 1500 px (spec 1, section 9).
 */
export function AlertsPagination({ page, pageSize, total, onPage, onPageSize }: AlertsPaginationProps) {
  const { t } = useTranslation('alerts');
  const span = usePageWindow();
  const pages = pageCount(total, pageSize);
  return (
    <div className="alerts-pagination">
      <label className="alerts-filters__select">
        <span>{t('pagination.pageSize')}</span>
        <select
          className="select"
          value={String(pageSize)}
          onChange={(event) => onPageSize(Number(event.target.value) as PageSize)}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      {pages > 1 && (
        <nav className="alerts-pages" aria-label={t('pagination.pages')}>
          {pageNumbers(page, pages, span).map((n) => (
            <button
              key={n}
              type="button"
              className={`button button--small${n === page ? ' button--primary' : ' button--ghost'}`}
              aria-current={n === page ? 'page' : undefined}
              onClick={() => onPage(n)}
            >
              {n}
            </button>
          ))}
        </nav>
      )}
      <Pager page={page} pageSize={pageSize} total={total} onPage={onPage} />
    </div>
  );
}
