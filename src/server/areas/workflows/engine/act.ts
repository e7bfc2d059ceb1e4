import { and, eq } from 'drizzle-orm';
import type { Principal } from '../../../auth/principal.ts';
import { outboundSettings } from '../../../config.ts';
import { alerts } from '../../../db/schema/index.ts';
import type { Db } from '../../../db/types.ts';
import { ApiError, badRequest } from '../../../errors.ts';
import { queueMail } from '../../../mail/outbox.ts';
import { guardedFetch, OutboundError } from '../../../platform/outbound/index.ts';
import { type ActionType, queueActionFromAlert, queueActionOnAgent } from '../../agents/index.ts';
import { changeAlertAsAsked, type HeldAlerts } from '../../alerts/index.ts';
import { actionOf } from '../catalogue/actions.ts';
import type { RunRow } from '../present.ts';
import { MORE_ACTIONS, previewMore } from './act-more.ts';
import { OUTSIDE_AREA_ACTIONS, previewOutside } from './act-outside.ts';
import { StepRefused } from './refused.ts';

export { StepRefused };

export interface StepOutcome {
  output: unknown;
  /** The run ends here, succeeded. */
  stop?: boolean;
  /** A test's outcome (condition, saved search count): which branch comes next (branches.ts). */
  passed?: boolean;
  /** Wait this long before the next step. */
  delayMs?: number;
}

export interface ActContext {
  /** The owner's scoped transaction, in which the step is also marked done. */
  tx: Db;
  principal: Principal;
  run: RunRow;
  input: Record<string, unknown>;
  /** Run and step: sent where an outside system can use it to drop a repeat. */
  idempotencyKey: string;
  signal: AbortSignal;
  now: Date;
  /**
   * Steps done together in one transaction (together.ts): the alerts earlier steps locked and
   * changed, as they stand, so the next alert step does not read its alert again.
   */
  alertsHeld?: HeldAlerts;
}

/** Actions that change an alert only through changeAlertAsAsked, or write nothing: what keeps `alertsHeld` true. */
const KEEPS_ALERTS_HELD = ['alert_status', 'alert_priority', 'alert_assign', 'alert_comment', 'condition'];

function alertIdOf(run: RunRow): number {
  if (run.alertId === null) throw new StepRefused('This step needs an alert, and the run has none.');
  return run.alertId;
}

const str = (value: unknown) => (value === null || value === undefined ? '' : String(value));

async function changeAlert(
  c: ActContext,
  changes: Parameters<typeof changeAlertAsAsked>[3],
  comment?: { body: string; private: boolean },
) {
  const result = await changeAlertAsAsked(
    c.tx,
    c.principal,
    alertIdOf(c.run),
    changes,
    comment,
    c.alertsHeld,
  );
  return { output: { changed: result.changes.map((change) => change.field), comment_id: result.commentId } };
}

/** What each action does, in the step's transaction. */
const PERFORM: Record<string, (c: ActContext) => Promise<StepOutcome>> = {
  alert_status: (c) => changeAlert(c, { status: str(c.input.status) as never }),
  alert_priority: (c) => changeAlert(c, { priority: str(c.input.priority) as never }),
  alert_assign: (c) => changeAlert(c, { assigned_users: (c.input.assignees as string[]).map(str) }),
  alert_comment: (c) => changeAlert(c, {}, { body: str(c.input.message), private: c.input.private === true }),
  agent_action: async (c) => {
    const type = str(c.input.action) as ActionType;
    const parameters =
      type === 'isolate'
        ? c.input.duration === undefined
          ? {}
          : { length: Number(c.input.duration) }
        : type === 'quarantine_file' || type === 'delete_file'
          ? { path: str(c.input.path), force: c.input.force === true }
          : {};
    if (c.run.alertId === null) {
      // An agent trigger's run (offline, unhealthy, vulnerability found) acts on the agent it names.
      const agentId = str((c.run.triggerData as { agent?: { id?: unknown } }).agent?.id);
      if (!agentId) throw new StepRefused('This step needs an alert or an agent, and the run has neither.');
      const action = await queueActionOnAgent(c.tx, c.principal, agentId, type, parameters);
      return { output: { agent_action_id: action.actionId, agent_id: agentId, action: type } };
    }
    const alertId = c.run.alertId;
    const [alert] = await c.tx
      .select({ agentId: alerts.agentId })
      .from(alerts)
      .where(and(eq(alerts.id, alertId)));
    if (!alert) throw new StepRefused(`Alert ${alertId} was not found.`);
    if (!alert.agentId) throw new StepRefused(`Alert ${alertId} names no enrolled agent to act on.`);
    const action = await queueActionFromAlert(
      c.tx,
      c.principal,
      { id: alertId, agentId: alert.agentId },
      type,
      parameters,
    );
    return { output: { agent_action_id: action.actionId, agent_id: alert.agentId, action: type } };
  },
  wait: async (c) => {
    const ms = Number(c.input.minutes) * 60_000;
    return { output: { until: new Date(c.now.getTime() + ms).toISOString() }, delayMs: ms };
  },
  send_email: async (c) => {
    const to = (c.input.emails as unknown[]).map(str).filter(Boolean);
    if (to.length === 0) throw new StepRefused('No recipient: the e-mail list resolved to nothing.');
    await queueMail(c.tx, {
      to,
      subject: str(c.input.subject),
      text: str(c.input.message),
      partnerId: c.run.partnerId,
    });
    return { output: { queued_to: to } };
  },
  http_request: async (c) => {
    const method = str(c.input.method);
    const body = method === 'GET' ? undefined : str(c.input.body);
    let response: Response;
    try {
      response = await guardedFetch(
        str(c.input.url),
        {
          method,
          headers: {
            'content-type': body?.trim().startsWith('{') ? 'application/json' : 'text/plain',
            'idempotency-key': c.idempotencyKey,
          },
          ...(body !== undefined && { body }),
          signal: c.signal,
        },
        { settings: outboundSettings(), timeoutMs: 30_000, maxBytes: 1024 * 1024 },
      );
    } catch (error) {
      // The guard's refusals (an internal or malformed address) will not change on a retry; no answer may.
      if (error instanceof OutboundError && (error.failure === 'refused' || error.failure === 'invalid'))
        throw new StepRefused(error.message);
      throw error;
    }
    const text = (await response.text()).slice(0, 4000);
    if (response.status >= 500) throw new Error(`answered ${response.status}`);
    if (response.status >= 400) throw new StepRefused(`answered ${response.status}: ${text.slice(0, 200)}`);
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {}
    return { output: { status: response.status, body: text, json } };
  },
  ...MORE_ACTIONS,
  ...OUTSIDE_AREA_ACTIONS,
};

