import { useTranslation } from 'react-i18next';
import { PagerNav } from '../Pager.tsx';
import { PageSizeSelect, TablePagination } from '../table/TablePagination.tsx';
import type { ListPaging as Paging } from './list-types.ts';
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
      <PagerNav
        range={t('table.page', { page })}
        onPrevious={page > 1 ? () => setPage(page - 1) : null}
        onNext={next === null ? null : () => nextPage(next)}
      />
    </div>
  );
}
