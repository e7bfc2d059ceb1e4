import { createHash } from 'node:crypto';
import type { ActionStep, agentActions, agents } from '../db/schema/index.ts';
import type { Rng } from './prng.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;
type AgentRow = typeof agents.$inferInsert;
type ActionRow = typeof agentActions.$inferInsert;

/** What analysts ask of agents most, by weight. */
const TYPES: readonly (readonly [string, number])[] = [
  ['full_disk_scan', 30],
  ['refresh_threat_hunts', 14],
  ['upload_diagnostics', 12],
  ['quarantine_file', 10],
  ['isolate', 8],
  ['restart_agent', 8],
  ['force_upgrade', 6],
  ['delete_file', 5],
  ['restart_system', 4],
];

const FILES = [
  'C:\\Users\\Public\\Downloads\\invoice_0423.pdf.exe',
  'C:\\ProgramData\\svchost32.exe',
  'C:\\Users\\Default\\AppData\\Roaming\\update.js',
  '/tmp/.x/kdevtmpfsi',
  '/Users/Shared/.helper/agentd',
];

function parametersFor(rng: Rng, type: string): Record<string, unknown> {
  if (type === 'isolate') return { length: rng.pick([3600, 14_400, 86_400]) };
  if (type === 'quarantine_file' || type === 'delete_file')
    return { path: rng.pick(FILES), force: rng.chance(0.2) };
  return {};
}

function successOutput(rng: Rng, type: string, parameters: Record<string, unknown>): string {
  switch (type) {
    case 'full_disk_scan': {
      const threats = rng.chance(0.1) ? rng.int(1, 3) : 0;
      return `Scanned ${rng.int(180_000, 900_000)} files in ${rng.int(12, 95)} min; ${threats} threat${threats === 1 ? '' : 's'} found${threats ? ' and quarantined' : ''}.`;
    }
    case 'refresh_threat_hunts':
      return `Loaded ${rng.int(40, 180)} hunt rules (bundle ${rng.hex(8)}).`;
    case 'upload_diagnostics':
      return `Diagnostics bundle uploaded: ${rng.int(2, 60)} chunks of 64 KB.`;
    case 'quarantine_file':
      return `Quarantined ${parameters.path} (sha256 ${rng.hex(64)}).`;
    case 'delete_file':
      return `Deleted ${parameters.path}.`;
    case 'isolate':
      return `Network isolated for ${parameters.length} s; console connection kept.`;
    case 'deisolate':
      return 'Network isolation lifted; firewall rules restored.';
    case 'force_upgrade':
      return 'Agent upgraded to 4.12.3; service restarted.';
    default:
      return 'Done.';
  }
}

const FAILURES: readonly (readonly [string, number])[] = [
  ['Access is denied.', 5],
  ['The file is in use by another process.', 32],
  ['The system cannot find the file specified.', 2],
  ['Timed out waiting for the service to stop.', 1460],
];

function outputFields(output: string) {
  return {
    output,
    outputSha256: createHash('sha256').update(output).digest('hex'),
    outputBytes: Buffer.byteLength(output),
  };
}

/**
 * A believable history of response actions for a share of the agents: mostly scans and hunts
 * that succeeded, some failures with their exit codes, actions that expired on agents that went
 * quiet, a few cancelled; the isolation of every isolated agent; and a few still under way.
 */
