import { and, eq, ilike, or } from 'drizzle-orm';
import { agents } from '../../db/schema/index.ts';
import { escapeLike, inIds } from '../../db/sql-helpers.ts';
import type { Handler } from '../../platform/handler.ts';
import { requestedCustomers } from '../../platform/scope.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { deriveAgentStatus } from './status.ts';

type Risk = 'green' | 'yellow' | 'red' | 'grey';
const RISKS: Record<number, Risk> = { 0: 'green', 1: 'yellow', 2: 'red' };

/** A platform's short name: the part before the first dash or underscore (spec 2, section 3). */
const platformShort = (platform: string) => platform.split(/[-_]/)[0] || platform;

const counted = (keys: Iterable<string>) => {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([name, count]) => ({ name, count }));
};

/**
 * Totals over every agent that passes the list's filters. Flags and text narrow in SQL; states
 * are derived where they always are (status.ts), from the few columns that decide them.
 */
export const getAgentTotals: Handler<'getAgentTotals'> = async (request) => {
  const { scope } = principalOf(request);
  const query = request.query;
  const ids = requestedCustomers(scope.customerIds, query.customer_ids);
  const flags = new Set(query.flags ?? []);
  const text = query.q?.trim() ?? '';
  const rows = await asCaller(request, (tx) =>
    tx
      .select({
        platform: agents.platform,
        architecture: agents.architecture,
        heartbeatAt: agents.heartbeatAt,
        firstActive: agents.firstActive,
        checkInInterval: agents.checkInInterval,
        health: agents.health,
        version: agents.version,
        isIsolated: agents.isIsolated,
      })
      .from(agents)
      .where(
        and(
          inIds(agents.customerId, ids),
          flags.has('sysmon') ? eq(agents.sysmonEnabled, true) : undefined,
          flags.has('domain_controller') ? eq(agents.isDomainController, true) : undefined,
          flags.has('syslog_forwarder') ? eq(agents.syslogForwarder, true) : undefined,
          text
            ? or(ilike(agents.hostName, `%${escapeLike(text)}%`), ilike(agents.ip, `%${escapeLike(text)}%`))
            : undefined,
        ),
      ),
  );
  const now = new Date();
  const states = query.states ?? [];
  const matching = rows
    .map((row) => ({ row, status: deriveAgentStatus(row, now) }))
    .filter(({ status }) => states.every((s) => status.states.includes(s)));
  return {
    total: matching.length,
    platform: counted(matching.map(({ row }) => platformShort(row.platform))),
    architecture: counted(matching.map(({ row }) => row.architecture)),
    risk: counted(matching.map(({ status }) => RISKS[status.statusCode] ?? 'grey')) as {
      name: Risk;
      count: number;
    }[],
  };
};
