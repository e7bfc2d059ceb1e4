import type { CommandOutcome } from '../../../../machines/command-flow/command-flow.context.ts';
import type { components } from '../../../api/schema.d.ts';
import type { Priority, Status } from '../../../common/statuses.ts';
import { createCase as createCaseOf } from '../../api/cases.ts';
import { createMute } from '../../api/mutes.ts';
import { MUTE_DURATIONS, type MuteDuration } from '../../commands/arguments.ts';
import type { RunContext } from '../../commands/command-types.ts';
import {
  eachItem,
  type ItemFailure,
  onTarget,
  reportSelection,
  type SelectionContext,
} from '../../commands/selection-actions.ts';
import { downloadCsv, toCsv } from '../../lib/csv.ts';
import { bulkUpdateAlerts, getAlert, postAlertDiscussion } from './api.ts';
import type { AlertsCommandTarget } from './command-target.ts';

type AlertChanges = components['schemas']['AlertChanges'];
type Alert = components['schemas']['Alert'];

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What an alert action needs from the page around it. */
export type AlertActionContext = SelectionContext<AlertsCommandTarget>;

const named = (failure: { id: number; message: string }): ItemFailure => ({
  name: `#${failure.id}`,
  message: failure.message,
});

/** Runs the same task for every alert, a few at a time; failures come by alert id. */
const eachAlert = <T>(ids: readonly number[], task: (id: number) => Promise<T>) =>
  eachItem(
    [...ids].sort((a, b) => a - b),
    (id) => `#${id}`,
    task,
  );

/** bulkUpdateAlerts with the ids (and, for one alert, its version so a stale edit gets 409). */
async function changeAlerts(ctx: AlertActionContext, fields: AlertChanges): Promise<CommandOutcome> {
  const { ids, versions } = ctx.target;
  const version = ids.length === 1 ? versions[ids[0]!] : undefined;
  const data = await bulkUpdateAlerts({
    ids: [...ids],
    fields,
    ...(version !== undefined ? { versions: { [String(ids[0])]: version } } : {}),
  });
  const done = data.updated.length
    ? ctx.labels.commands('result.updated', { count: data.updated.length })
    : null;
  return reportSelection(ctx, done, data.failed.map(named));
}

export const setStatus = (ctx: AlertActionContext, status: Status) => changeAlerts(ctx, { status });

export const markFalsePositive = (ctx: AlertActionContext) =>
  changeAlerts(ctx, { status: 'false_positive', classification: 'false_positive' });

export const setPriority = (ctx: AlertActionContext, priority: Priority) => changeAlerts(ctx, { priority });

/** `>assign me`: the signed-in user becomes the alerts' assignee (replacing the list). */
export function assignMe(ctx: AlertActionContext) {
  if (!ctx.email) throw new Error(ctx.labels.commands('result.notAvailable'));
  return changeAlerts(ctx, { assigned_users: [ctx.email.trim().toLowerCase()] });
}

export const addToCase = (ctx: AlertActionContext, caseId: number) => changeAlerts(ctx, { case_id: caseId });

/**
 * `>case new`: one case per customer of the selected alerts (a case belongs to one customer),
 * titled after its first alert.
 */
export async function createCase(ctx: AlertActionContext): Promise<CommandOutcome> {
  const { results, failed } = await eachAlert(ctx.target.ids, (id) => getAlert(id));
  const byCustomer = new Map<string, Alert[]>();
  for (const { value } of results)
    byCustomer.set(value.customer_id, [...(byCustomer.get(value.customer_id) ?? []), value]);
  const created: number[] = [];
  for (const [customerId, alerts] of byCustomer) {
    try {
      const made = await createCaseOf({
        customer_id: customerId,
        title: alerts[0]!.title.slice(0, 200),
        description: '',
        alert_ids: alerts.map((a) => a.id),
      });
      created.push(made.id);
    } catch (error) {
      for (const a of alerts) failed.push(named({ id: a.id, message: messageOf(error) }));
    }
  }
  const done = created.length
    ? created.map((id) => ctx.labels.commands('result.caseCreated', { id })).join(', ')
    : null;
  return reportSelection(ctx, done, failed);
}

