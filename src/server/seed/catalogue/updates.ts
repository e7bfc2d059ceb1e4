/**
 * Platform announcements for the demo: a few in the last two weeks (so the "new" badge shows), the
 * rest spread over half a year. `daysAgo` is relative to the moment of seeding.
 */
export interface UpdateEntry {
  category:
    | 'agent_release'
    | 'announcement'
    | 'platform_update'
    | 'maintenance'
    | 'new_alert_type'
    | 'platform_feature';
  title: string;
  daysAgo: number;
  /** Days after publication the entry was last edited (0: never). */
  editedAfter: number;
  body: string;
}

export const UPDATES: readonly UpdateEntry[] = [
  {
    category: 'agent_release',
    title: 'Agent 4.12.3 released',
    daysAgo: 2,
    editedAfter: 0,
    body: `## What's new\n\n- Lower memory use on Windows Server hosts with many network connections.\n- macOS 15 Sequoia: full-disk-access prompt is detected and reported.\n\n## Fixes\n\n- Heartbeats no longer stop after the host resumes from hibernation.\n\nAgents on the **stable** channel update automatically within 72 hours.`,
  },
  {
    category: 'maintenance',
    title: 'Scheduled maintenance: EU data centre, Saturday 02:00–04:00 UTC',
    daysAgo: 5,
    editedAfter: 1,
    body: `The EU region will be in maintenance on **Saturday from 02:00 to 04:00 UTC**.\n\n- Alerts keep being collected and are processed after the window.\n- The console may be unavailable for up to 15 minutes.\n\nNo action is needed.`,
  },
  {
    category: 'new_alert_type',
    title: 'New detection: MFA fatigue attacks',
    daysAgo: 9,
    editedAfter: 0,
    body: `Entra ID customers now get an alert when a user **denies several MFA push requests in a row**, a pattern used to wear users down until they approve.\n\nRecommended response:\n\n1. Reset the user's password.\n2. Revoke their sessions.\n3. Switch the user to number matching.`,
  },
  {
    category: 'platform_feature',
    title: 'Keyboard shortcuts everywhere',
    daysAgo: 12,
    editedAfter: 2,
    body: `Press \`?\` on any page to see its shortcuts.\n\n| Keys | Action |\n| --- | --- |\n| \`g a\` | Go to alerts |\n| \`g c\` | Go to cases |\n| \`/\` | Search |\n| \`j\` / \`k\` | Next / previous row |`,
  },
  {
    category: 'platform_update',
    title: 'Faster alert lists for large customers',
    daysAgo: 20,
    editedAfter: 0,
    body: `Alert lists with more than a million rows now open in under a second. Filters on status and priority use new indexes.\n\nNothing changes in how you use the console.`,
  },
  {
    category: 'announcement',
    title: 'Watchfloor is now ISO 27001 certified',
    daysAgo: 33,
    editedAfter: 0,
    body: `We are happy to announce that our operations are **ISO/IEC 27001:2022** certified. The certificate is available to partners on request from your account manager.`,
  },
  {
    category: 'agent_release',
    title: 'Agent 4.12.1 released',
    daysAgo: 41,
    editedAfter: 3,
    body: `## Fixes\n\n- Sysmon configuration is reapplied after a Sysmon upgrade.\n- Isolation now keeps DHCP and DNS working on Windows 11 24H2.\n\n> Hosts on 3.9 must be upgraded manually: see the knowledge base.`,
  },
  {
    category: 'new_alert_type',
    title: 'New detection: shadow copies deleted',
    daysAgo: 55,
    editedAfter: 0,
    body: `Deleting volume shadow copies is a step almost every ransomware takes before encrypting. Windows agents now raise a **critical** alert when \`vssadmin\`, \`wmic\` or PowerShell delete them.`,
  },
  {
    category: 'platform_feature',
    title: 'Cases: group related alerts',
    daysAgo: 68,
    editedAfter: 5,
    body: `Related alerts of one customer can now be grouped into a **case** with its own status, assignees and tags.\n\n- Select alerts and press \`c\` to create a case.\n- Closing a case offers to close its alerts.`,
  },
  {
    category: 'maintenance',
    title: 'Completed: database upgrade in the US region',
    daysAgo: 80,
    editedAfter: 0,
    body: `The database upgrade in the US region finished on schedule. Alert processing was delayed by at most 6 minutes.`,
  },
  {
    category: 'platform_update',
    title: 'Threat lookups show malware families',
    daysAgo: 96,
    editedAfter: 0,
    body: `Looking up a file hash, domain or IP now shows the **malware family** and threat categories when known, next to the verdict and risk score.`,
  },
  {
    category: 'announcement',
    title: 'Windows 10 end of support: plan your upgrades',
    daysAgo: 120,
    editedAfter: 10,
    body: `Microsoft ends support for Windows 10 in October 2025. The agent keeps working on Windows 10, but hosts without security updates are a growing risk.\n\nUse the **Agents** page, filtered by platform \`windows-10\`, to find the hosts to upgrade.`,
  },
  {
    category: 'agent_release',
    title: 'Agent 4.11.8 released',
    daysAgo: 150,
    editedAfter: 0,
    body: `- Linux: support for Ubuntu 24.04 and Amazon Linux 2023 on arm64.\n- Syslog forwarding can be enabled per agent.`,
  },
  {
    category: 'new_alert_type',
    title: 'New detection: impossible travel',
    daysAgo: 185,
    editedAfter: 0,
    body: `Sign-ins from two countries too far apart to travel between in the time elapsed now raise a **high** priority alert for Entra ID customers.`,
  },
];
