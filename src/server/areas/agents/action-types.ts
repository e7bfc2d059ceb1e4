import { type AgentActionType as ActionType, actionTakesPath } from '../../../common/agent-actions.ts';
import { badRequest } from '../../errors.ts';

export {
  AGENT_ACTION_TYPES as ACTION_TYPES,
  type AgentActionType as ActionType,
} from '../../../common/agent-actions.ts';

export const ACTION_STATUSES = [
  'queued',
  'delivered',
  'running',
  'succeeded',
  'failed',
  'expired',
  'cancelled',
] as const;
export type ActionStatus = (typeof ACTION_STATUSES)[number];

/** Not yet taken up by the agent: these expire, and a plain cancel stops them. */
export const PENDING: readonly ActionStatus[] = ['queued', 'delivered'];
export const FINISHED: readonly ActionStatus[] = ['succeeded', 'failed', 'expired', 'cancelled'];

const DAY = 86_400;
/** A pending action expires after 14 days unless its type says otherwise. */
export const DEFAULT_EXPIRY_SECONDS = 14 * DAY;
/** Powering a machine off or on days after someone asked would surprise its user: one day. */
const EXPIRY_SECONDS: Partial<Record<ActionType, number>> = {
  shutdown_system: DAY,
  restart_system: DAY,
  restart_agent: DAY,
};
export function expirySeconds(type: ActionType): number {
  return EXPIRY_SECONDS[type] ?? DEFAULT_EXPIRY_SECONDS;
}

/** Isolation lasts between a minute and 30 days; an hour when not given. */
export const ISOLATE_MIN_SECONDS = 60;
export const ISOLATE_MAX_SECONDS = 30 * DAY;
export const ISOLATE_DEFAULT_SECONDS = 3600;
export const PATH_MAX_LENGTH = 4096;

/**
 * Checks and normalises an action's parameters: isolate takes `length` (seconds); quarantine and
 * delete take `path` and `force`; the others take none. Throws a 400 naming the field.
 */
export function actionParameters(type: ActionType, input: Record<string, unknown> | undefined) {
  const given = input ?? {};
  const allowed = type === 'isolate' ? ['length'] : actionTakesPath(type) ? ['path', 'force'] : [];
  for (const key of Object.keys(given)) {
    if (!allowed.includes(key)) throw badRequest(`parameters.${key}`, `is not a parameter of ${type}`);
  }
  if (type === 'isolate') {
    const length = given.length ?? ISOLATE_DEFAULT_SECONDS;
    if (
      typeof length !== 'number' ||
      !Number.isInteger(length) ||
      length < ISOLATE_MIN_SECONDS ||
      length > ISOLATE_MAX_SECONDS
    ) {
      throw badRequest(
        'parameters.length',
        `must be whole seconds from ${ISOLATE_MIN_SECONDS} to ${ISOLATE_MAX_SECONDS}`,
      );
    }
    return { length };
  }
  if (actionTakesPath(type)) {
    const path = given.path;
    if (typeof path !== 'string' || path.trim() === '')
      throw badRequest('parameters.path', 'is required: the full path of the file');
    if (path.length > PATH_MAX_LENGTH)
      throw badRequest('parameters.path', `must be at most ${PATH_MAX_LENGTH} characters`);
    const force = given.force ?? false;
    if (typeof force !== 'boolean') throw badRequest('parameters.force', 'must be true or false');
    return { path, force };
  }
  return {};
}

/** What the agent printed is kept up to this many characters; its hash covers all of it. */
export const OUTPUT_LIMIT = 65_536;
