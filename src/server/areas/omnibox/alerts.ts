import { type SQL, sql } from 'drizzle-orm';
import { alerts } from '../../db/schema/index.ts';
import { inIds } from '../../db/sql-helpers.ts';
import { type Category, PER_CATEGORY } from './item.ts';
import { likeAny, rank } from './rank.ts';

/**
 * How many of the newest alerts (of the customers searched) are compared with the text anywhere
 * in their title or host name. Exact matches (alert number, host name, title) reach every alert.
 *
 * Under row-level security PostgreSQL uses no index for LIKE or ILIKE (neither is leakproof), so
 * the trigram indexes cannot serve this search and every alert compared costs a row read: this
 * bounds that cost instead of letting it grow with the table.
 */
export const RECENT_ALERTS = 5000;

const COLUMNS = sql.raw('id, title, host_name, status, priority, created_at');
const TEXT = [sql.raw('title'), sql.raw('host_name')];

/**
 * Alerts by number, host name or title: exact matches first, then those starting with the text,
 * then those containing it; the newest first within each. A union of branches that each have an
 * index of their own:
 *  - the alert number: the primary key;
 *  - the host name or title spelled exactly (host names as typed, in lower and in upper case):
 *    the (host_name, id) and (title, id) indexes, newest first, over every alert;
 *  - anything else: the newest RECENT_ALERTS alerts, by the created_at index, compared one by one.
 */
export const alertsCategory: Category = {
  query(customerIds, terms) {
    const scoped = inIds(alerts.customerId, customerIds);
    const order = rank(TEXT, terms, sql.raw('id'));
    const branches: SQL[] = [];
    if (terms.id !== null) {
      branches.push(sql`(select ${COLUMNS} from alerts where ${scoped} and id = ${terms.id})`);
    }
    for (const spelling of terms.hostLike ? terms.spellings : []) {
      branches.push(
        sql`(select ${COLUMNS} from alerts where ${scoped} and host_name = ${spelling} order by id desc limit ${PER_CATEGORY})`,
      );
    }
    branches.push(
      sql`(select ${COLUMNS} from alerts where ${scoped} and title = ${terms.text} order by id desc limit ${PER_CATEGORY})`,
    );
    branches.push(sql`(select ${COLUMNS} from (
        select ${COLUMNS} from alerts where ${scoped} order by created_at desc limit ${RECENT_ALERTS}
      ) recent
      where ${likeAny(TEXT, terms.match)}
      order by ${order}, created_at desc limit ${PER_CATEGORY})`);
    // UNION, not UNION ALL: an alert that two branches find is listed once.
    return sql`select id::text as key, title as name, host_name as detail, status, priority, ${order} as rank,
        null::text as sort_name, created_at as sort_time, id as sort_id
      from (${sql.join(branches, sql` union `)}) found
      order by ${order}, created_at desc, id desc
      limit ${PER_CATEGORY}`;
  },
  present: (a) => ({
    id: `alert:${a.key}`,
    value: a.key,
    label: a.detail ? `#${a.key} ${a.name} (${a.detail})` : `#${a.key} ${a.name}`,
    icon: 'alert',
    url: `/alerts/${a.key}`,
    category: 'alerts',
    attributes: { status: a.status ?? '', priority: a.priority ?? '' },
  }),
};
