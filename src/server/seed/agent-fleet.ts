import { deriveAgentStatus, hashSecret } from '../areas/agents/index.ts';
import type { agentEnrolmentTokens, agents } from '../db/schema/index.ts';
import type { Rng } from './prng.ts';
import type { CustomerRef } from './types.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
type AgentRow = typeof agents.$inferInsert;
type TokenRow = typeof agentEnrolmentTokens.$inferInsert;

/** Features an agent reports, by platform family: what the console's feature list shows. */
function featuresFor(rng: Rng, row: AgentRow): string[] {
  const windows = row.platform.startsWith('windows');
  const mac = row.platform.startsWith('mac');
  const features = ['edr', 'threat_hunting', 'vulnerability_scan'];
  if (windows) features.push('firewall_isolation', 'quarantine');
  if (mac) features.push('quarantine', rng.chance(0.8) ? 'full_disk_access' : 'full_disk_access_missing');
  if (!windows && !mac) features.push('nftables_isolation');
  if (row.sysmonEnabled) features.push('sysmon');
  if (row.syslogForwarder) features.push('syslog_forwarder');
  if (row.terminalEnabled) features.push('terminal');
  return features;
}

const HEALTH_ISSUES = [
  'Event log service not running',
  'Disk almost full (2% free)',
  'Sensor driver failed to load',
  'Clock is 9 minutes behind the server',
];

/**
 * Fills in what the agent protocol records (interval, health, features, applied settings,
 * isolation end) from the fleet's own random stream, so the agents' other fields (and every alert
 * drawn from them) stay as they were. The heartbeat is redrawn to agree with the interval: an
 * agent meant to be online checked in within its interval. The stored status code is the derived one.
 */
export function addFleetFields(rng: Rng, row: AgentRow, seededCode: number, now: number): void {
  const server = row.systemType === 'server' || row.isDomainController;
  row.checkInInterval = server ? 120 : 60;
  if (seededCode !== 3) row.heartbeatAt = new Date(now - rng.int(5, row.checkInInterval) * 1000);
  row.health = seededCode === 2 ? 'unhealthy' : 'healthy';
  row.healthIssues = seededCode === 2 ? [rng.pick(HEALTH_ISSUES)] : [];
  row.features = featuresFor(rng, row);
  row.appliedSettings = row.settings ?? {};
  row.isolatedUntil = row.isIsolated ? new Date(now + rng.int(1, 48) * HOUR) : null;
  row.statusCode = deriveAgentStatus(
    {
      heartbeatAt: row.heartbeatAt ?? null,
      firstActive: row.firstActive ?? null,
      checkInInterval: row.checkInInterval,
      health: row.health,
      version: row.version,
      isIsolated: row.isIsolated ?? false,
    },
    new Date(now),
  ).statusCode;
}

/**
 * Each customer's enrolment tokens: the roll-out token its agents enrolled with (long expired),
 * the installer token in use now, and at times one revoked after it was shared by mistake.
 * Their secrets are random and discarded: only new tokens, made in the console, can enrol.
 */
export function enrolmentTokens(
  rng: Rng,
  customer: CustomerRef,
  agentCount: number,
  firstActive: number,
  staffIds: readonly string[],
  now: number,
): { rollOut: TokenRow; all: TokenRow[] } {
  const token = (row: Omit<TokenRow, 'tokenId' | 'customerId' | 'secretHash'>): TokenRow => ({
    tokenId: rng.uuid(),
    customerId: customer.customerId,
    secretHash: hashSecret(rng.hex(43)),
    createdBy: rng.pick(staffIds),
    ...row,
  });
  const rollOut = token({
    name: `${customer.name} roll-out`,
    useLimit: agentCount + rng.int(0, 25),
    uses: agentCount,
    createdAt: new Date(firstActive - rng.int(1, 5) * DAY),
    expiresAt: new Date(firstActive + 30 * DAY),
  });
  const created = now - rng.int(1, 20) * DAY;
  const current = token({
    name: `${customer.name} installer`,
    useLimit: rng.pick([10, 25, 50, 100]),
    uses: 0,
    createdAt: new Date(created),
    expiresAt: new Date(created + 30 * DAY),
  });
  const all = [rollOut, current];
  if (rng.chance(0.2)) {
    const leaked = now - rng.int(20, 200) * DAY;
    all.push(
      token({
        name: `Shared in ticket #${rng.int(1000, 9999)}`,
        useLimit: 5,
        uses: 0,
        createdAt: new Date(leaked),
        expiresAt: new Date(leaked + 7 * DAY),
        revokedAt: new Date(leaked + rng.int(1, 48) * HOUR),
        revokedBy: rng.pick(staffIds),
      }),
    );
  }
  return { rollOut, all };
}