export async function perform(actionId: string, c: ActContext): Promise<StepOutcome> {
  const run = PERFORM[actionId];
  if (!run) throw new StepRefused(`${actionId} is not an action.`);
  // Another action may change an alert in its own way (a case's): the next alert step reads it again.
  if (!KEEPS_ALERTS_HELD.includes(actionId)) c.alertsHeld?.clear();
  try {
    return await run(c);
  } catch (error) {
    // The API's own refusals (403 permission, 404 gone, 409 transition, 400 parameter) are final.
    if (error instanceof ApiError && error.statusCode < 500) throw new StepRefused(error.message);
    throw error;
  }
}

/**
 * What a step would do, for a test run: conditions and waits are evaluated, actions with side
 * effects say what they would do and do nothing.
 */
export function preview(
  actionId: string,
  input: Record<string, unknown>,
  alertId: number | null,
  hasAgent: boolean,
  now = new Date(),
): { would: string; output: unknown; stop: boolean; passed?: boolean } {
  const action = actionOf(actionId);
  if (!action) throw badRequest('action_id', `${actionId} is not an action`);
  const on = alertId === null ? 'the alert' : `alert ${alertId}`;
  const more =
    previewMore(actionId, input, alertId === null ? '' : on, now) ??
    previewOutside(actionId, input, alertId === null ? '' : on);
  if (more) return more;
  switch (actionId) {
    case 'wait':
      return { would: `Wait ${str(input.minutes)} minutes.`, output: { until: null }, stop: false };
    case 'alert_status':
      return {
        would: `Set the status of ${on} to ${str(input.status)}.`,
        output: { changed: ['status'] },
        stop: false,
      };
    case 'alert_priority':
      return {
        would: `Set the priority of ${on} to ${str(input.priority)}.`,
        output: { changed: ['priority'] },
        stop: false,
      };
    case 'alert_assign':
      return {
        would: `Assign ${on} to ${(input.assignees as unknown[]).map(str).join(', ') || 'nobody'}.`,
        output: { changed: ['assigned_users'] },
        stop: false,
      };
    case 'alert_comment':
      return {
        would: `Comment on ${on}${input.private === true ? ' (private)' : ''}: ${str(input.message)}`,
        output: { comment_id: null },
        stop: false,
      };
    case 'agent_action':
      if (!hasAgent) throw new StepRefused(`${on} names no enrolled agent to act on.`);
      return {
        would: `Queue ${str(input.action)} on the agent of ${on}.`,
        output: { agent_action_id: null, action: str(input.action) },
        stop: false,
      };
    case 'send_email':
      return {
        would: `E-mail ${(input.emails as unknown[]).map(str).join(', ')}: ${str(input.subject)}`,
        output: { queued_to: input.emails },
        stop: false,
      };
    case 'http_request':
      return {
        would: `${str(input.method)} ${str(input.url)}`,
        output: { status: null, body: null, json: null },
        stop: false,
      };
    default:
      throw badRequest('action_id', `${actionId} cannot be previewed`);
  }
}
