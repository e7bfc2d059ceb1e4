import { sql } from 'drizzle-orm';
import { agents } from '../../db/schema/index.ts';
import { inIds } from '../../db/sql-helpers.ts';
import { deriveAgentStatus } from '../agents/index.ts';
import { type Category, PER_CATEGORY } from './item.ts';
import { likeAny, rank } from './rank.ts';

// The status shown is derived at answer time (areas/agents status.ts), as everywhere else: the
// query carries the agent's vitals in the `status` column the categories share.
const vitals = sql`json_build_object('heartbeatAt', ${agents.heartbeatAt}, 'firstActive', ${agents.firstActive},
  'checkInInterval', ${agents.checkInInterval}, 'health', ${agents.health}, 'version', ${agents.version},
  'isIsolated', ${agents.isIsolated})::text`;

interface VitalsJson {
  heartbeatAt: string | null;
  firstActive: string | null;
  checkInInterval: number;
  health: string;
  version: string;
  isIsolated: boolean;
}

function statusCodeOf(vitalsJson: string | null, now: Date): string {
  if (!vitalsJson) return '3';
  const v = JSON.parse(vitalsJson) as VitalsJson;
  const heartbeatAt = v.heartbeatAt ? new Date(v.heartbeatAt) : null;
  const firstActive = v.firstActive ? new Date(v.firstActive) : null;
  return String(deriveAgentStatus({ ...v, heartbeatAt, firstActive }, now).statusCode);
}

/** Agents by host name or IP address, ranked, then by host name. */
export const agentsCategory: Category = {
  query(customerIds, terms) {
    // Only texts that could be part of a host name or an IP address are compared with them.
    const columns = terms.ipLike ? [agents.hostName, agents.ip] : [agents.hostName];
    const order = rank(columns, terms);
    const matches = terms.hostLike ? likeAny(columns, terms.match) : sql`false`;
    return sql`select ${agents.agentId}::text as key, ${agents.hostName} as name, ${agents.ip} as detail,
        ${vitals} as status, null::text as priority, ${order} as rank,
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
    attributes: { agent_id: a.key, status: statusCodeOf(a.status, new Date()) },
  }),
};
