import { cells, list } from './table.ts';

/**
 * Threat intelligence for the demo. Bad domains are invented under .example and .test so no real
 * site is ever called malicious; bad addresses come from documentation ranges (RFC 5737); file
 * hashes are drawn from the seed. Malware family names are public threat-intelligence names.
 * The good entries are well-known services, as a lookup would rate them.
 */

/** `domain | categories | malware group | country`. */
export const BAD_DOMAINS = [
  'secure-docview.example         | phishing               | | RU',
  'invoice-portal-online.example  | phishing,malware       | Emotet | UA',
  'cdn-updatecheck.example        | command_and_control    | Cobalt Strike | NL',
  'o365-login-verify.example      | phishing               | | NG',
  'parcel-tracking-notice.example | phishing,spam          | | CN',
  'wallet-sync-service.test       | malware                | RedLine Stealer | RU',
  'dropfile-share.example         | malware_distribution   | QakBot | US',
  'telemetry-collector.test       | command_and_control    | IcedID | RO',
  'mailbox-quota-alert.example    | phishing               | | BR',
  'remote-support-desk.example    | scam,remote_access     | | IN',
  'payroll-update-hr.example      | phishing               | | VN',
  'cloud-drive-auth.test          | phishing               | | RU',
  'pool-mining-stratum.test       | cryptomining           | XMRig | CN',
  'beacon-relay.test              | command_and_control    | Sliver | BG',
  'fastdl-mirror.example          | malware_distribution   | SocGholish | US',
  'ads-redirect-hub.test          | malvertising           | | PA',
].map((row) => {
  const [value = '', categories, group = '', country = ''] = cells(row);
  return { value, categories: list(categories), group: group || null, country };
});

/** `family | categories | country | file name`: one known-bad file per family. */
export const MALWARE_FAMILIES = [
  'Emotet          | trojan,loader          | UA | invoice_0423.doc',
  'QakBot          | trojan,banking         | RU | scan_2291.one',
  'LockBit         | ransomware             | RU | svchost.exe',
  'BlackCat        | ransomware             | RU | update.exe',
  'AgentTesla      | spyware,keylogger      | TR | PO_77812.exe',
  'RedLine Stealer | infostealer            | RU | setup_crack.exe',
  'Cobalt Strike   | command_and_control    | CN | beacon.dll',
  'AsyncRAT        | remote_access          | BR | Client.exe',
  'XMRig           | cryptomining           | CN | kworkerds',
  'IcedID          | trojan,loader          | RU | license.dat',
  'SocGholish      | downloader             | RU | Chrome.Update.js',
  'Mimikatz        | hacktool               | FR | mimi.exe',
  'Raccoon Stealer | infostealer            | RU | readme.exe',
  'Sliver          | command_and_control    | US | implant.exe',
  'Atomic Stealer  | infostealer            | RU | Installer.dmg',
].map((row) => {
  const [family = '', categories, country = '', fileName = ''] = cells(row);
  return { family, categories: list(categories), country, fileName };
});

/** What a bad address is known for; one is assigned to each. */
export const IP_CATEGORIES = [
  ['scanner'],
  ['brute_force'],
  ['botnet'],
  ['command_and_control'],
  ['tor_exit_node', 'anonymizer'],
  ['proxy', 'anonymizer'],
  ['phishing'],
  ['spam'],
] as const;

export const BAD_IP_COUNTRIES = [
  'RU',
  'CN',
  'KP',
  'IR',
  'NL',
  'US',
  'BR',
  'VN',
  'RO',
  'BG',
  'UA',
  'IN',
] as const;

/** `domain | registrant organisation | popularity rank`. */
export const GOOD_DOMAINS = [
  'microsoft.com     | Microsoft Corporation | 3',
  'office.com        | Microsoft Corporation | 18',
  'windowsupdate.com | Microsoft Corporation | 41',
  'google.com        | Google LLC            | 1',
  'apple.com         | Apple Inc.            | 12',
  'github.com        | GitHub, Inc.          | 25',
  'amazonaws.com     | Amazon Technologies, Inc. | 6',
  'cloudflare.com    | Cloudflare, Inc.      | 9',
  'zoom.us           | Zoom Video Communications, Inc. | 48',
  'slack.com         | Slack Technologies, LLC | 95',
  'salesforce.com    | Salesforce, Inc.      | 70',
  'okta.com          | Okta, Inc.            | 160',
].map((row) => {
  const [value = '', organisation = '', rank = '0'] = cells(row);
  return { value, organisation, popularity: Number(rank) };
});

/** `address | organisation | country`: public resolvers that show up in every network log. */
export const GOOD_IPS = [
  '8.8.8.8 | Google LLC | US',
  '1.1.1.1 | Cloudflare, Inc. | US',
  '9.9.9.9 | Quad9 | CH',
].map((row) => {
  const [value = '', organisation = '', country = ''] = cells(row);
  return { value, organisation, country };
});
