import {
  agentActions,
  agentEnrolmentTokens,
  agentInventory,
  agents,
  agentVulnerabilities,
} from '../db/schema/index.ts';
import type { Db } from '../db/types.ts';
import { actionHistory } from './agent-actions.ts';
import { addFleetFields, enrolmentTokens } from './agent-fleet.ts';
import { agentReports } from './agent-reports.ts';
import { DEPARTMENTS, HARDWARE, LINUX_ROLES, SERVER_ROLES } from './catalogue/organisations.ts';
import {
  AGENT_VERSIONS,
  DC_PLATFORMS,
  HOST_KIND_WEIGHTS,
  type HostKind,
  PLATFORMS,
  type Platform,
  STATUS_CODE_WEIGHTS,
} from './catalogue/platforms.ts';
import { insertInBatches } from './insert.ts';
import { ascii } from './organisation.ts';
import { type Rng, WeightedTable } from './prng.ts';
import type { AgentRef, CustomerRef } from './types.ts';

const DAY = 86_400_000;
type AgentRow = typeof agents.$inferInsert;

/** Every customer gets one agent; the rest follow the customers' weights, like real estates vary in size. */
function agentCounts(rng: Rng, list: readonly CustomerRef[], total: number): number[] {
  const counts = list.map(() => 1);
  const table = new WeightedTable(list, (c) => c.weight);
  for (let i = list.length; i < total; i++) counts[table.pick(rng).index]! += 1;
  return counts;
}

/** Names, addresses and numbering per customer, so host names and IPs are unique within a customer. */
class Estate {
  private readonly used = new Set<string>();
  private readonly counters = new Map<string, number>();

  constructor(
    private readonly rng: Rng,
    private readonly customer: CustomerRef,
  ) {}

  private next(key: string, start: () => number): number {
    const value = this.counters.has(key) ? this.counters.get(key)! + this.rng.int(1, 3) : start();
    this.counters.set(key, value);
    return value;
  }

  hostName(kind: HostKind, systemType: string): string {
    const rng = this.rng;
    let name: string;
    if (kind === 'workstation') {
      const dept = rng.pick(DEPARTMENTS);
      const n = this.next(`ws-${dept}`, () => rng.int(1, 120));
      name = `${systemType === 'laptop' ? 'LT' : 'WS'}-${dept}-${String(n).padStart(4, '0')}`;
    } else if (kind === 'server' || kind === 'dc') {
      const role = kind === 'dc' ? 'DC' : rng.pick(SERVER_ROLES);
      name = `SRV-${role}-${String(this.next(`srv-${role}`, () => 1)).padStart(2, '0')}`;
    } else if (kind === 'linux') {
      const role = rng.pick(LINUX_ROLES);
      name = `${role}-${String(this.next(`lx-${role}`, () => 1)).padStart(2, '0')}`;
    } else {
      const person = rng.pick(this.customer.people);
      name = `mbp-${ascii(person.firstName).charAt(0)}${ascii(person.lastName)}`;
    }
    // Two laptops for one person, or a counter collision: add a suffix rather than a duplicate name.
    let unique = name;
    for (let n = 2; this.used.has(unique); n++) unique = `${name}-${n}`;
    this.used.add(unique);
    return unique;
  }

  ip(kind: HostKind): string {
    const second = 10 + (this.customer.index % 240);
    const base = { dc: 1, server: 2, linux: 40, mac: 60, workstation: 80 }[kind];
    const n = this.next(`ip-${kind}`, () => 0);
    return `10.${second}.${(base + Math.floor(n / 240)) % 256}.${(n % 240) + 10}`;
  }
}

function platformFor(rng: Rng, kind: HostKind): Platform {
  const list = kind === 'dc' ? DC_PLATFORMS : PLATFORMS[kind];
  return rng.weighted(list.map((p) => [p, p.weight] as const));
}

