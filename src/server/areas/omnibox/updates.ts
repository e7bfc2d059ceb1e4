import { sql } from 'drizzle-orm';
import { platformUpdates } from '../../db/schema/index.ts';
import { type Category, PER_CATEGORY } from './item.ts';
import { like, rank } from './rank.ts';

/** Published platform updates (the same for every customer) by title, ranked, then the newest first. */
export const updatesCategory: Category = {
  query(_customerIds, terms) {
    const order = rank([platformUpdates.title], terms);
    return sql`select ${platformUpdates.id}::text as key, ${platformUpdates.title} as name, null::text as detail,
        null::text as status, null::text as priority, ${order} as rank,
        null::text as sort_name, ${platformUpdates.createdAt} as sort_time, ${platformUpdates.id} as sort_id
      from ${platformUpdates}
      where ${platformUpdates.publishedAt} is not null and ${like(platformUpdates.title, terms.match)}
      order by ${order}, ${platformUpdates.createdAt} desc, ${platformUpdates.id} desc
      limit ${PER_CATEGORY}`;
  },
  present: (u) => ({
    id: `update:${u.key}`,
    value: u.key,
    label: u.name,
    icon: 'update',
    url: `/updates/${u.key}`,
    category: 'updates',
  }),
};