export function actionHistory(
  rng: Rng,
  agent: AgentRow,
  online: boolean,
  staffIds: readonly string[],
  now: number,
): ActionRow[] {
  const rows: ActionRow[] = [];
  const make = (type: string, asked: number, parameters = parametersFor(rng, type)): ActionRow => ({
    actionId: rng.uuid(),
    customerId: agent.customerId,
    agentId: agent.agentId!,
    type,
    parameters,
    requestedBy: rng.pick(staffIds),
    createdAt: new Date(asked),
    expiresAt: new Date(asked + (type === 'restart_system' || type === 'restart_agent' ? 1 : 14) * DAY),
  });
  const finish = (row: ActionRow, outcome: 'succeeded' | 'failed', delivered: number) => {
    const started = delivered + rng.int(1, 20) * 1000;
    const finished = started + rng.int(5, 60 * 60) * 1000;
    const receipt = `run-${rng.hex(6)}`;
    const failure = rng.weighted(FAILURES.map(([text, code]) => [[text, code], 1] as const));
    const output = outcome === 'succeeded' ? successOutput(rng, row.type, row.parameters ?? {}) : failure[0];
    Object.assign(row, {
      status: outcome,
      deliveredAt: new Date(delivered),
      startedAt: new Date(started),
      finishedAt: new Date(finished),
      exitCode: outcome === 'succeeded' ? 0 : failure[1],
      ...outputFields(output),
      updatedAt: new Date(finished),
    });
    row.steps = [
      step('queued', row.createdAt!.getTime(), null, row.requestedBy),
      step('delivered', delivered, `check-in from ${agent.ip ?? 'unknown address'}, agent ${agent.version}`),
      step('running', started, receipt),
      step(outcome, finished, receipt),
    ];
  };

  const heartbeat = agent.heartbeatAt?.getTime() ?? now;
  const past = rng.chance(0.12) ? rng.int(1, 3) : 0;
  for (let i = 0; i < past; i++) {
    const type = rng.weighted(TYPES);
    const asked = Math.min(heartbeat, now) - rng.int(1, 120) * DAY + rng.int(0, DAY / MINUTE) * MINUTE;
    const row = make(type, asked);
    const drawn = rng.weighted([
      ['succeeded', 80],
      ['failed', 12],
      ['cancelled', 5],
      ['expired', 3],
    ] as const);
    // Only an action whose expiry has passed can have expired.
    const fate = drawn === 'expired' && row.expiresAt!.getTime() > now ? 'cancelled' : drawn;
    if (fate === 'succeeded' || fate === 'failed') {
      finish(row, fate, asked + rng.int(5, 600) * 1000);
      rows.push(row);
      if (type === 'isolate' && fate === 'succeeded') {
        const lifted = make('deisolate', row.finishedAt!.getTime() + rng.int(10, 90) * MINUTE, {});
        finish(lifted, 'succeeded', lifted.createdAt!.getTime() + rng.int(5, 120) * 1000);
        rows.push(lifted);
      }
    } else {
      const at = fate === 'expired' ? row.expiresAt!.getTime() : asked + rng.int(1, 30) * MINUTE;
      Object.assign(row, { status: fate, finishedAt: new Date(at), updatedAt: new Date(at) });
      row.steps = [
        step('queued', asked, null, row.requestedBy),
        step(fate, at, null, fate === 'cancelled' ? rng.pick(staffIds) : null),
      ];
      rows.push(row);
    }
  }

  // The isolation in force: asked for shortly before it began, ending at isolated_until.
  if (agent.isIsolated && agent.isolatedUntil) {
    // Whole hours, long enough that it began before now.
    const length = (Math.ceil((agent.isolatedUntil.getTime() - now) / 3_600_000) + rng.int(1, 24)) * 3600;
    const began = agent.isolatedUntil.getTime() - length * 1000;
    const row = make('isolate', began - rng.int(60, 300) * 1000, { length });
    finish(row, 'succeeded', began - rng.int(25, 40) * 1000);
    row.finishedAt = new Date(began);
    row.steps!.at(-1)!.at = new Date(began).toISOString();
    rows.push(row);
  }

  // A few actions still under way on agents that are online now.
  if (online && rng.chance(0.02)) {
    const row = make(rng.weighted(TYPES), now - rng.int(1, 30) * MINUTE);
    const asked = row.createdAt!.getTime();
    // Online agents take up a queued action within a minute, so none is left queued here.
    const stage = rng.chance(0.35) ? 'delivered' : 'running';
    row.status = stage;
    row.steps = [step('queued', asked, null, row.requestedBy)];
    {
      const delivered = Math.min(now, asked + rng.int(5, 60) * 1000);
      row.deliveredAt = new Date(delivered);
      row.steps.push(
        step(
          'delivered',
          delivered,
          `check-in from ${agent.ip ?? 'unknown address'}, agent ${agent.version}`,
        ),
      );
      if (stage === 'running') {
        row.startedAt = new Date(Math.min(now, delivered + 2000));
        row.steps.push(step('running', row.startedAt.getTime(), `run-${rng.hex(6)}`));
      }
    }
    row.updatedAt = new Date(now);
    rows.push(row);
  }
  return rows;
}

function step(status: string, at: number, receipt: string | null, by: string | null = null): ActionStep {
  return { status, at: new Date(at).toISOString(), receipt, by };
}
