import { createHash } from 'node:crypto';
import { Rng } from '../../src/server/seed/prng.ts';
import { LOGIN_PLACES, PLATFORMS, SOFTWARE, USERS, VULNERABILITIES } from './catalogue.ts';
import type { AgentClient, PendingAction } from './client.ts';

export const SIMULATED_VERSION = '4.12.3';
const DAY = 86_400_000;

export interface ActionOutcome {
  status: 'succeeded' | 'failed';
  exit_code: number;
  output: string;
}

/** One simulated endpoint: what it is, what runs on it, and what it does when asked. */
export class SimulatedEndpoint {
  readonly rng: Rng;
  readonly profile: (typeof PLATFORMS)[number];
  readonly hostName: string;
  readonly ip: string;
  isolatedUntil: number | null = null;
  /** Ids of actions already carried out: delivery may repeat, the endpoint acts once. */
  readonly seen = new Set<string>();
  uninstalled = false;
  version = SIMULATED_VERSION;
  private readonly files = new Set<string>();

  constructor(
    prefix: string,
    readonly index: number,
    seed: number,
  ) {
    this.rng = new Rng(seed * 7919 + index);
    this.profile = PLATFORMS[index % PLATFORMS.length]!;
    const kind = this.profile.systemType === 'server' ? 'SRV' : 'WS';
    this.hostName = `${prefix}-${kind}-${String(index + 1).padStart(3, '0')}`;
    this.ip = `10.${this.rng.int(0, 255)}.${this.rng.int(0, 255)}.${this.rng.int(2, 254)}`;
  }

  get isolated(): boolean {
    return this.isolatedUntil !== null && this.isolatedUntil > Date.now();
  }

  enrolment() {
    return {
      host_name: this.hostName,
      platform: this.profile.platform,
      architecture: this.profile.architecture,
      version: this.version,
      system_type: this.profile.systemType,
      ip: this.ip,
    };
  }

  checkInState(interval: number) {
    return {
      version: this.version,
      ip: this.ip,
      health: 'healthy',
      features: ['edr', 'threat_hunting', 'vulnerability_scan'],
      is_isolated: this.isolated,
      check_in_interval: interval,
    };
  }

  inventory() {
    const now = Date.now();
    return {
      items: SOFTWARE[this.profile.family].map((software) => {
        const installed = new Date(now - this.rng.int(10, 900) * DAY);
        return {
          ...software,
          install_date: installed.toISOString().slice(0, 10).replaceAll('-', ''),
          last_seen: new Date(now - this.rng.int(0, 3) * DAY).toISOString(),
        };
      }),
    };
  }

  vulnerabilities() {
    const catalogue = VULNERABILITIES[this.profile.family];
    const some = <T>(list: T[]) => list.filter(() => this.rng.chance(0.6));
    return {
      patches: some(catalogue.patches),
      applications: some(catalogue.applications),
      os_vulnerabilities: some(catalogue.os),
    };
  }

  loginLocations() {
    const now = Date.now();
    const count = this.rng.int(1, 4);
    return {
      logins: Array.from({ length: count }, () => {
        const place = this.rng.pick(LOGIN_PLACES);
        return {
          user_name: this.rng.pick(USERS),
          ip: `${this.rng.int(20, 200)}.${this.rng.int(0, 255)}.${this.rng.int(0, 255)}.${this.rng.int(1, 254)}`,
          ...place,
          logged_in_at: new Date(now - this.rng.int(1, 14 * 24) * 3_600_000).toISOString(),
        };
      }),
    };
  }

  issues() {
    if (this.isolated)
      return {
        issues: [
          { code: 'network_isolated', severity: 'warning', message: 'Network isolated by the console' },
        ],
      };
    return this.rng.chance(0.15)
      ? { issues: [{ code: 'disk_low', severity: 'warning', message: 'C: has 3% free space' }] }
      : { issues: [] };
  }

  /** Carries out one action with the effect a real endpoint would have, and says how it went. */
  async perform(action: PendingAction, client: AgentClient): Promise<ActionOutcome> {
    const p = action.parameters;
    const ok = (output: string): ActionOutcome => ({ status: 'succeeded', exit_code: 0, output });
    switch (action.type) {
      case 'isolate': {
        const length = Number(p.length ?? 3600);
        this.isolatedUntil = Date.now() + length * 1000;
        return ok(
          `Firewall rules applied: all traffic blocked except the console. Isolated for ${length} s.`,
        );
      }
      case 'deisolate':
        this.isolatedUntil = null;
        return ok('Isolation firewall rules removed; network restored.');
      case 'upload_diagnostics': {
        const bundle = this.diagnosticsBundle();
        const sha256 = createHash('sha256').update(bundle).digest('hex');
        const name = `${this.hostName}-diagnostics.txt`;
        const upload = await client.uploadDiagnostics(action.action_id, name, bundle, sha256);
        return upload.status === 'complete'
          ? ok(`Uploaded ${name} (${bundle.length} bytes, sha256 ${sha256}).`)
          : { status: 'failed', exit_code: 2, output: `Upload ended ${upload.status}.` };
      }
      case 'full_disk_scan': {
        const files = this.rng.int(120_000, 900_000);
        return ok(`Scanned ${files} files in ${this.rng.int(300, 3000)} s: no threats found.`);
      }
      case 'quarantine_file':
      case 'delete_file': {
        const path = String(p.path ?? '');
        if (this.files.has(path))
          return { status: 'failed', exit_code: 2, output: `${path}: already handled on this endpoint.` };
        this.files.add(path);
        const verb = action.type === 'quarantine_file' ? 'moved to quarantine' : 'deleted';
        return ok(`${path}: ${verb}${p.force ? ' (forced, handles closed)' : ''}.`);
      }
      case 'refresh_threat_hunts':
        return ok(`Threat hunt rules refreshed: ${this.rng.int(200, 400)} rules active.`);
      case 'restart_agent':
        return ok('Agent service restarted.');
      case 'prompt_full_disk_access':
        return this.profile.family === 'mac'
          ? ok('The user was asked to grant Full Disk Access.')
          : { status: 'failed', exit_code: 1, output: 'Full Disk Access exists on macOS only.' };
      case 'force_upgrade':
        this.version = '4.13.0';
        return ok('Upgraded the agent to 4.13.0.');
      case 'uninstall':
        this.uninstalled = true;
        return ok('Agent removed; its credential is discarded.');
      case 'shutdown_system':
        return ok('Shutdown scheduled in 60 s; users were warned.');
      case 'restart_system':
        return ok('Restart scheduled in 60 s; users were warned.');
      default:
        return { status: 'failed', exit_code: 127, output: `Unknown action ${action.type}.` };
    }
  }

  private diagnosticsBundle(): Buffer {
    const lines = [`host ${this.hostName}`, `platform ${this.profile.platform}`, `agent ${this.version}`];
    for (let i = 0; i < 3000; i++)
      lines.push(`${new Date(Date.now() - i * 60_000).toISOString()} sensor ok, queue ${i % 17}`);
    return Buffer.from(lines.join('\n'));
  }
}
