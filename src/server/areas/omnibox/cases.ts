import { sql } from 'drizzle-orm';
import { cases } from '../../db/schema/index.ts';
import { inIds } from '../../db/sql-helpers.ts';
import { type Category, PER_CATEGORY } from './item.ts';
import { like, rank } from './rank.ts';

/** Cases (tickets) by number or title, ranked, then the most recently updated first. */
export const casesCategory: Category = {
  query(customerIds, terms) {
    const order = rank([cases.title], terms, cases.id);
    const matches =
      terms.id !== null
        ? sql`(${like(cases.title, terms.match)} or ${cases.id} = ${terms.id})`
        : like(cases.title, terms.match);
    return sql`select ${cases.id}::text as key, ${cases.title} as name, null::text as detail,
        ${cases.status} as status, null::text as priority, ${order} as rank,
        null::text as sort_name, ${cases.updatedAt} as sort_time, ${cases.id} as sort_id
      from ${cases}
      where ${inIds(cases.customerId, customerIds)} and ${matches}
      order by ${order}, ${cases.updatedAt} desc, ${cases.id} desc
      limit ${PER_CATEGORY}`;
  },
  present: (c) => ({
    id: `ticket:${c.key}`,
    value: c.key,
    label: `#${c.key} ${c.name}`,
    icon: 'ticket',
    url: `/cases/${c.key}`,
    category: 'tickets',
    attributes: { status: c.status ?? '' },
  }),
};
