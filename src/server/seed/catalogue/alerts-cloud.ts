import type { AlertTemplate } from '../types.ts';

/**
 * Detections from cloud identity, mail and collaboration sources. They concern a person, not a
 * host, so they carry no host name; addresses and links come from the seed's own pool.
 */
export const CLOUD_TEMPLATES: AlertTemplate[] = [
  {
    title: (c) => `Impossible travel sign-in for ${c.person.upn}`,
    type: 'identity',
    sources: ['Entra ID'],
    host: null,
    priority: 'high',
    weight: 5,
    fields: (c) => ({
      user_principal_name: c.person.upn,
      source_ip: c.remoteIp(0.5),
      country: c.country(),
      previous_ip: c.benignIp(),
      previous_country: c.customer.countryIso,
      minutes_between: c.rng.int(5, 90),
      application: c.rng.pick(['Office 365 Exchange Online', 'Microsoft Teams', 'Azure Portal']),
    }),
  },
  {
    title: 'Sign-in from anonymous IP address',
    type: 'identity',
    sources: ['Entra ID'],
    host: null,
    priority: 'medium',
    weight: 5,
    fields: (c) => ({
      user_principal_name: c.person.upn,
      source_ip: c.badIp(),
      country: c.country(),
      result: 'success',
    }),
  },
  {
    title: (c) => `MFA fatigue: repeated push denials for ${c.person.upn}`,
    type: 'identity',
    sources: ['Entra ID'],
    host: null,
    priority: 'high',
    weight: 2,
    fields: (c) => ({
      user_principal_name: c.person.upn,
      source_ip: c.remoteIp(0.7),
      denied_pushes: c.rng.int(6, 40),
    }),
  },
  {
    title: 'Password spray against multiple accounts',
    type: 'identity',
    sources: ['Entra ID'],
    host: null,
    priority: 'high',
    weight: 3,
    fields: (c) => ({
      source_ip: c.badIp(),
      targeted_accounts: c.rng.int(12, 400),
      successful: c.rng.int(0, 2),
    }),
  },
  {
    title: (c) => `Leaked credentials detected for ${c.person.upn}`,
    type: 'identity',
    sources: ['Entra ID'],
    host: null,
    priority: 'high',
    weight: 1,
    fields: (c) => ({
      user_principal_name: c.person.upn,
      risk_detail: 'leakedCredentials',
      source: 'paste site',
    }),
  },
  {
    title: 'Suspicious inbox forwarding rule created',
    type: 'collection',
    sources: ['O365'],
    host: null,
    priority: 'high',
    weight: 3,
    fields: (c) => ({
      user_principal_name: c.person.upn,
      rule_name: c.rng.pick(['.', '..', 'Archive', 'RSS']),
      forward_to: `${c.rng.hex(6)}@${c.badDomain()}`,
      source_ip: c.remoteIp(0.6),
    }),
  },
  {
    title: (c) => `Mass download from SharePoint by ${c.person.upn}`,
    type: 'exfiltration',
    sources: ['O365'],
    host: null,
    priority: 'medium',
    weight: 2,
    fields: (c) => ({
      user_principal_name: c.person.upn,
      files_downloaded: c.rng.int(300, 12_000),
      source_ip: c.remoteIp(0.3),
      site: `https://${c.customer.netbios.toLowerCase()}.sharepoint.example/sites/finance`,
    }),
  },
  {
    title: 'OAuth application granted mailbox read permission',
    type: 'persistence',
    sources: ['O365', 'Entra ID'],
    host: null,
    priority: 'medium',
    weight: 2,
    fields: (c) => ({
      user_principal_name: c.person.upn,
      application: c.rng.pick(['PDF Converter Pro', 'MailSync Helper', 'Calendar Assistant']),
      permissions: ['Mail.Read', 'offline_access'],
    }),
  },
  {
    title: 'Malicious e-mail attachment quarantined',
    type: 'email',
    sources: ['Email Security', 'O365'],
    host: null,
    priority: 'medium',
    weight: 9,
    fields: (c) => ({
      sender: `accounts@${c.badDomain()}`,
      recipient: c.person.upn,
      subject:
        c.rng.pick(['Overdue invoice #', 'Scanned document ', 'Remittance advice ', 'Purchase order ']) +
        c.rng.int(1000, 9999),
      ...c.fileFields('', 0.9, ['Emotet', 'QakBot', 'AgentTesla', 'IcedID', 'SocGholish']),
      action: 'quarantined',
      sender_ip: c.remoteIp(0.7),
    }),
  },
  {
    title: 'Phishing e-mail with credential harvesting link delivered',
    type: 'email',
    sources: ['Email Security', 'O365'],
    host: null,
    priority: 'high',
    weight: 5,
    fields: (c) => ({
      sender: `no-reply@${c.badDomain()}`,
      recipient: c.person.upn,
      subject: c.rng.pick([
        'Your mailbox is almost full',
        'Action required: verify your account',
        'Shared document awaiting your signature',
      ]),
      url: c.phishUrl(),
      clicked: c.rng.chance(0.3),
      sender_ip: c.remoteIp(0.7),
    }),
  },
  {
    title: 'Business e-mail compromise attempt impersonating an executive',
    type: 'email',
    sources: ['Email Security'],
    host: null,
    priority: 'high',
    weight: 2,
    fields: (c) => {
      const boss = c.colleague();
      return {
        sender: `${boss.firstName.toLowerCase()}.${boss.lastName.toLowerCase().replace(/[^a-z]/g, '')}@${c.badDomain()}`,
        display_name: `${boss.firstName} ${boss.lastName}`,
        recipient: c.person.upn,
        subject: 'Urgent wire transfer – confidential',
        sender_ip: c.remoteIp(0.6),
      };
    },
  },
  {
    title: 'Spoofed sender domain blocked',
    type: 'email',
    sources: ['Email Security'],
    host: null,
    priority: 'low',
    weight: 7,
    fields: (c) => ({
      sender: `it-support@${c.customer.domain}`,
      recipient: c.person.upn,
      spf: 'fail',
      dmarc: 'reject',
      sender_ip: c.remoteIp(0.5),
    }),
  },
];
