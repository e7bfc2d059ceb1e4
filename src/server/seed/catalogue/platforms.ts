/**
 * Agent platforms. The console derives a platform's short name from the part before the first dash
 * or underscore (windows-server-2022 → windows, amazon_linux-2023 → amazon), so the keys keep that shape.
 */

import { cells, list } from './table.ts';

/** What an alert template can ask for when it needs a host. */
export type HostKind = 'workstation' | 'server' | 'dc' | 'linux' | 'mac';

export interface Platform {
  key: string;
  /** What the agent reports as the operating system, shown as an alert's host_os. */
  osName: string;
  systemType: string;
  architectures: (readonly [string, number])[];
  weight: number;
}

/** Rows are `key | os name | system type | architecture:weight,… | weight`: one platform a line reads as a table. */
function table(rows: readonly string[]): Platform[] {
  return rows.map((row) => {
    const [key = '', osName = '', systemType = '', arch = '', weight = '1'] = cells(row);
    const architectures = list(arch).map((a) => {
      const [name = 'x64', w = '1'] = a.split(':');
      return [name, Number(w)] as const;
    });
    return { key, osName, systemType, architectures, weight: Number(weight) };
  });
}

export const PLATFORMS: Record<Exclude<HostKind, 'dc'>, Platform[]> = {
  workstation: table([
    'windows-10          | Windows 10 Enterprise 22H2     | workstation | x64:9,x86:1   | 4',
    'windows-11          | Windows 11 Enterprise 23H2     | laptop      | x64:9,arm64:1 | 6',
  ]),
  server: table([
    'windows-server-2016 | Windows Server 2016 Standard   | server | x64 | 1',
    'windows-server-2019 | Windows Server 2019 Standard   | server | x64 | 3',
    'windows-server-2022 | Windows Server 2022 Datacenter | server | x64 | 4',
  ]),
  mac: table([
    'macos-13            | macOS 13.6 Ventura             | laptop | x64:1,arm64:1 | 1',
    'macos-14            | macOS 14.5 Sonoma              | laptop | arm64         | 3',
    'macos-15            | macOS 15.1 Sequoia             | laptop | arm64         | 2',
  ]),
  linux: table([
    'ubuntu-20.04        | Ubuntu 20.04.6 LTS             | server | x64           | 1',
    'ubuntu-22.04        | Ubuntu 22.04.4 LTS             | server | x64:4,arm64:1 | 4',
    'ubuntu-24.04        | Ubuntu 24.04 LTS               | server | x64:3,arm64:1 | 2',
    'rhel-8              | Red Hat Enterprise Linux 8.9   | server | x64           | 1',
    'rhel-9              | Red Hat Enterprise Linux 9.4   | server | x64           | 2',
    'debian-12           | Debian GNU/Linux 12 (bookworm) | server | x64           | 1',
    'amazon_linux-2023   | Amazon Linux 2023              | server | x64:1,arm64:1 | 1',
  ]),
};

/** Domain controllers only run the two newest Windows Server releases in these estates. */
export const DC_PLATFORMS = PLATFORMS.server.filter((p) => p.key !== 'windows-server-2016');

/** Share of each host kind in a customer's estate (domain controllers are placed separately). */
export const HOST_KIND_WEIGHTS: readonly (readonly [Exclude<HostKind, 'dc'>, number])[] = [
  ['workstation', 62],
  ['server', 14],
  ['linux', 11],
  ['mac', 13],
];

/** Agent releases in the field: most hosts run the latest, a tail lags behind. */
export const AGENT_VERSIONS: readonly (readonly [string, number])[] = [
  ['4.12.3', 55],
  ['4.12.1', 15],
  ['4.11.8', 18],
  ['4.10.2', 8],
  ['3.9.14', 4],
];

/** 0 healthy, 1 warning, 2 error, 3 offline (its heartbeat is stale). */
export const STATUS_CODE_WEIGHTS: readonly (readonly [number, number])[] = [
  [0, 78],
  [1, 9],
  [2, 4],
  [3, 9],
];
