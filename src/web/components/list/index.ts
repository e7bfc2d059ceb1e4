/** The list kit: every list screen built from these pieces, with one look (list.css). */
export { FilterChip, ListFilters } from './ListFilters.tsx';
export { ListGrid, ROW_HEIGHT } from './ListGrid.tsx';
export { ListHeader } from './ListHeader.tsx';
export { ListLink, ListNameButton } from './ListLinks.tsx';
export { ListLoadProgress } from './ListLoadProgress.tsx';
export { ListPaging } from './ListPaging.tsx';
export { PLACEHOLDER_ROWS } from './ListPlaceholders.tsx';
export { ListScreen } from './ListScreen.tsx';
export type { ListColumn, ListPaging as Paging, ListRowDetail, RowId } from './list-types.ts';
export {
  DEFAULT_PAGE_SIZE,
  nextSort,
  PAGE_SIZES,
  type PageSize,
  pageCount,
  type SortState,
} from './sort-paging.ts';
export {
  type CustomersOf,
  narrowByCustomers,
  sortRows,
  useClientRows,
  usePageRows,
} from './use-client-rows.ts';
export { useHiddenColumns } from './use-hidden-columns.ts';
export { type KeptSelection, type ListSelection, type ListState, useList } from './use-list.ts';
export { type ListControls, turnPage, useKeepPageInReach, useListControls } from './use-list-controls.ts';
export { useListScreenTexts } from './use-list-screen-texts.ts';
