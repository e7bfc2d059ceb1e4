import type { components } from '../../../api/schema.d.ts';
import type { agentActions, agentEnrolmentTokens, agents } from '../../db/schema/index.ts';
import { deriveAgentStatus } from './status.ts';

type Schemas = components['schemas'];
const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The release a version names: its leading dotted numbers, without pre-release or build suffixes. */
export function shortVersion(version: string): string {
  return /^v?(\d+(?:\.\d+)*)/i.exec(version.trim())?.[1] ?? version;
}

export function presentAgent(a: typeof agents.$inferSelect, now: Date): Schemas['Agent'] {
  const derived = deriveAgentStatus(a, now);
  return {
    agent_id: a.agentId,
    customer_id: a.customerId,
    host_name: a.hostName,
    platform: a.platform,
    architecture: a.architecture,
    version: a.version,
    short_novasoc_version: shortVersion(a.version),
    system_type: a.systemType,
    ip: a.ip,
    status_code: derived.statusCode,
    status: derived.status,
    states: derived.states,
    late_by_seconds: derived.lateBySeconds,
    next_check_in_at: iso(derived.nextCheckInAt),
    check_in_interval: a.checkInInterval,
    health: a.health as Schemas['AgentHealth'],
    features: a.features,
    is_domain_controller: a.isDomainController,
    is_isolated: a.isIsolated,
    isolated_until: iso(a.isolatedUntil),
    sysmon_enabled: a.sysmonEnabled,
    syslog_forwarder: a.syslogForwarder,
    terminal_enabled: a.terminalEnabled,
    first_active: iso(a.firstActive),
    heartbeat_at: iso(a.heartbeatAt),
    created_at: a.createdAt.toISOString(),
  };
}

export function presentAction(a: typeof agentActions.$inferSelect): Schemas['AgentAction'] {
  return {
    action_id: a.actionId,
    agent_id: a.agentId,
    customer_id: a.customerId,
    type: a.type as Schemas['AgentActionType'],
    parameters: a.parameters,
    status: a.status as Schemas['AgentActionStatus'],
    steps: a.steps.map((s) => ({
      status: s.status as Schemas['AgentActionStatus'],
      at: s.at,
      receipt: s.receipt ?? null,
      by: s.by ?? null,
    })),
    requested_by: a.requestedBy,
    alert_id: a.alertId,
    case_id: a.caseId,
    expires_at: a.expiresAt.toISOString(),
    created_at: a.createdAt.toISOString(),
    delivered_at: iso(a.deliveredAt),
    started_at: iso(a.startedAt),
    finished_at: iso(a.finishedAt),
    exit_code: a.exitCode,
    output: a.output,
    output_sha256: a.outputSha256,
    output_bytes: a.outputBytes,
    output_truncated: a.output !== null && (a.outputBytes ?? 0) > Buffer.byteLength(a.output),
  };
}

export function tokenState(t: typeof agentEnrolmentTokens.$inferSelect, now: Date) {
  if (t.revokedAt) return 'revoked' as const;
  if (t.expiresAt.getTime() <= now.getTime()) return 'expired' as const;
  if (t.uses >= t.useLimit) return 'used_up' as const;
  return 'active' as const;
}

export function presentToken(
  t: typeof agentEnrolmentTokens.$inferSelect,
  now: Date,
): Schemas['EnrolmentToken'] {
  return {
    token_id: t.tokenId,
    customer_id: t.customerId,
    name: t.name,
    use_limit: t.useLimit,
    uses: t.uses,
    expires_at: t.expiresAt.toISOString(),
    revoked_at: iso(t.revokedAt),
    created_by: t.createdBy,
    created_at: t.createdAt.toISOString(),
    state: tokenState(t, now),
  };
}

/**
 * An attribute is stored either as its bare value or, when it was set to expire, as
 * `{ value, expires_at }` (spec 2, section 7: PUT attributes/{name} with value and expires_at).
 */
export function presentAttribute(name: string, stored: unknown): Schemas['AgentAttribute'] {
  if (typeof stored === 'object' && stored !== null && 'value' in stored && 'expires_at' in stored) {
    const { value, expires_at } = stored as { value: unknown; expires_at: unknown };
    return { name, value, expires_at: typeof expires_at === 'string' ? expires_at : null };
  }
  return { name, value: stored, expires_at: null };
}

export function presentAgentDetail(a: typeof agents.$inferSelect, now: Date): Schemas['AgentDetail'] {
  return {
    ...presentAgent(a, now),
    attributes: Object.entries(a.attributes)
      .map(([name, stored]) => presentAttribute(name, stored))
      .sort((x, y) => x.name.localeCompare(y.name)),
    settings: a.settings,
    applied_settings: a.appliedSettings,
    health_issues: a.healthIssues,
  };
}
