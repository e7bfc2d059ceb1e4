import type { components } from '../../../api/schema.d.ts';
import { audit } from '../../audit.ts';
import type { Principal } from '../../auth/principal.ts';
import { alertRequests } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { badRequest } from '../../errors.ts';
import { recordActivity } from './activity.ts';
import type { AlertRow } from './present.ts';
import { entitySummary } from './summaries.ts';

export type AlertAction =
  | 'isolate'
  | 'deisolate'
  | 'full_disk_scan'
  | 'quarantine_file'
  | 'delete_file'
  | 'restart_agent'
  | 'lock_user'
  | 'unlock_user'
  | 'revoke_sessions'
  | 'delete_auth_methods';

export interface ActionInput {
  path?: string | undefined;
  force?: boolean | undefined;
  length?: number | undefined;
  user?: string | undefined;
}

/**
 * Endpoint actions act on the alert's agent: each is a real agent action (spec 2, section 4:
 * queued until the agent is next active), never a request nothing carries out.
 */
const ENDPOINT: ReadonlySet<string> = new Set([
  'isolate',
  'deisolate',
  'full_disk_scan',
  'quarantine_file',
  'delete_file',
  'restart_agent',
]);
const FILE: ReadonlySet<string> = new Set(['quarantine_file', 'delete_file']);

/**
 * The parameters stored with the request, or 400 naming the field: endpoint actions need a host,
 * file actions a path, identity actions (Entra ID) a user; options that do not belong to the
 * action are refused rather than silently ignored.
 */
export function actionParameters(
  alert: AlertRow,
  action: AlertAction,
  input: ActionInput,
): Record<string, unknown> {
  const refuse = (field: keyof ActionInput) => {
    if (input[field] !== undefined) throw badRequest(`body.${field}`, `does not apply to ${action}`);
  };
  if (ENDPOINT.has(action)) {
    refuse('user');
    if (!FILE.has(action)) {
      refuse('path');
      if (input.force) throw badRequest('body.force', `does not apply to ${action}`);
    }
    if (action !== 'isolate') refuse('length');
    if (!alert.agentId)
      throw badRequest('action', `needs an enrolled agent, and alert ${alert.id} is linked to none`);
    if (FILE.has(action) && !input.path) throw badRequest('body.path', `is required for ${action}`);
    return {
      ...(FILE.has(action) ? { path: input.path, force: input.force === true } : {}),
      ...(input.length !== undefined ? { length: input.length } : {}),
    };
  }
  refuse('path');
  refuse('length');
  if (input.force) throw badRequest('body.force', `does not apply to ${action}`);
  const user = input.user ?? entitySummary(alert.hostName, alert.fields).user;
  if (!user) throw badRequest('body.user', `is required for ${action}: alert ${alert.id} names no user`);
  return { user };
}

/** Queues a request made from an alert and records it in the activity and the audit log. */
export async function queueAlertRequest(
  tx: Db,
  principal: Principal,
  alert: AlertRow,
  request: {
    kind: 'device_action' | 'identity_action' | 'workflow_rerun';
    action: string;
    parameters: Record<string, unknown>;
  },
  /** False when the activity already has the entry (an agent action records its own). */
  { activity = true } = {},
): Promise<components['schemas']['AlertRequest']> {
  const [row] = await tx
    .insert(alertRequests)
    .values({
      customerId: alert.customerId,
      alertId: alert.id,
      kind: request.kind,
      action: request.action,
      parameters: request.parameters,
      requestedBy: principal.user.contactId,
    })
    .returning();
  const queued = row!;
  if (activity)
    await recordActivity(tx, principal, [
      {
        alertId: alert.id,
        customerId: alert.customerId,
        action: request.kind === 'workflow_rerun' ? 'workflow_rerun' : 'action_requested',
        after: { request_id: queued.id, action: queued.action, parameters: queued.parameters },
      },
    ]);
  await audit(tx, principal, {
    action: 'request',
    entity: 'alert',
    entityId: String(alert.id),
    customerId: alert.customerId,
    after: { request_id: queued.id, kind: queued.kind, action: queued.action, parameters: queued.parameters },
  });
  return {
    id: queued.id,
    alert_id: queued.alertId,
    action: queued.action,
    parameters: queued.parameters,
    status: queued.status as 'queued',
    created_at: queued.createdAt.toISOString(),
  };
}

export function isEndpointAction(action: string): boolean {
  return ENDPOINT.has(action);
}
