import { sql } from 'drizzle-orm';
import { agents } from '../../db/schema/index.ts';
import { CHECK_IN_GRACE_SECONDS, NEW_AGENT_DAYS } from './status.ts';

/**
 * The clock-dependent flags of deriveAgentStatus as SQL, so counts over many agents can group by
 * them and send a few rows instead of every agent. They must say what status.ts says:
 * online while now <= heartbeat + interval + max(grace, interval); new within NEW_AGENT_DAYS of
 * first activity (or before it). The rest of the derivation (statusOfFlags) stays in status.ts.
 */
export function agentClockFlags(now: Date) {
  const at = now.toISOString();
  return {
    online: sql<boolean>`coalesce(${at}::timestamptz <= ${agents.heartbeatAt}
      + make_interval(secs => ${agents.checkInInterval} + greatest(${CHECK_IN_GRACE_SECONDS}, ${agents.checkInInterval})), false)`,
    isNew: sql<boolean>`coalesce(${at}::timestamptz - ${agents.firstActive} < make_interval(days => ${NEW_AGENT_DAYS}), true)`,
  };
}
