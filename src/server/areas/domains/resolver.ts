import { Resolver } from 'node:dns/promises';

export type RecordType = 'A' | 'AAAA' | 'NS' | 'MX';

/**
 * One answer: `found` with its records, `nxdomain` (the name does not exist), `nodata` (it exists
 * but has no such record), or `failed` (SERVFAIL, refused, timed out: nothing learnt).
 */
export type Answer =
  | { status: 'found'; records: string[] }
  | { status: 'nxdomain' | 'nodata' | 'failed'; records: [] };

const NXDOMAIN = new Set(['ENOTFOUND']);
const NODATA = new Set(['ENODATA']);

/** Asks one DNS server (DNS_RESOLVER) or the system's, for the four record types scans need. */
export class DnsClient {
  private readonly resolver: Resolver;
  /** Queries sent, for the benchmark's rate. */
  queries = 0;

  constructor(server?: string, options: { timeoutMs?: number; tries?: number } = {}) {
    this.resolver = new Resolver({ timeout: options.timeoutMs ?? 2000, tries: options.tries ?? 2 });
    if (server) this.resolver.setServers([server]);
  }

  async resolve(name: string, type: RecordType): Promise<Answer> {
    this.queries++;
    try {
      const records = await this.query(name, type);
      return records.length > 0
        ? { status: 'found', records: records.sort() }
        : { status: 'nodata', records: [] };
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      if (NXDOMAIN.has(code)) return { status: 'nxdomain', records: [] };
      if (NODATA.has(code)) return { status: 'nodata', records: [] };
      return { status: 'failed', records: [] };
    }
  }

  private async query(name: string, type: RecordType): Promise<string[]> {
    switch (type) {
      case 'A':
        return this.resolver.resolve4(name);
      case 'AAAA':
        return this.resolver.resolve6(name);
      case 'NS':
        return this.resolver.resolveNs(name);
      case 'MX':
        return (await this.resolver.resolveMx(name)).map((mx) => mx.exchange.toLowerCase());
    }
  }

  cancel(): void {
    this.resolver.cancel();
  }
}
