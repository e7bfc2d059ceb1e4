import { and, desc, ilike, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { components } from '../../api/schema.d.ts';
import { agents, alerts, cases, customers, platformUpdates } from '../db/schema/index.ts';
import { escapeLike, inIds } from '../db/sql-helpers.ts';
import { asCaller, principalOf } from '../plugins/auth.ts';
import { requestedCustomers } from './present.ts';
import type { Handlers } from './types.ts';

type Item = components['schemas']['OmniboxItem'];

/** Suggestions per category: enough to choose from, few enough to scan. */
const PER_CATEGORY = 5;

export const searchHandlers: Handlers<'searchOmnibox'> = {
  async searchOmnibox(request) {
    const { scope } = principalOf(request);
    const ids = requestedCustomers(scope.customerIds, request.query.customer_ids);
    const text = request.query.query.trim();
    const pattern = `%${escapeLike(text)}%`;
    // Rank: exact match first, then prefix, then anywhere (case-insensitive).
    const rank = (column: AnyPgColumn) =>
      sql`case when lower(${column}) = lower(${text}) then 0 when ${column} ilike ${`${escapeLike(text)}%`} then 1 else 2 end`;
    const numeric = /^\d{1,15}$/.test(text) ? Number(text) : null;

    const suggestions = await asCaller(request, async (tx) => {
      const agentRows = await tx
        .select({ id: agents.agentId, host: agents.hostName, ip: agents.ip, status: agents.statusCode })
        .from(agents)
        .where(
          and(inIds(agents.customerId, ids), or(ilike(agents.hostName, pattern), ilike(agents.ip, pattern))),
        )
        .orderBy(rank(agents.hostName), agents.hostName)
        .limit(PER_CATEGORY);
      const customerRows = await tx
        .select({ id: customers.customerId, name: customers.name })
        .from(customers)
        .where(and(inIds(customers.customerId, ids), ilike(customers.name, pattern)))
        .orderBy(rank(customers.name), customers.name)
        .limit(PER_CATEGORY);
      const alertRows = await tx
        .select({
          id: alerts.id,
          title: alerts.title,
          host: alerts.hostName,
          status: alerts.status,
          priority: alerts.priority,
        })
        .from(alerts)
        .where(
          and(
            inIds(alerts.customerId, ids),
            or(
              ilike(alerts.title, pattern),
              ilike(alerts.hostName, pattern),
              numeric !== null ? sql`${alerts.id} = ${numeric}` : undefined,
            ),
          ),
        )
        .orderBy(desc(alerts.createdAt))
        .limit(PER_CATEGORY);
      const caseRows = await tx
        .select({ id: cases.id, title: cases.title, status: cases.status })
        .from(cases)
        .where(
          and(
            inIds(cases.customerId, ids),
            or(ilike(cases.title, pattern), numeric !== null ? sql`${cases.id} = ${numeric}` : undefined),
          ),
        )
        .orderBy(desc(cases.updatedAt))
        .limit(PER_CATEGORY);
      const updateRows = await tx
        .select({ id: platformUpdates.id, title: platformUpdates.title })
        .from(platformUpdates)
        .where(ilike(platformUpdates.title, pattern))
        .orderBy(desc(platformUpdates.createdAt))
        .limit(PER_CATEGORY);

      const items: Item[] = [
        ...agentRows.map((a) => ({
          id: `agent:${a.id}`,
          value: a.host,
          label: a.ip ? `${a.host} (${a.ip})` : a.host,
          icon: 'agent',
          url: `/agents/${a.id}`,
          category: 'agents' as const,
          attributes: { agent_id: a.id, status: String(a.status) },
        })),
        ...customerRows.map((c) => ({
          id: `customer:${c.id}`,
          value: c.name,
          label: c.name,
          icon: 'customer',
          url: `/customers?customer=${c.id}`,
          category: 'customers' as const,
        })),
        ...alertRows.map((a) => ({
          id: `alert:${a.id}`,
          value: String(a.id),
          label: a.host ? `#${a.id} ${a.title} (${a.host})` : `#${a.id} ${a.title}`,
          icon: 'alert',
          url: `/alerts/${a.id}`,
          category: 'alerts' as const,
          attributes: { status: a.status, priority: a.priority },
        })),
        ...caseRows.map((c) => ({
          id: `ticket:${c.id}`,
          value: String(c.id),
          label: `#${c.id} ${c.title}`,
          icon: 'ticket',
          url: `/cases/${c.id}`,
          category: 'tickets' as const,
          attributes: { status: c.status },
        })),
        ...updateRows.map((u) => ({
          id: `update:${u.id}`,
          value: String(u.id),
          label: u.title,
          icon: 'update',
          url: `/updates/${u.id}`,
          category: 'updates' as const,
        })),
      ];
      return items;
    });
    return { suggestions };
  },
};
