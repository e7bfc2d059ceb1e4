import { sql } from 'drizzle-orm';
import { agents } from '../../db/schema/index.ts';
import { inIds } from '../../db/sql-helpers.ts';
import { type Category, PER_CATEGORY } from './item.ts';
import { likeAny, rank } from './rank.ts';

/** Agents by host name or IP address, ranked, then by host name. */
export const agentsCategory: Category = {
  query(customerIds, terms) {
    // Only texts that could be part of a host name or an IP address are compared with them.
    const columns = terms.ipLike ? [agents.hostName, agents.ip] : [agents.hostName];
    const order = rank(columns, terms);
    const matches = terms.hostLike ? likeAny(columns, terms.match) : sql`false`;
    return sql`select ${agents.agentId}::text as key, ${agents.hostName} as name, ${agents.ip} as detail,
        ${agents.statusCode}::text as status, null::text as priority, ${order} as rank,
        ${agents.hostName} as sort_name, null::timestamptz as sort_time, null::bigint as sort_id
      from ${agents}
      where ${inIds(agents.customerId, customerIds)} and (${matches})
      order by ${order}, ${agents.hostName}
      limit ${PER_CATEGORY}`;
  },
  present: (a) => ({
    id: `agent:${a.key}`,
    value: a.name,
    label: a.detail ? `${a.name} (${a.detail})` : a.name,
    icon: 'agent',
    url: `/agents/${a.key}`,
    category: 'agents',
    attributes: { agent_id: a.key, status: a.status ?? '0' },
  }),
};