/**
 * `>mute 1d`: a mute per alert, made from it (`source_alert_id`, so the alert itself is muted),
 * matching new alerts with the same title on the same host, for the chosen time.
 */
export async function muteAlerts(ctx: AlertActionContext, duration: MuteDuration): Promise<CommandOutcome> {
  const { results, failed } = await eachAlert(ctx.target.ids, async (id) => {
    const alert = await getAlert(id);
    const conditions: components['schemas']['MuteCondition'][] = [
      { field: 'title', operator: 'equals', value: alert.title.slice(0, 500) },
    ];
    if (alert.host_name)
      conditions.push({ field: 'host_name', operator: 'equals', value: alert.host_name.slice(0, 500) });
    return createMute({
      customer_id: alert.customer_id,
      conditions,
      description: ctx.labels.commands('result.muteDescription', { id }),
      ttl_seconds: MUTE_DURATIONS[duration],
      source_alert_id: id,
    });
  });
  const done = results.length ? ctx.labels.commands('result.muted', { count: results.length }) : null;
  return reportSelection(ctx, done, failed);
}

/** `>comment text`: the comment on every selected alert (postAlertDiscussion). */
export async function commentOn(ctx: AlertActionContext, text: string): Promise<CommandOutcome> {
  const { results, failed } = await eachAlert(ctx.target.ids, (id) => postAlertDiscussion(id, text, false));
  const done = results.length ? ctx.labels.commands('result.commented', { count: results.length }) : null;
  return reportSelection(ctx, done, failed);
}

/** Runs the alert command with this id on the selected alerts. */
export function runAlertCommand(
  id: string,
  run: RunContext,
  args: readonly string[],
): Promise<CommandOutcome> {
  const ctx = onTarget<AlertsCommandTarget>(run);
  switch (id) {
    case 'alerts.status':
      return setStatus(ctx, args[0] as Status);
    case 'alerts.false-positive':
      return markFalsePositive(ctx);
    case 'alerts.priority':
      return setPriority(ctx, args[0] as Priority);
    case 'alerts.assign':
      return assignMe(ctx);
    case 'alerts.case':
      return args[0] === 'add' ? addToCase(ctx, Number(args[1])) : createCase(ctx);
    case 'alerts.mute':
      return muteAlerts(ctx, args[0] as MuteDuration);
    case 'alerts.comment':
      return commentOn(ctx, args[0] ?? '');
    case 'alerts.export':
      return exportAlerts(ctx);
    default:
      throw new Error(ctx.labels.commands('result.notAvailable'));
  }
}

/** Columns of the export: the alert as the list shows it. */
export const EXPORT_COLUMNS = [
  'id',
  'customer_id',
  'case_id',
  'title',
  'type',
  'status',
  'priority',
  'risk_score',
  'classification',
  'assigned_users',
  'host_name',
  'host_os',
  'log_level',
  'external_source',
  '@timestamp',
  'updated_at',
] as const;

/** `>export`: the selected alerts as export.csv, in the order they were selected. */
export async function exportAlerts(ctx: AlertActionContext): Promise<CommandOutcome> {
  const { results, failed } = await eachAlert(ctx.target.ids, (id) => getAlert(id));
  const order = new Map(ctx.target.ids.map((id, index) => [id, index]));
  const rows = results.map((r) => r.value).sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  const cells = (row: Alert) => EXPORT_COLUMNS.map((column) => row[column]);
  if (rows.length) downloadCsv(toCsv(EXPORT_COLUMNS, rows.map(cells)));
  const done = rows.length ? ctx.labels.commands('result.exported', { count: rows.length }) : null;
  const { commands: t } = ctx.labels;
  const reasons = failed.map((f) => `${f.name} ${f.message}`).join('; ');
  const message = [done, failed.length ? t('result.failed', { count: failed.length, reasons }) : null]
    .filter(Boolean)
    .join('\n');
  ctx.notify({ severity: failed.length ? 'warning' : 'success', title: t('result.titleDone'), message });
  return { summary: message };
}
