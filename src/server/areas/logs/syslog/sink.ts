import { sql } from 'drizzle-orm';
import { resultRows } from '../../../db/tenancy.ts';
import type { Db } from '../../../db/types.ts';
import { ApiError } from '../../../errors.ts';
import {
  integrationTokenIn,
  isIntegrationSyslogToken,
  raiseSyslogAlerts,
  type SyslogAlertItem,
} from '../../integrations/index.ts';
import { storeEvents } from '../ingest.ts';
import { callerOfToken, type IngestCaller } from '../ingest-auth.ts';
import { type EventRow, normaliseEvent } from '../normalise.ts';
import { parseSyslog } from './parse.ts';

/** One message as it arrived: its text and the sender's address. */
export interface Received {
  text: string;
  address: string;
  at: Date;
}

export interface SinkCounts {
  stored: number;
  /** Messages no customer could be found for (unknown address, unknown or revoked token). */
  unmapped: number;
  /** CEF and LEEF messages with an integration's token that became alerts. */
  alerts: number;
}

/** Dual-stack sockets report IPv4 senders as `::ffff:a.b.c.d`; mappings name the IPv4 address. */
export const plainAddress = (address: string) => address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');

/**
 * Stores syslog messages through the same path as HTTP ingest, with group commit: messages that
 * arrive while a batch is being stored wait and go together in the next one. `store` resolves
 * once its messages are committed (or dropped as unmapped), so a TCP reader that awaits it before
 * reading more holds back a fast sender instead of buffering without bound.
 */
export class SyslogSink {
  readonly counts: SinkCounts = { stored: 0, unmapped: 0, alerts: 0 };
  private pending: { items: Received[]; done: () => void; failed: (error: unknown) => void }[] = [];
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly onUnmapped: (address: string) => void = () => {},
    /** WATCHFLOOR_SECRETS_KEY, for integrations' syslog tokens. */
    private readonly secretsKey?: string,
  ) {}

  store(items: Received[]): Promise<void> {
    if (items.length === 0) return Promise.resolve();
    return new Promise((done, failed) => {
      this.pending.push({ items, done, failed });
      if (!this.flushing) this.flushing = this.flushAll();
    });
  }

  /** Resolves once nothing is waiting to be stored. */
  async drain(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private async flushAll(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending;
      this.pending = [];
      try {
        await this.write(batch.flatMap((entry) => entry.items));
        for (const entry of batch) entry.done();
      } catch (error) {
        for (const entry of batch) entry.failed(error);
      }
    }
    this.flushing = null;
  }

  private async write(items: Received[]): Promise<void> {
    const groups = new Map<string, { caller: IngestCaller; rows: EventRow[] }>();
    const tokens = new Map<string, IngestCaller | null>();
    const addresses = new Map<string, IngestCaller | null>();
    const alerts: SyslogAlertItem[] = [];
    for (const item of items) {
      const parsed = parseSyslog(item.text, item.at);
      const { event } = parsed;
      // RFC 3164 has no structured data: an integration's token comes before its CEF or LEEF.
      const token =
        parsed.token ?? (event.syslog_format === 'rfc3164' ? integrationTokenIn(item.text) : null);
      const address = plainAddress(item.address);
      // An integration's token: a CEF or LEEF event that becomes an alert, not a log event.
      if (token && isIntegrationSyslogToken(token)) {
        alerts.push({ token, message: String(event.message ?? ''), host: event.host as string | undefined });
        continue;
      }
      const caller = token
        ? await cached(tokens, token, () => this.byToken(token))
        : await cached(addresses, address, () => this.byAddress(address));
      if (!caller) {
        this.counts.unmapped++;
        this.onUnmapped(address);
        continue;
      }
      event.sender_ip = address;
      const key = `${caller.customerId}/${caller.tokenId ?? ''}/${caller.source}`;
      const group = groups.get(key) ?? { caller, rows: [] };
      group.rows.push(normaliseEvent(event, caller.source, item.at));
      groups.set(key, group);
    }
    for (const { caller, rows } of groups.values()) {
      await storeEvents(this.db, caller, rows);
      this.counts.stored += rows.length;
    }
    if (alerts.length > 0) {
      const raised = await raiseSyslogAlerts(this.db, alerts, this.secretsKey);
      this.counts.alerts += raised.raised;
      this.counts.unmapped += raised.dropped;
    }
  }

  private async byToken(token: string): Promise<IngestCaller | null> {
    try {
      return await callerOfToken(this.db, token);
    } catch (error) {
      if (error instanceof ApiError) return null;
      throw error;
    }
  }

  /** The narrowest configured network holding the address (system connection: no caller yet). */
  private async byAddress(address: string): Promise<IngestCaller | null> {
    const [row] = resultRows<{ customer_id: string; source: string }>(
      await this.db.execute(sql`select customer_id, source from syslog_sources
        where address >>= ${address}::inet order by masklen(address) desc limit 1`),
    );
    return row ? { tokenId: null, customerId: row.customer_id, source: row.source } : null;
  }
}

async function cached<T>(cache: Map<string, T>, key: string, load: () => Promise<T>): Promise<T> {
  if (cache.has(key)) return cache.get(key) as T;
  const value = await load();
  cache.set(key, value);
  return value;
}
