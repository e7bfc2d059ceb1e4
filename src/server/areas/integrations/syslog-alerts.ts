import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import { integrationMappings, integrations } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { parseSecurityEvent, priorityOf } from './cef.ts';
import type { IntegrationRow } from './present.ts';
import { openSecrets, secretBoxOf } from './secrets.ts';
import { raiseAlert, raiserOf } from './webhook-in.ts';

const PREFIX = 'wfi.';

/** A customer's syslog token of an instance: the mapping's id and a MAC of it with the instance's key. */
export function syslogToken(key: string, mappingId: number, customerId: string): string {
  const mac = createHmac('sha256', key).update(`${mappingId}:${customerId}`).digest('base64url').slice(0, 32);
  return `${PREFIX}${mappingId}.${mac}`;
}

export const isIntegrationSyslogToken = (token: string) => token.startsWith(PREFIX);

const TOKEN_WORD = /(?:^|[\s:[])(wfi\.\d{1,15}\.[A-Za-z0-9_-]{32})(?=$|[\s:\]])/;

/**
 * The integration token of an RFC 3164 message, which has no structured data: the tag or a word
 * before its CEF or LEEF part (after it, the token would be the event's own text).
 */
export function integrationTokenIn(line: string): string | null {
  const marks = [line.indexOf('CEF:'), line.indexOf('LEEF:')].filter((at) => at >= 0);
  if (marks.length === 0) return null;
  return TOKEN_WORD.exec(line.slice(0, Math.min(...marks)))?.[1] ?? null;
}

/** One syslog message that carried an integration's token. */
export interface SyslogAlertItem {
  token: string;
  message: string;
  host?: string | undefined;
}

export interface SyslogAlertCounts {
  raised: number;
  /** Wrong token, unmapped, not CEF or LEEF, or nobody to raise it as. */
  dropped: number;
  /** Below the instance's minimum severity. */
  below: number;
}

interface Target {
  row: IntegrationRow;
  customerId: string;
  principal: Principal | null;
}

/**
 * Raises alerts from CEF and LEEF messages the syslog listener received with an instance's token.
 * The token names the customer mapping and is checked against the instance's key (system
 * connection: no caller yet); each alert is raised as the person who configured the instance,
 * through the one alert path.
 */
export async function raiseSyslogAlerts(
  db: Db,
  items: readonly SyslogAlertItem[],
  secretsKey: string | undefined,
): Promise<SyslogAlertCounts> {
  const counts: SyslogAlertCounts = { raised: 0, dropped: 0, below: 0 };
  const targets = new Map<string, Target | null>();
  const box = await secretBoxOf(db, secretsKey);
  const resolve = async (token: string): Promise<Target | null> => {
    const match = /^wfi\.(\d{1,15})\.([A-Za-z0-9_-]{32})$/.exec(token);
    if (!match) return null;
    const [mapping] = await db
      .select({ mapping: integrationMappings, row: integrations })
      .from(integrationMappings)
      .innerJoin(integrations, eq(integrations.id, integrationMappings.integrationId))
      .where(eq(integrationMappings.id, Number(match[1])));
    if (mapping?.row.kind !== 'syslog_cef') return null;
    const key = openSecrets(box, mapping.row.secrets, mapping.row.id)._syslog_key;
    if (!key) return null;
    const expected = Buffer.from(syslogToken(key, mapping.mapping.id, mapping.mapping.customerId));
    const given = Buffer.from(token);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    let principal: Principal | null = null;
    try {
      principal = await raiserOf(db, mapping.row, mapping.mapping.customerId);
    } catch {
      principal = null;
    }
    return { row: mapping.row, customerId: mapping.mapping.customerId, principal };
  };
  for (const item of items) {
    if (!targets.has(item.token)) targets.set(item.token, await resolve(item.token));
    const target = targets.get(item.token);
    const event = parseSecurityEvent(item.message);
    if (!target?.principal || !event) {
      counts.dropped++;
      continue;
    }
    if (event.severity < Number(target.row.settings.min_severity ?? 0)) {
      counts.below++;
      continue;
    }
    const a = event.attributes;
    await raiseAlert(db, target.principal, {
      customerId: target.customerId,
      integrationId: target.row.id,
      title: (event.name || `${event.vendor} ${event.product} ${event.eventId}`).slice(0, 500),
      type: event.format,
      priority: priorityOf(event.severity),
      severity: String(event.severity),
      hostName: (a.dhost ?? a.shost ?? a.dvchost ?? a.identHostName ?? a.devname ?? item.host)?.slice(0, 253),
      externalSource: `${event.vendor} ${event.product}`.trim().slice(0, 200),
      fields: {
        vendor: event.vendor,
        product: event.product,
        product_version: event.version,
        event_id: event.eventId,
        ...a,
      },
    });
    counts.raised++;
  }
  return counts;
}
