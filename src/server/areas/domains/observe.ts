import { randomBytes } from 'node:crypto';
import type { OutboundSettings } from '../../config.ts';
import { guardedFetch } from '../../platform/outbound/index.ts';
import type { Answer, DnsClient } from './resolver.ts';

/** What one scan saw of a name; `inconclusive` when the resolver failed (SERVFAIL is never "registered"). */
export interface Observation {
  outcome: 'registered' | 'unregistered' | 'inconclusive';
  resolves: boolean;
  hasMx: boolean;
  servesPage: boolean;
  /** The zone answers any label: its addresses prove little. */
  wildcard: boolean;
  addresses: string[];
  nameServers: string[];
  mx: string[];
}

export interface ObserveOptions {
  dns: DnsClient;
  /** Port a web page is looked for on; null skips the check. */
  httpPort: number | null;
  /** Wildcard answers of parent zones, shared by the candidates of one scan. */
  wildcardCache: Map<string, Promise<string[]>>;
  /** OUTBOUND_ALLOW_HOSTS: internal addresses the page probe may still reach. */
  outbound?: OutboundSettings | undefined;
}

const randomLabel = () => `wf-${randomBytes(6).toString('hex')}`;
const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/** The addresses a random label under a zone gets: empty unless the zone is a wildcard. */
async function wildcardAnswer(options: ObserveOptions, zone: string): Promise<string[]> {
  let pending = options.wildcardCache.get(zone);
  if (!pending) {
    pending = options.dns.resolve(`${randomLabel()}.${zone}`, 'A').then((a) => a.records);
    options.wildcardCache.set(zone, pending);
  }
  return pending;
}

/**
 * Whether anything answers HTTP for this name at the addresses the scan resolved (any status
 * below 500). The probe goes through the outbound guard, pinned to those addresses: a lookalike
 * that resolves to an internal address is not contacted (false), and redirects are not followed.
 */
export async function servesPage(
  addresses: readonly string[],
  name: string,
  port: number,
  outbound?: OutboundSettings,
  timeoutMs = 3000,
): Promise<boolean> {
  try {
    const response = await guardedFetch(
      `http://${name}:${port}/`,
      { redirect: 'manual' },
      { settings: outbound, resolve: async () => [...addresses], timeoutMs },
    );
    await response.body?.cancel();
    return response.status < 500;
  } catch {
    return false;
  }
}

/** Resolves A, AAAA, NS and MX of a name and tells what it is. */
export async function observe(name: string, options: ObserveOptions): Promise<Observation> {
  const [a, aaaa, ns, mx] = (await Promise.all(
    (['A', 'AAAA', 'NS', 'MX'] as const).map((type) => options.dns.resolve(name, type)),
  )) as [Answer, Answer, Answer, Answer];
  const answers = [a, aaaa, ns, mx];
  const found = answers.some((x) => x.status === 'found');
  const failed = answers.some((x) => x.status === 'failed');
  const empty: Observation = {
    outcome: 'unregistered',
    resolves: false,
    hasMx: false,
    servesPage: false,
    wildcard: false,
    addresses: [],
    nameServers: [],
    mx: [],
  };
  if (!found) return { ...empty, outcome: failed ? 'inconclusive' : 'unregistered' };
  const addresses = [...a.records, ...aaaa.records];
  const parent = name.slice(name.indexOf('.') + 1);
  // A wildcard parent answers every label the same: an A record that matches it, with no NS or MX
  // of the name's own, says nothing about the name being registered.
  const parentWildcard = await wildcardAnswer(options, parent);
  if (
    parentWildcard.length > 0 &&
    same(parentWildcard, a.records) &&
    ns.status !== 'found' &&
    mx.status !== 'found'
  )
    return { ...empty, wildcard: true };
  const catchAll = (await wildcardAnswer(options, name)).length > 0;
  const page =
    options.httpPort !== null && addresses.length > 0
      ? await servesPage(addresses, name, options.httpPort, options.outbound)
      : false;
  return {
    outcome: 'registered',
    resolves: addresses.length > 0,
    hasMx: mx.records.length > 0,
    servesPage: page,
    wildcard: catchAll,
    addresses,
    nameServers: ns.records,
    mx: mx.records,
  };
}
