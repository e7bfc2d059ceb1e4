import type { Rng } from './prng.ts';
import type { AgentRef, BadFile, CustomerRef, IndicatorPool, Person } from './types.ts';

/** Sign-in countries for identity alerts: the "travel" in impossible travel. */
const SIGN_IN_COUNTRIES = [
  'US',
  'GB',
  'DE',
  'FI',
  'NL',
  'FR',
  'BR',
  'NG',
  'VN',
  'RU',
  'CN',
  'IN',
  'AE',
  'SG',
] as const;

const BENIGN_FILES = [
  'setup.exe',
  'invoice_scan.pdf.exe',
  'update.msi',
  'report.xlsm',
  'driver.sys',
  'tool.zip',
] as const;

/**
 * What an alert template may use to fill in its title and fields. One instance is reused for every
 * alert of a seed (only host, person and customer change), so a million alerts allocate no more
 * than they must.
 */
export class AlertContext {
  host: AgentRef | null = null;
  person!: Person;
  customer!: CustomerRef;

  constructor(
    readonly rng: Rng,
    private readonly pool: IndicatorPool,
  ) {}

  /** Host name for titles; templates that ask for a host always get one. */
  get hostName(): string {
    return this.host?.hostName ?? 'unknown host';
  }

  /** DOMAIN\user, as Windows sources report the account. */
  get account(): string {
    return `${this.customer.netbios}\\${this.person.sam}`;
  }

  /** A known-bad address: it is in threat_indicators, so the lookup shows a verdict. */
  badIp(): string {
    return this.rng.pick(this.pool.badIps);
  }

  /**
   * An address with no verdict. Only documentation ranges are used (RFC 5737 upper halves; the
   * lower halves hold the bad ones), so demo data never names a real network.
   */
  benignIp(): string {
    const net = this.rng.pick(['192.0.2', '198.51.100', '203.0.113'] as const);
    return `${net}.${net === '192.0.2' ? this.rng.int(1, 254) : this.rng.int(128, 254)}`;
  }

  /** An external address that is known-bad with the given probability. */
  remoteIp(badShare = 0.6): string {
    return this.rng.chance(badShare) ? this.badIp() : this.benignIp();
  }

  /**
   * A file: known-bad with the given probability (of one of `families` when given, so a ransomware
   * alert names a ransomware family), otherwise a hash nobody has seen.
   */
  file(badShare = 0.7, families?: readonly string[]): BadFile {
    if (this.rng.chance(badShare)) {
      const known = families
        ? this.pool.badFiles.filter((f) => families.includes(f.family))
        : this.pool.badFiles;
      if (known.length > 0) return this.rng.pick(known);
    }
    return { sha256: this.rng.hex(64), md5: null, fileName: this.rng.pick(BENIGN_FILES), family: '' };
  }

  badDomain(): string {
    return this.rng.pick(this.pool.badDomains);
  }

  /** A link as found in a phishing mail: a bad domain with a path that looks like a tracker. */
  phishUrl(): string {
    const path = this.rng.pick(['login', 'secure/verify', 'docs/view', 'invoice', 'auth/session', 'share']);
    return `https://${this.badDomain()}/${path}?id=${this.rng.hex(10)}`;
  }

  /** Another person of the same customer (a recipient, a second victim). */
  colleague(): Person {
    return this.rng.pick(this.customer.people);
  }

  country(): string {
    return this.rng.pick(SIGN_IN_COUNTRIES);
  }

  processId(): number {
    return this.rng.int(400, 65_000);
  }

  /** Opaque id as the source system names its own alert, for "open in source" links. */
  sourceId(prefix: string): string {
    return `${prefix}${this.rng.hex(18)}`;
  }

  /** Common fields of a process event on the current host. */
  process(image: string, commandLine: string, parent: string): Record<string, unknown> {
    return {
      device_id: this.host?.agentId ?? null,
      user: this.account,
      process_name: image.split(/[\\/]/).pop(),
      process_path: image,
      process_command_line: commandLine,
      process_id: this.processId(),
      parent_process: parent,
    };
  }

  /** Fields of a file a detection is about; known-bad with the given probability. */
  fileFields(directory: string, badShare = 0.7, families?: readonly string[]): Record<string, unknown> {
    const file = this.file(badShare, families);
    return {
      file_name: file.fileName,
      file_path: `${directory}${file.fileName}`,
      file_sha256: file.sha256,
      ...(file.md5 ? { file_md5: file.md5 } : {}),
      ...(file.family ? { malware_family: file.family } : {}),
    };
  }
}
