import { sql } from 'drizzle-orm';
import { customers } from '../../db/schema/index.ts';
import { inIds } from '../../db/sql-helpers.ts';
import { type Category, PER_CATEGORY } from './item.ts';
import { like, rank } from './rank.ts';

/** Customers by name, ranked, then by name. */
export const customersCategory: Category = {
  query(customerIds, terms) {
    const order = rank([customers.name], terms);
    return sql`select ${customers.customerId}::text as key, ${customers.name} as name, null::text as detail,
        null::text as status, null::text as priority, ${order} as rank,
        ${customers.name} as sort_name, null::timestamptz as sort_time, null::bigint as sort_id
      from ${customers}
      where ${inIds(customers.customerId, customerIds)} and ${like(customers.name, terms.match)}
      order by ${order}, ${customers.name}
      limit ${PER_CATEGORY}`;
  },
  present: (c) => ({
    id: `customer:${c.key}`,
    value: c.name,
    label: c.name,
    icon: 'customer',
    url: `/customers?customer=${c.key}`,
    category: 'customers',
  }),
};
