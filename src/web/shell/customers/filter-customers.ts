import { TRUNCATE, truncate } from '../../../common/format.ts';

/** Customers whose name contains the query, ignoring case (spec 1, section 5). */
export function filterCustomers<T extends { name: string }>(customers: readonly T[], query: string): T[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...customers];
  return customers.filter((c) => c.name.toLocaleLowerCase().includes(needle));
}

/** A customer name as the filter shows it: at most 28 characters (spec 1, section 9). */
export const customerLabel = (name: string) => truncate(name, TRUNCATE.customerName);
