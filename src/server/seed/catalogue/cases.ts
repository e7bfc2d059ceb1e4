/**
 * Case themes: what an analyst would open a case for, and which alert types belong in it.
 * Placeholders {host}, {upn} and {customer} are filled in from the case's anchor host and person.
 */
export interface CaseTheme {
  title: string;
  description: string;
  tags: string[];
  /** Alert types (AlertTemplate.type) linked to such a case. */
  types: string[];
  weight: number;
}

export const CASE_THEMES: readonly CaseTheme[] = [
  {
    title: 'Ransomware containment on {host}',
    description:
      'Encryption activity and shadow-copy deletion on {host}. Host isolated; scoping other hosts for the same binary and restoring from the last clean backup.',
    tags: ['ransomware', 'edr', 'incident'],
    types: ['ransomware', 'execution', 'defense_evasion'],
    weight: 1,
  },
  {
    title: 'Compromised account: {upn}',
    description:
      'Sign-ins for {upn} from unfamiliar locations followed by mailbox changes. Password reset and session revocation requested from the customer.',
    tags: ['identity', 'account-compromise'],
    types: ['identity', 'collection', 'persistence', 'exfiltration'],
    weight: 3,
  },
  {
    title: 'Phishing campaign targeting {customer}',
    description:
      'Several users received lures with the same sender infrastructure. Blocking sender domains and checking who clicked.',
    tags: ['phishing', 'email'],
    types: ['email'],
    weight: 3,
  },
  {
    title: 'Credential theft and lateral movement from {host}',
    description:
      'Credential dumping on {host} followed by remote execution on servers. Resetting privileged credentials and reviewing domain admin membership.',
    tags: ['credential-access', 'lateral-movement', 'incident'],
    types: ['credential_access', 'lateral_movement', 'privilege_escalation'],
    weight: 2,
  },
  {
    title: 'Cryptominer on {host}',
    description:
      'Miner process and connections to a mining pool from {host}. Removing the binary and the persistence, then patching the exposed service it came through.',
    tags: ['cryptomining', 'malware'],
    types: ['malware', 'command_and_control'],
    weight: 1,
  },
  {
    title: 'Brute-force activity against exposed services',
    description:
      'Sustained password guessing against remote access from known-bad addresses. Recommending MFA and restricting the service to the VPN.',
    tags: ['brute-force', 'perimeter'],
    types: ['credential_access'],
    weight: 2,
  },
  {
    title: 'Malware outbreak on workstations',
    description:
      'The same malware family detected on several endpoints within hours. Tracing the delivery vector.',
    tags: ['malware', 'outbreak'],
    types: ['malware', 'execution', 'persistence'],
    weight: 2,
  },
  {
    title: 'Command-and-control traffic from {host}',
    description:
      '{host} repeatedly contacts infrastructure known for command-and-control. Capturing memory before isolating.',
    tags: ['c2', 'network'],
    types: ['command_and_control', 'network'],
    weight: 1,
  },
  {
    title: 'Endpoint hygiene review',
    description:
      'Out-of-date definitions, failed backups and unwanted applications collected for the monthly review with {customer}.',
    tags: ['hygiene', 'review'],
    types: ['policy', 'backup', 'malware'],
    weight: 1,
  },
];
