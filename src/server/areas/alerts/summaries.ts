import type { components } from '../../../api/schema.d.ts';

type Schemas = components['schemas'];
type Fields = Record<string, unknown>;

/**
 * Summaries the detail screen shows above the raw data (spec 2, section 2: entity summary; file,
 * sender and URL summaries). Sources name the same thing differently, so each summary tries the
 * names our integrations and agents use, in order of preference.
 */
function first(fields: Fields, names: readonly string[]): string | null {
  for (const name of names) {
    const value = fields[name];
    if (typeof value === 'string' && value.trim() !== '') return value;
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return null;
}

const USER = ['user_principal_name', 'user', 'account', 'user_name', 'username', 'recipient'];
const HOST = ['host_name', 'hostname', 'device_name', 'computer_name'];
const IP = ['source_ip', 'ip', 'remote_ip', 'sender_ip', 'destination_ip', 'client_ip'];
const PROCESS = ['process_command_line', 'process_path', 'process_name', 'image'];

export function entitySummary(hostName: string | null, fields: Fields): Schemas['EntitySummary'] {
  return {
    user: first(fields, USER),
    host: hostName ?? first(fields, HOST),
    ip: first(fields, IP),
    process: first(fields, PROCESS),
  };
}

/** Present when the raw data names a file (by name, path or hash). */
export function fileSummary(fields: Fields): Schemas['FileSummary'] | null {
  const summary = {
    name: first(fields, ['file_name', 'filename']),
    path: first(fields, ['file_path', 'path']),
    sha256: first(fields, ['file_sha256', 'sha256']),
    sha1: first(fields, ['file_sha1', 'sha1']),
    md5: first(fields, ['file_md5', 'md5']),
    malware_family: first(fields, ['malware_family', 'threat_name']),
  };
  return summary.name || summary.path || summary.sha256 || summary.sha1 || summary.md5 ? summary : null;
}

/** Present for e-mail alerts: who sent it, from where, to whom, about what. */
export function senderSummary(fields: Fields): Schemas['SenderSummary'] | null {
  const address = first(fields, ['sender', 'sender_address', 'from']);
  if (!address) return null;
  return {
    address,
    ip: first(fields, ['sender_ip']),
    recipient: first(fields, ['recipient', 'to']),
    subject: first(fields, ['subject']),
  };
}

/** Present when the raw data carries a link; the domain is what a threat lookup needs. */
export function urlSummary(fields: Fields): Schemas['UrlSummary'] | null {
  const url = first(fields, ['url', 'remote_url', 'threat_url', 'request_url']);
  if (!url) return null;
  let domain: string | null = null;
  try {
    domain = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `http://${url}`).hostname || null;
  } catch {
    domain = null;
  }
  return { url, domain };
}
