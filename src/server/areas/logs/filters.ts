import { type SQL, sql } from 'drizzle-orm';
import { escapeLike } from '../../db/sql-helpers.ts';
import { badRequest } from '../../errors.ts';
import { compare, equals, fieldRef } from './fields.ts';
import { and, not } from './query.ts';

/** The spec's filter operators (spec 2, section 3 "Search request"). */
export const FILTER_OPERATORS = [
  '=',
  '!=',
  'in',
  'not_in',
  'contains',
  'not_contains',
  'exists',
  'not_exists',
  '>',
  '<',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export interface SearchFilter {
  field: string;
  operator: FilterOperator;
  /** One value for =, !=, contains, not_contains, > and <; a list for in and not_in; none for exists. */
  value?: string | number | (string | number)[];
}

/** Every filter must hold (include filters and exclude ones, by their operator). */
export function compileFilters(filters: readonly SearchFilter[]): SQL {
  if (filters.length === 0) return sql`true`;
  return and(filters.map((filter, index) => compileFilter(filter, `search.filters[${index}]`)));
}

function compileFilter(filter: SearchFilter, where: string): SQL {
  const ref = fieldRef(filter.field, `${where}.field`);
  const single = () => {
    if (filter.value === undefined || Array.isArray(filter.value))
      throw badRequest(`${where}.value`, `needs one value for ${filter.operator}`);
    return String(filter.value);
  };
  const list = () => {
    if (!Array.isArray(filter.value) || filter.value.length === 0)
      throw badRequest(`${where}.value`, `needs a list of values for ${filter.operator}`);
    return filter.value.map(String);
  };
  switch (filter.operator) {
    case '=':
      return equals(ref, single(), `${where}.value`);
    case '!=':
      return not(equals(ref, single(), `${where}.value`));
    case 'in':
      return sql`(${sql.join(
        list().map((v) => equals(ref, v, `${where}.value`)),
        sql` or `,
      )})`;
    case 'not_in':
      return not(
        sql`(${sql.join(
          list().map((v) => equals(ref, v, `${where}.value`)),
          sql` or `,
        )})`,
      );
    case 'contains':
      return sql`${ref.text} ilike ${`%${escapeLike(single())}%`}`;
    case 'not_contains':
      return not(sql`${ref.text} ilike ${`%${escapeLike(single())}%`}`);
    case 'exists':
      return sql`${ref.text} is not null`;
    case 'not_exists':
      return sql`${ref.text} is null`;
    case '>':
    case '<':
      return compare(ref, filter.operator, single(), `${where}.value`);
  }
}
