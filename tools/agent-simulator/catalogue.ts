/** What simulated endpoints run and what they find vulnerable, by platform family. */
export interface Software {
  name: string;
  version: string;
  publisher: string;
}
export interface Finding {
  id: string;
  title: string;
  version?: string;
  severity: 'low' | 'medium' | 'high' | 'critical';
  cve_ids: string[];
}

export const PLATFORMS = [
  { platform: 'windows-11', family: 'windows', architecture: 'x64', systemType: 'workstation' },
  { platform: 'windows-server-2022', family: 'windows', architecture: 'x64', systemType: 'server' },
  { platform: 'macos-14', family: 'mac', architecture: 'arm64', systemType: 'workstation' },
  { platform: 'linux-ubuntu-22.04', family: 'linux', architecture: 'x64', systemType: 'server' },
] as const;
export type Family = (typeof PLATFORMS)[number]['family'];

export const SOFTWARE: Record<Family, Software[]> = {
  windows: [
    { name: 'Google Chrome', version: '131.0.6778.86', publisher: 'Google LLC' },
    { name: 'Mozilla Firefox', version: '128.4.0', publisher: 'Mozilla' },
    { name: 'Microsoft 365 Apps for enterprise', version: '16.0.18129', publisher: 'Microsoft Corporation' },
    { name: '7-Zip 23.01 (x64)', version: '23.01', publisher: 'Igor Pavlov' },
    { name: 'Notepad++ (64-bit x64)', version: '8.6.2', publisher: 'Notepad++ Team' },
    { name: 'Adobe Acrobat Reader', version: '24.002.20933', publisher: 'Adobe' },
    { name: 'Microsoft Teams', version: '24295.605.3225', publisher: 'Microsoft Corporation' },
    { name: 'Zoom Workplace', version: '6.2.5', publisher: 'Zoom Video Communications' },
    { name: 'Sysmon', version: '15.15', publisher: 'Sysinternals' },
    { name: 'WinSCP 6.1.2', version: '6.1.2', publisher: 'Martin Prikryl' },
  ],
  mac: [
    { name: 'Google Chrome', version: '131.0.6778.86', publisher: 'Google LLC' },
    { name: 'Slack', version: '4.41.97', publisher: 'Slack Technologies' },
    { name: 'Microsoft Outlook', version: '16.91', publisher: 'Microsoft Corporation' },
    { name: 'Visual Studio Code', version: '1.95.3', publisher: 'Microsoft Corporation' },
    { name: 'Zoom Workplace', version: '6.2.5', publisher: 'Zoom Video Communications' },
    { name: '1Password', version: '8.10.50', publisher: 'AgileBits' },
  ],
  linux: [
    { name: 'openssh-server', version: '1:8.9p1-3ubuntu0.10', publisher: 'Ubuntu' },
    { name: 'openssl', version: '3.0.2-0ubuntu1.18', publisher: 'Ubuntu' },
    { name: 'nginx', version: '1.18.0-6ubuntu14.4', publisher: 'Ubuntu' },
    { name: 'sudo', version: '1.9.9-1ubuntu2.4', publisher: 'Ubuntu' },
    { name: 'curl', version: '7.81.0-1ubuntu1.18', publisher: 'Ubuntu' },
  ],
};

export const VULNERABILITIES: Record<Family, { patches: Finding[]; applications: Finding[]; os: Finding[] }> =
  {
    windows: {
      patches: [
        {
          id: 'KB5034441',
          title: 'Windows Recovery Environment update',
          severity: 'medium',
          cve_ids: ['CVE-2024-20666'],
        },
        {
          id: 'KB5040442',
          title: '2024-07 cumulative update',
          severity: 'critical',
          cve_ids: ['CVE-2024-38077', 'CVE-2024-38112'],
        },
        {
          id: 'KB5044284',
          title: '2024-10 cumulative update',
          severity: 'high',
          cve_ids: ['CVE-2024-43572', 'CVE-2024-43573'],
        },
      ],
      applications: [
        {
          id: '7-Zip',
          title: '7-Zip before 24.07: Mark-of-the-Web bypass',
          version: '23.01',
          severity: 'high',
          cve_ids: ['CVE-2025-0411'],
        },
        {
          id: 'Notepad++',
          title: 'Notepad++ before 8.6.3: heap overflow',
          version: '8.6.2',
          severity: 'high',
          cve_ids: ['CVE-2024-3348'],
        },
        {
          id: 'WinSCP',
          title: 'WinSCP before 6.1.2 remote code execution',
          version: '6.1.2',
          severity: 'medium',
          cve_ids: ['CVE-2023-28755'],
        },
      ],
      os: [{ id: 'WIN-SMBV1', title: 'SMBv1 enabled', severity: 'high', cve_ids: ['CVE-2017-0144'] }],
    },
    mac: {
      patches: [
        {
          id: 'macOS-14.7.1',
          title: 'macOS Sonoma 14.7.1 security update',
          severity: 'high',
          cve_ids: ['CVE-2024-44294'],
        },
      ],
      applications: [
        {
          id: 'Zoom Workplace',
          title: 'Zoom before 6.2.10: privilege escalation',
          version: '6.2.5',
          severity: 'medium',
          cve_ids: ['CVE-2024-45421'],
        },
      ],
      os: [{ id: 'MAC-GATEKEEPER-OFF', title: 'Gatekeeper disabled', severity: 'medium', cve_ids: [] }],
    },
    linux: {
      patches: [
        {
          id: 'USN-6855-1',
          title: 'OpenSSH regreSSHion fix',
          severity: 'critical',
          cve_ids: ['CVE-2024-6387'],
        },
      ],
      applications: [
        {
          id: 'sudo',
          title: 'sudo before 1.9.15p5',
          version: '1.9.9',
          severity: 'medium',
          cve_ids: ['CVE-2023-42465'],
        },
      ],
      os: [
        {
          id: 'LNX-KERNEL-5.15',
          title: 'Kernel 5.15 use-after-free in netfilter',
          severity: 'high',
          cve_ids: ['CVE-2024-1086'],
        },
      ],
    },
  };

export const LOGIN_PLACES = [
  { country: 'GB', city: 'London', latitude: 51.507, longitude: -0.128 },
  { country: 'FI', city: 'Helsinki', latitude: 60.17, longitude: 24.938 },
  { country: 'DE', city: 'Berlin', latitude: 52.52, longitude: 13.405 },
  { country: 'US', city: 'New York', latitude: 40.713, longitude: -74.006 },
  { country: 'NL', city: 'Amsterdam', latitude: 52.37, longitude: 4.895 },
];

export const USERS = ['alice', 'bob', 'chen', 'dana', 'erik', 'fatima', 'svc_backup'];
