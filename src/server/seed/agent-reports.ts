import type { agentInventory, agents, agentVulnerabilities } from '../db/schema/index.ts';
import type { Rng } from './prng.ts';

type AgentRow = typeof agents.$inferInsert;
type InventoryRow = typeof agentInventory.$inferInsert;
type VulnerabilityRow = typeof agentVulnerabilities.$inferInsert;
type Family = 'windows' | 'macos' | 'linux';

const HOUR = 3_600_000;

/** Software an agent may list, by platform family: `name | version | publisher`. */
const SOFTWARE: Record<Family, readonly (readonly [string, string, string])[]> = {
  windows: [
    ['Google Chrome', '124.0.6367.91', 'Google LLC'],
    ['Mozilla Firefox', '125.0.3', 'Mozilla'],
    ['Microsoft Office 365', '16.0.17531', 'Microsoft Corporation'],
    ['7-Zip', '23.01', 'Igor Pavlov'],
    ['Notepad++', '8.6.5', 'Notepad++ Team'],
    ['Adobe Acrobat Reader', '24.001.20643', 'Adobe'],
    ['Zoom Workplace', '6.0.2', 'Zoom Video Communications'],
    ['OpenSSL', '3.0.1', 'OpenSSL Project'],
    ['Microsoft Teams', '24074.2321', 'Microsoft Corporation'],
    ['PuTTY', '0.80', 'Simon Tatham'],
  ],
  macos: [
    ['Google Chrome', '124.0.6367.91', 'Google LLC'],
    ['Slack', '4.38.121', 'Slack Technologies'],
    ['Zoom Workplace', '6.0.2', 'Zoom Video Communications'],
    ['Microsoft Word', '16.84', 'Microsoft Corporation'],
    ['iTerm2', '3.4.23', 'George Nachman'],
    ['Visual Studio Code', '1.89.0', 'Microsoft Corporation'],
  ],
  linux: [
    ['openssh-server', '8.9p1', 'Ubuntu'],
    ['openssl', '3.0.2', 'Ubuntu'],
    ['nginx', '1.18.0', 'Ubuntu'],
    ['postgresql-14', '14.11', 'Ubuntu'],
    ['curl', '7.81.0', 'Ubuntu'],
    ['sudo', '1.9.9', 'Ubuntu'],
    ['xz-utils', '5.2.5', 'Ubuntu'],
  ],
};

/** Findings an agent may report: `kind, ref, title, severity, CVEs`, by platform family. */
const FINDINGS: Record<
  Family,
  readonly (readonly [VulnerabilityRow['kind'], string, string, string, string[]])[]
> = {
  windows: [
    ['patch', 'KB5034441', 'Windows Recovery Environment update (KB5034441)', 'high', ['CVE-2024-20666']],
    [
      'patch',
      'KB5036893',
      'Cumulative security update (KB5036893)',
      'critical',
      ['CVE-2024-26234', 'CVE-2024-29988'],
    ],
    ['application', 'Google Chrome', 'Google Chrome before 124.0.6367.201', 'high', ['CVE-2024-4671']],
    ['application', 'OpenSSL', 'OpenSSL 3.0.0 to 3.0.1', 'high', ['CVE-2022-0778']],
    ['application', '7-Zip', '7-Zip before 24.07', 'medium', ['CVE-2024-11477']],
  ],
  macos: [
    ['os', 'macos-webkit-2024-001', 'WebKit memory corruption', 'high', ['CVE-2024-23222']],
    ['application', 'Google Chrome', 'Google Chrome before 124.0.6367.201', 'high', ['CVE-2024-4671']],
    ['application', 'Zoom Workplace', 'Zoom Workplace before 6.0.10', 'medium', ['CVE-2024-27240']],
  ],
  linux: [
    ['os', 'USN-6701-1', 'Linux kernel vulnerabilities (USN-6701-1)', 'high', ['CVE-2024-1086']],
    ['application', 'xz-utils', 'xz-utils 5.6.0 to 5.6.1 backdoor', 'critical', ['CVE-2024-3094']],
    ['application', 'openssh-server', 'OpenSSH signal handler race (regreSSHion)', 'high', ['CVE-2024-6387']],
    ['application', 'sudo', 'sudo heap overflow (Baron Samedit)', 'high', ['CVE-2021-3156']],
  ],
};

const familyOf = (platform: string): Family =>
  platform.startsWith('windows') ? 'windows' : platform.startsWith('mac') ? 'macos' : 'linux';

/**
 * What a scanning agent last reported: its installed software and a few findings out of it, so
 * the vulnerabilities report and the agent's Inventory tab have something to show. Agents that
 * never checked in report nothing.
 */
export function agentReports(rng: Rng, row: AgentRow, now: number) {
  const inventory: InventoryRow[] = [];
  const vulnerabilities: VulnerabilityRow[] = [];
  if (!row.heartbeatAt || !row.features?.includes('vulnerability_scan'))
    return { inventory, vulnerabilities };
  const family = familyOf(row.platform);
  const reportedAt = new Date(Math.min(row.heartbeatAt.getTime(), now) - rng.int(0, 12) * HOUR);
  const base = { agentId: row.agentId!, customerId: row.customerId, reportedAt };
  SOFTWARE[family].forEach(([name, version, publisher]) => {
    if (!rng.chance(0.75)) return;
    const installed = new Date(reportedAt.getTime() - rng.int(10, 700) * 24 * HOUR);
    inventory.push({
      ...base,
      position: inventory.length,
      name,
      version,
      publisher,
      installDate: installed.toISOString().slice(0, 10).replaceAll('-', ''),
      lastSeen: reportedAt,
    });
  });
  for (const [kind, ref, title, severity, cveIds] of FINDINGS[family]) {
    // An application finding needs the application installed; patches and OS findings are rarer.
    const installed = kind !== 'application' || inventory.some((i) => i.name === ref);
    if (installed && rng.chance(kind === 'application' ? 0.35 : 0.2))
      vulnerabilities.push({ ...base, kind, ref, title, severity, cveIds });
  }
  return { inventory, vulnerabilities };
}
