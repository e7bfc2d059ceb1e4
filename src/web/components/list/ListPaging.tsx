import { useTranslation } from 'react-i18next';
import { Icon } from '../Icon.tsx';
import { TablePagination } from '../table/TablePagination.tsx';
import type { ListPaging as Paging } from './list-types.ts';
import { PAGE_SIZES, type PageSize } from './sort-paging.ts';
import type { ListControls } from './use-list-controls.ts';

/**
 * A kit list's paging: numbered pages over a known total (components/table/TablePagination), or,
 * where the API pages by cursor, the page size with previous and next (the server says whether
 * there is a next page; its number is all that can be known of where one is).
 */
export function ListPaging({ paging, controls }: { paging: Paging; controls: ListControls }) {
  if (paging.kind === 'numbered') {
    return (
      <TablePagination
        page={controls.page}
        pageSize={controls.pageSize}
        total={paging.total}
        onPage={controls.setPage}
        onPageSize={controls.setPageSize}
      />
    );
  }
  return <KeysetPagination next={paging.next} controls={controls} />;
}

function KeysetPagination({ next, controls }: { next: string | null; controls: ListControls }) {
  const { t } = useTranslation('shell');
  const { page, pageSize, setPage, setPageSize, nextPage } = controls;
  return (
    <div className="table-pagination">
      <PageSizeSelect value={pageSize} onChange={setPageSize} label={t('table.rows')} />
      <nav className="pager" aria-label={t('pager.label')}>
        <span className="pager__range" aria-live="polite">
          {t('table.page', { page })}
        </span>
        <button
          type="button"
          className="icon-button"
          onClick={() => setPage(page - 1)}
          disabled={page <= 1}
          aria-label={t('pager.previous')}
        >
          <Icon name="chevron-left" />
        </button>
        <button
          type="button"
          className="icon-button"
          onClick={() => next && nextPage(next)}
          disabled={next === null}
          aria-label={t('pager.next')}
        >
          <Icon name="chevron-right" />
        </button>
      </nav>
    </div>
  );
}

function PageSizeSelect({
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
