/**
 * A report row's osName (spec 2, section 3: derived from os.platform): the platform key agents
 * report, `family-version` (windows-server-2022, ubuntu-22.04, amazon_linux-2023), as people
 * name the system. Families the table does not know read as their words capitalised.
 */
const FAMILIES: Record<string, string> = {
  windows: 'Windows',
  'windows-server': 'Windows Server',
  macos: 'macOS',
  ubuntu: 'Ubuntu',
  debian: 'Debian',
  rhel: 'Red Hat Enterprise Linux',
  centos: 'CentOS',
  fedora: 'Fedora',
  amazon_linux: 'Amazon Linux',
  linux: 'Linux',
  suse: 'SUSE Linux',
  sles: 'SUSE Linux Enterprise Server',
};

const capitalised = (word: string) => (word ? word[0]!.toUpperCase() + word.slice(1) : word);

export function osNameOf(platform: string): string {
  const key = platform.trim().toLowerCase();
  // The longest family the key starts with, followed by the end or a dash.
  const family = Object.keys(FAMILIES)
    .filter((f) => key === f || key.startsWith(`${f}-`))
    .sort((a, b) => b.length - a.length)[0];
  if (family) {
    const version = key.slice(family.length + 1).replace(/[-_]+/g, ' ');
    return version ? `${FAMILIES[family]} ${version}` : FAMILIES[family]!;
  }
  const words = platform
    .trim()
    .split(/[-_\s]+/)
    .filter(Boolean);
  return words.length ? words.map(capitalised).join(' ') : platform;
}