function agentRow(
  rng: Rng,
  fleet: Rng,
  estate: Estate,
  customer: CustomerRef,
  kind: HostKind,
  now: number,
): [AgentRow, AgentRef] {
  const platform = platformFor(rng, kind);
  const hostName = estate.hostName(kind, platform.systemType);
  const ip = estate.ip(kind);
  const windows = platform.key.startsWith('windows');
  const statusCode = rng.weighted(STATUS_CODE_WEIGHTS);
  // Offline agents stopped reporting days ago; the others reported within the last ten minutes.
  const heartbeat =
    statusCode === 3 ? now - rng.int(2, 45) * DAY - rng.int(0, DAY) : now - rng.int(10, 600) * 1000;
  const firstActive = now - rng.int(14, 900) * DAY;
  const hardwareKind = kind === 'workstation' ? 'windows' : kind === 'dc' ? 'server' : kind;
  const [manufacturer, model] = rng.pick(HARDWARE[hardwareKind]).split('|');
  const person = rng.pick(customer.people);
  const agentId = rng.uuid();
  const row: AgentRow = {
    agentId,
    customerId: customer.customerId,
    hostName,
    platform: platform.key,
    architecture: rng.weighted(platform.architectures),
    version: rng.weighted(AGENT_VERSIONS),
    systemType: kind === 'dc' ? 'domain_controller' : platform.systemType,
    ip,
    statusCode,
    isDomainController: kind === 'dc',
    isIsolated: kind !== 'dc' && rng.chance(0.02),
    sysmonEnabled: windows ? rng.chance(0.65) : kind === 'linux' && rng.chance(0.2),
    syslogForwarder: kind === 'linux' ? rng.chance(0.25) : kind === 'server' && rng.chance(0.08),
    terminalEnabled: rng.chance(0.35),
    attributes: {
      os_name: platform.osName,
      manufacturer,
      model,
      serial: rng.hex(10).toUpperCase(),
      cpu_cores: rng.pick([2, 4, 8, 16]),
      memory_gb: rng.pick([8, 16, 32, 64]),
      ...(windows ? { domain: customer.netbios, last_user: `${customer.netbios}\\${person.sam}` } : {}),
      ...(kind === 'mac' ? { last_user: person.sam } : {}),
    },
    settings: { update_channel: rng.chance(0.05) ? 'preview' : 'stable', auto_update: rng.chance(0.9) },
    firstActive: new Date(firstActive),
    heartbeatAt: new Date(heartbeat),
    createdAt: new Date(firstActive),
  };
  addFleetFields(fleet, row, statusCode, now);
  return [row, { agentId, hostName, kind, osName: platform.osName, ip }];
}

/**
 * Inserts the agents and fills each customer's agent lists, which the alert generator draws hosts
 * from; with them each customer's enrolment tokens and the agents' response-action history, drawn
 * from the separate `fleet` stream so the agents themselves do not change with it.
 */
export async function seedAgents(
  db: Db,
  rng: Rng,
  list: readonly CustomerRef[],
  total: number,
  now: number,
  fleet: Rng,
  staffIds: readonly string[],
) {
  const counts = agentCounts(rng, list, total);
  const kinds = new WeightedTable(HOST_KIND_WEIGHTS, ([, w]) => w);
  // Agents are few compared to alerts (thousands at most), so build them all, then insert in batches.
  const rows: AgentRow[] = [];
  const tokens: (typeof agentEnrolmentTokens.$inferInsert)[] = [];
  for (const customer of list) {
    const first = rows.length;
    const estate = new Estate(rng, customer);
    const count = counts[customer.index]!;
    // Estates of four or more hosts run Active Directory: one domain controller, two from twenty hosts.
    const dcs = count >= 20 ? 2 : count >= 4 ? 1 : 0;
    for (let j = 0; j < count; j++) {
      const kind: HostKind = j < dcs ? 'dc' : j === dcs ? 'workstation' : kinds.pick(rng)[0];
      const [row, ref] = agentRow(rng, fleet, estate, customer, kind, now);
      rows.push(row);
      customer.agents.push(ref);
      customer.agentsByKind[kind].push(ref);
    }
    const own = rows.slice(first);
    const earliest = Math.min(...own.map((r) => r.firstActive!.getTime()));
    const issued = enrolmentTokens(fleet, customer, own.length, earliest, staffIds, now);
    for (const row of own) row.enrolmentTokenId = issued.rollOut.tokenId!;
    tokens.push(...issued.all);
  }
  await insertInBatches(db, agentEnrolmentTokens, tokens.length, 1000, (i) => tokens[i]!);
  await insertInBatches(db, agents, rows.length, 1000, (i) => rows[i]!);
  const actions = rows.flatMap((row) => actionHistory(fleet, row, row.statusCode !== 3, staffIds, now));
  await insertInBatches(db, agentActions, actions.length, 1000, (i) => actions[i]!);
  // Their own stream, so the fleet and its actions stay as they were.
  const scans = fleet.fork(1);
  const reports = rows.map((row) => agentReports(scans, row, now));
  const inventory = reports.flatMap((r) => r.inventory);
  const findings = reports.flatMap((r) => r.vulnerabilities);
  await insertInBatches(db, agentInventory, inventory.length, 1000, (i) => inventory[i]!);
  await insertInBatches(db, agentVulnerabilities, findings.length, 1000, (i) => findings[i]!);
  return rows.length;
}
