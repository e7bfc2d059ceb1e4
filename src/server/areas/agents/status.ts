/**
 * The one place an agent's status is derived (spec 2, sections 3 and 4): from when its next
 * check-in was due (its declared interval plus a grace period), its reported health, its version
 * against the latest release, and isolation. Nothing stores a status; every answer derives it.
 */

/** The agent version this server distributes; older agents are out of date. */
export const LATEST_AGENT_RELEASE = '4.12.3';

/** A missed check-in is forgiven for this long (or one more interval, when that is longer). */
export const CHECK_IN_GRACE_SECONDS = 60;

/** Agents first active this recently are new. */
export const NEW_AGENT_DAYS = 7;

export type AgentState = 'online' | 'offline' | 'unhealthy' | 'new' | 'out_of_date' | 'isolated';

/** What the derivation reads of an agent. */
export interface AgentVitals {
  heartbeatAt: Date | null;
  firstActive: Date | null;
  checkInInterval: number;
  health: string;
  version: string;
  isIsolated: boolean;
}

export interface AgentStatus {
  /** The one state the list shows first: offline, isolated, unhealthy, out_of_date, new, online. */
  status: AgentState;
  /** Every state that holds (filters match any of them). */
  states: AgentState[];
  /** 0 green (online), 1 yellow (isolated or out of date), 2 red (unhealthy), 3 grey (offline). */
  statusCode: 0 | 1 | 2 | 3;
  /** When the next check-in is (was) expected; null before the first one. */
  nextCheckInAt: Date | null;
  /** Seconds past the expected check-in; 0 when on time. */
  lateBySeconds: number;
}

/** Compares dotted versions numerically ('4.10.2' > '4.9.14'); non-numeric parts count as 0. */
export function compareVersions(a: string, b: string): number {
  const left = a.split(/[.-]/).map((p) => Number.parseInt(p, 10) || 0);
  const right = b.split(/[.-]/).map((p) => Number.parseInt(p, 10) || 0);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const diff = (left[i] ?? 0) - (right[i] ?? 0);
    if (diff !== 0) return Math.sign(diff);
  }
  return 0;
}

export function graceSeconds(interval: number): number {
  return Math.max(CHECK_IN_GRACE_SECONDS, interval);
}

/** The yes/no facts a status is made of: the part of the derivation that needs no clock. */
export interface AgentFlags {
  online: boolean;
  isIsolated: boolean;
  unhealthy: boolean;
  outOfDate: boolean;
  isNew: boolean;
}

/** The list's first state, every state that holds, and the risk colour, from an agent's flags. */
export function statusOfFlags(flags: AgentFlags): Pick<AgentStatus, 'status' | 'states' | 'statusCode'> {
  const { online, isIsolated, unhealthy, outOfDate, isNew } = flags;
  const states: AgentState[] = [online ? 'online' : 'offline'];
  if (isIsolated) states.push('isolated');
  if (unhealthy) states.push('unhealthy');
  if (outOfDate) states.push('out_of_date');
  if (isNew) states.push('new');

  const status: AgentState = !online
    ? 'offline'
    : isIsolated
      ? 'isolated'
      : unhealthy
        ? 'unhealthy'
        : outOfDate
          ? 'out_of_date'
          : isNew
            ? 'new'
            : 'online';
  const statusCode = !online ? 3 : unhealthy ? 2 : isIsolated || outOfDate ? 1 : 0;
  return { status, states, statusCode };
}

export function deriveAgentStatus(agent: AgentVitals, now: Date): AgentStatus {
  const nextCheckInAt = agent.heartbeatAt
    ? new Date(agent.heartbeatAt.getTime() + agent.checkInInterval * 1000)
    : null;
  const lateMs = nextCheckInAt ? now.getTime() - nextCheckInAt.getTime() : 0;
  const lateBySeconds = Math.max(0, Math.floor(lateMs / 1000));
  const flags = {
    online: nextCheckInAt !== null && lateMs <= graceSeconds(agent.checkInInterval) * 1000,
    isIsolated: agent.isIsolated,
    unhealthy: agent.health !== 'healthy',
    outOfDate: compareVersions(agent.version, LATEST_AGENT_RELEASE) < 0,
    isNew:
      agent.firstActive === null || now.getTime() - agent.firstActive.getTime() < NEW_AGENT_DAYS * 86_400_000,
  };
  return { ...statusOfFlags(flags), nextCheckInAt, lateBySeconds };
}

/** Inactive agents (offline) are the only ones that may be deleted. */
export function isInactive(agent: AgentVitals, now: Date): boolean {
  return deriveAgentStatus(agent, now).status === 'offline';
}
