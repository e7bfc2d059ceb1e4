import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type PageSize, pageCount } from '../list/sort-paging.ts';
import { Pager } from '../Pager.tsx';
import { pageNumbers, usePageWindow } from './use-page-window.ts';

export interface TablePaginationProps {
  /** 1-based. */
  page: number;
  pageSize: PageSize;
  /** Rows across every page. */
  total: number;
  onPage(page: number): void;
  onPageSize(size: PageSize): void;
}

/**
 * Every list's paging (spec 1, section 9): the page size (exactly 10, 25, 50 or 100), the
 * numbered pages around the current one (5 each side on narrow screens, 7 above 1000 px, 10 above
 * 1500 px), and previous/next with the range shown.
 */
export function TablePagination({ page, pageSize, total, onPage, onPageSize }: TablePaginationProps) {
  const { t } = useTranslation('shell');
  const span = usePageWindow();
  const pages = pageCount(total, pageSize);
  return (
    <div className="table-pagination">
      <PageSizeSelect value={pageSize} onChange={onPageSize} label={t('table.rows')} />
      {pages > 1 && (
        <nav className="table-pagination__pages" aria-label={t('table.pages')}>
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

/** The page size: exactly 10, 25, 50 or 100 (spec 1, section 9). */
export function PageSizeSelect({
  value,
  onChange,
  label,
}: {
  value: PageSize;
  onChange(size: PageSize): void;
  label: string;
}) {
  return (
    <label className="table-pagination__size">
      <span>{label}</span>
      <select
        className="select"
        value={String(value)}
        onChange={(event) => onChange(Number(event.target.value) as PageSize)}
      >
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </label>
  );
}
