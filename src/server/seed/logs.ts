import { sql } from 'drizzle-orm';
import { daysOf, ensurePartitions, normaliseEvent } from '../areas/logs/index.ts';
import type { Db } from '../db/types.ts';
import type { Rng } from './prng.ts';
import type { CustomerRef } from './types.ts';

/** Events per customer: a small day of logs, a third of them in the last 15 minutes (the default period). */
const EVENTS_PER_CUSTOMER = 90;
const RECENT_SHARE = 3;
const CUSTOMERS_WITH_LOGS = 3;

const USERS = ['j.smith', 'a.jones', 'm.virtanen', 'k.schmidt', 'svc_backup'];
const WINDOWS = [
  { EventID: 4624, level: 'info', message: 'An account was successfully logged on.' },
  { EventID: 4625, level: 'warning', message: 'An account failed to log on.' },
  { EventID: 4688, level: 'info', message: 'A new process has been created.' },
  { EventID: 4740, level: 'warning', message: 'A user account was locked out.' },
] as const;

function eventOf(
  rng: Rng,
  customer: CustomerRef,
  time: Date,
): { source: string; event: Record<string, unknown> } {
  const kind = rng.weighted([
    ['windows', 6],
    ['firewall', 3],
    ['linux', 2],
  ] as const);
  const user = rng.pick(USERS);
  const octet = rng.int(2, 250);
  if (kind === 'windows') {
    const w = rng.pick(WINDOWS);
    return {
      source: 'windows',
      event: {
        '@timestamp': time.toISOString(),
        host: `${customer.netbios}-${rng.pick(['DC-01', 'DC-02', 'WS-07', 'WS-12', 'FS-01'])}`,
        user,
        ...w,
        src_ip: `10.0.${customer.index}.${octet}`,
        LogonType: w.EventID === 4624 || w.EventID === 4625 ? rng.pick([2, 3, 10]) : undefined,
      },
    };
  }
  if (kind === 'firewall') {
    const deny = rng.chance(0.6);
    const src = `203.0.113.${octet}`;
    const port = rng.pick([22, 443, 445, 3389]);
    return {
      source: 'firewall',
      event: {
        '@timestamp': time.toISOString(),
        host: `${customer.netbios}-FW`,
        message: `${deny ? 'Deny' : 'Allow'} tcp ${src} -> 10.0.${customer.index}.5:${port}`,
        src_ip: src,
        dst_ip: `10.0.${customer.index}.5`,
        action: deny ? 'deny' : 'allow',
        dst_port: port,
      },
    };
  }
  const failed = rng.chance(0.5);
  return {
    source: 'linux',
    event: {
      '@timestamp': time.toISOString(),
      host: `${customer.netbios.toLowerCase()}-web-01`,
      program: 'sshd',
      user,
      level: failed ? 'warning' : 'info',
      message: `${failed ? 'Failed' : 'Accepted'} password for ${user} from 198.51.100.${octet} port 22 ssh2`,
      src_ip: `198.51.100.${octet}`,
    },
  };
}

/**
 * Log events for the first customers (Acme Corp first): windows, firewall and linux events over
 * the last day, a third of them in the last 15 minutes so the search screen's default period has
 * something to show. Deterministic for a seed and `now`.
 */
export async function seedLogEvents(db: Db, rng: Rng, customers: readonly CustomerRef[], now: number) {
  let count = 0;
  for (const customer of customers.slice(0, CUSTOMERS_WITH_LOGS)) {
    const rows = Array.from({ length: EVENTS_PER_CUSTOMER }, (_, i) => {
      const recent = i % RECENT_SHARE === 0;
      const back = recent ? rng.int(5, 14 * 60) : rng.int(15 * 60, 24 * 3600);
      const { source, event } = eventOf(rng, customer, new Date(now - back * 1000));
      return normaliseEvent(event, source, new Date(now));
    });
    await ensurePartitions(db, daysOf(rows));
    await db.execute(sql`insert into log_events
      (customer_id, time, source, host, src_ip, dst_ip, user_name, event_id, severity, message, raw, raw_bytes)
      select ${customer.customerId}::uuid, r.time, r.source, r.host, r.src_ip, r.dst_ip, r.user_name,
        r.event_id, r.severity, r.message, r.raw, r.raw_bytes
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(time timestamptz, source text,
        host text, src_ip inet, dst_ip inet, user_name text, event_id integer, severity text,
        message text, raw jsonb, raw_bytes integer)`);
    count += rows.length;
  }
  return count;
}
