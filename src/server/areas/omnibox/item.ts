import type { SQL } from 'drizzle-orm';
import type { components } from '../../../api/schema.d.ts';
import type { SearchTerms } from './terms.ts';

export type OmniboxItem = components['schemas']['OmniboxItem'];

/** Suggestions per category: enough to choose from, few enough to scan. */
export const PER_CATEGORY = 5;

/**
 * The row every category selects, so that all of them run as one statement (one plan, one round
 * trip). Categories sort by rank (rank.ts), then by sort_name, or newest sort_time first, then
 * newest sort_id first: a category leaves the keys it does not use null.
 */
export interface FoundRow {
  key: string;
  name: string;
  detail: string | null;
  status: string | null;
  priority: string | null;
}

/** SELECT list, in order, of every category's query: key, name, detail, status, priority, rank and sort keys. */
export const FOUND_COLUMNS = 'key, name, detail, status, priority, rank, sort_name, sort_time, sort_id';

/** One category of the omnibox. */
export interface Category {
  /**
   * Its best PER_CATEGORY matches among the given customers, selecting FOUND_COLUMNS (typed text,
   * text, text, text, text, integer, text, timestamptz, bigint).
   */
  query(customerIds: readonly string[], terms: SearchTerms): SQL;
  present(row: FoundRow): OmniboxItem;
}
