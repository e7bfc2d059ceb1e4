import type { components } from '../../src/api/schema.d.ts';
import type { FieldIssue } from '../../src/api/validate.ts';
import { isEmail } from '../../src/common/patterns.ts';
import {
  type ActionParameter,
  type DraftFilter,
  type DraftStep,
  EMPTY_DRAFT,
  EMPTY_FILTER,
  type ParamValue,
  type TemplateRecord,
  type WorkflowAction,
  type WorkflowDraft,
  type WorkflowRecord,
} from './workflow-drafts.context.ts';

type Task = components['schemas']['WorkflowTask'];
type Filter = components['schemas']['TriggerFilter'];
type Priority = NonNullable<Filter['priorities']>[number];

/** The contract's limits of a workflow (WorkflowUpdate, WorkflowTask), written once there. */
const NAME_MAX = 200;
const MAX_STEPS = 50;
const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const TEMPLATED = /\{\{[^}]+\}\}/;

const words = (text: string) =>
  text
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean);
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

const filterFrom = (filter: Filter): DraftFilter => ({
  types: (filter.types ?? []).join(', '),
  priorities: [...(filter.priorities ?? [])],
  statuses: (filter.statuses ?? []).join(', '),
  minRisk: filter.min_risk === undefined ? '' : String(filter.min_risk),
  maxRisk: filter.max_risk === undefined ? '' : String(filter.max_risk),
});

const valueFrom = (value: unknown): ParamValue =>
  typeof value === 'boolean'
    ? value
    : Array.isArray(value)
      ? value.map(String).join('\n')
      : value === undefined || value === null
        ? ''
        : String(value);

const stepFrom = (task: Task): DraftStep => ({
  id: task.id,
  actionId: task.action_id,
  name: task.name ?? '',
  values: Object.fromEntries(Object.entries(task.parameters).map(([k, v]) => [k, valueFrom(v)])),
  timeoutSeconds: task.timeout_seconds ?? 60,
  retries: task.retries ?? 3,
});

/** The tasks in the order they run (order_list, else the list's own order). */
function orderedTasks(record: { task_list: Task[]; order_list: string[] }): Task[] {
  const byId = new Map(record.task_list.map((task) => [task.id, task]));
  const ordered = record.order_list.map((id) => byId.get(id)).filter((t): t is Task => Boolean(t));
  return ordered.length === record.task_list.length ? ordered : record.task_list;
}

/** The form's fields for a workflow or template as the server has it. */
export function draftFrom(record: WorkflowRecord | TemplateRecord | null): WorkflowDraft {
  if (!record) return EMPTY_DRAFT;
  return {
    name: record.name,
    customerIds: 'customer_id' in record ? [...record.customer_id] : [],
    triggerId: record.trigger_id,
    filter: filterFrom(record.trigger_filter ?? {}),
    scheduled: record.scheduled,
    scheduledTime: record.scheduled_time,
    scheduledDays: [...record.scheduled_days],
    steps: orderedTasks(record).map(stepFrom),
  };
}

/** Whether a draft holds the same values as another. */
export const sameDraft = (a: WorkflowDraft, b: WorkflowDraft) => JSON.stringify(a) === JSON.stringify(b);

const isScheduled = (triggerId: string) => triggerId === 'scheduled';

/** A parameter's value as the contract takes it; undefined leaves it out (empty). */
function paramOut(param: ActionParameter | undefined, value: ParamValue): unknown {
  if (typeof value === 'boolean') return value;
  const text = param?.type === 'text' ? value : value.trim();
  if (text === '') return undefined;
  if (param?.type === 'integer' && !TEMPLATED.test(text) && /^-?\d+$/.test(text)) return Number(text);
  if (param?.type === 'email_list' || param?.type === 'string_list') return lines(text);
  return text;
}

const riskOut = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : undefined);

function filterOut(draft: WorkflowDraft): Filter {
  if (isScheduled(draft.triggerId)) return {};
  const f = draft.filter;
  const out: Filter = {};
  if (words(f.types).length) out.types = words(f.types);
  if (f.priorities.length) out.priorities = f.priorities as Priority[];
  if (words(f.statuses).length) out.statuses = words(f.statuses);
  const min = riskOut(f.minRisk);
  const max = riskOut(f.maxRisk);
  if (min !== undefined) out.min_risk = min;
  if (max !== undefined) out.max_risk = max;
  return out;
}

/** The definition the contract takes (WorkflowUpdate / WorkflowTemplateInput), steps in their order. */
export function definitionOf(draft: WorkflowDraft, actions: readonly WorkflowAction[]) {
  const task_list: Task[] = draft.steps.map((step) => {
    const declared = actions.find((a) => a.action_id === step.actionId)?.parameters ?? [];
    const parameters: Task['parameters'] = {};
    for (const [key, value] of Object.entries(step.values)) {
      const out = paramOut(
        declared.find((p) => p.name === key),
        value,
      );
      if (out !== undefined) parameters[key] = out as Task['parameters'][string];
    }
    return {
      id: step.id,
      action_id: step.actionId,
      ...(step.name.trim() ? { name: step.name.trim() } : {}),
      parameters,
      timeout_seconds: step.timeoutSeconds,
      retries: step.retries,
    };
  });
  return {
    name: draft.name.trim(),
    trigger_id: draft.triggerId,
    trigger_filter: filterOut(draft),
    task_list,
    order_list: task_list.map((task) => task.id),
    scheduled: isScheduled(draft.triggerId),
    scheduled_time: draft.scheduledTime,
    scheduled_days: [...draft.scheduledDays].sort((a, b) => a - b),
  };
}

/** What is wrong with a draft, by field; steps by index, then by parameter name. */
export interface DraftErrors {
  name?: FieldIssue;
  scheduledTime?: FieldIssue;
  scheduledDays?: FieldIssue;
  minRisk?: FieldIssue;
  maxRisk?: FieldIssue;
  /** No steps: only a draft (spec 2, section 4). */
  steps?: FieldIssue;
  step?: Record<number, Record<string, FieldIssue>>;
}

/** One parameter's issue; `publish` also requires what the action requires (a draft may be incomplete). */
export function paramIssue(
  param: ActionParameter,
  value: ParamValue | undefined,
  publish: boolean,
): FieldIssue | null {
  if (param.type === 'boolean') return null;
  const text = typeof value === 'string' ? (param.type === 'text' ? value : value.trim()) : '';
  if (text.trim() === '') return publish && param.required ? { key: 'required' } : null;
  const templated = TEMPLATED.test(text);
  const { min, max } = param;
  switch (param.type) {
    case 'integer': {
      if (templated) return null;
      if (!/^-?\d+$/.test(text)) return { key: 'notWholeNumber' };
      const n = Number(text);
      if (min !== undefined && n < min) return { key: 'tooSmall', limit: min };
      if (max !== undefined && n > max) return { key: 'tooLarge', limit: max };
      return null;
    }
    case 'enum':
      return templated || param.options?.includes(text) ? null : { key: 'enum' };
    case 'email_list':
    case 'string_list': {
      const entries = lines(text);
      if (min !== undefined && entries.length < min) return { key: 'tooFew', count: min };
      if (max !== undefined && entries.length > max) return { key: 'tooMany', count: max };
      if (param.type === 'email_list' && entries.some((e) => !TEMPLATED.test(e) && !isEmail(e)))
        return { key: 'itemEmail' };
      return null;
    }
    default:
      if (min !== undefined && !templated && text.length < min) return { key: 'tooShort', count: min };
      if (max !== undefined && text.length > max) return { key: 'tooLong', count: max };
      if (param.type === 'url' && !templated && !/^https?:\/\/\S+$/i.test(text)) return { key: 'uri' };
      if (param.pattern && !templated && !new RegExp(param.pattern, 'u').test(text))
        return { key: 'pattern', pattern: param.pattern };
      return null;
  }
}

function riskIssue(text: string): FieldIssue | null {
  const t = text.trim();
  if (t === '') return null;
  if (!/^\d+$/.test(t)) return { key: 'notWholeNumber' };
  return Number(t) > 100 ? { key: 'tooLarge', limit: 100 } : null;
}

/**
 * What is wrong with a draft (spec 2, sections 4 and 5): the contract's limits, the trigger's
 * settings and every step's parameters against its action's declaration. A template and a
 * published workflow need a name; publishing needs at least one step and every required value.
 */
export function draftErrors(
  draft: WorkflowDraft,
  actions: readonly WorkflowAction[],
  options: { publish: boolean; needsName: boolean },
): DraftErrors {
  const errors: DraftErrors = {};
  const name = draft.name.trim();
  if (name.length > NAME_MAX) errors.name = { key: 'tooLong', count: NAME_MAX };
  else if (name === '' && (options.publish || options.needsName)) errors.name = { key: 'required' };
  if (isScheduled(draft.triggerId)) {
    if (!TIME.test(draft.scheduledTime)) errors.scheduledTime = { key: 'pattern', pattern: 'HH:MM' };
    if (draft.scheduledDays.length === 0) errors.scheduledDays = { key: 'tooFew', count: 1 };
  } else {
    const min = riskIssue(draft.filter.minRisk);
    const max = riskIssue(draft.filter.maxRisk);
    if (min) errors.minRisk = min;
    if (max) errors.maxRisk = max;
    const low = riskOut(draft.filter.minRisk);
    const high = riskOut(draft.filter.maxRisk);
    if (!min && !max && low !== undefined && high !== undefined && low > high)
      errors.maxRisk = { key: 'tooSmall', limit: low };
  }
  if (options.publish && draft.steps.length === 0) errors.steps = { key: 'tooFew', count: 1 };
  if (draft.steps.length > MAX_STEPS) errors.steps = { key: 'tooMany', count: MAX_STEPS };
  draft.steps.forEach((step, index) => {
    const action = actions.find((a) => a.action_id === step.actionId);
    const issues: Record<string, FieldIssue> = {};
    if (!action) issues.action = { key: 'enum' };
    for (const param of action?.parameters ?? []) {
      const issue = paramIssue(param, step.values[param.name], options.publish);
      if (issue) issues[param.name] = issue;
    }
    if (Object.keys(issues).length > 0) errors.step = { ...errors.step, [index]: issues };
  });
  return errors;
}

export const hasErrors = (errors: DraftErrors) => Object.keys(errors).length > 0;

/** The steps a trigger does not support: changing to it asks before dropping them. */
export function unsupportedSteps(
  draft: WorkflowDraft,
  triggerId: string,
  actions: readonly WorkflowAction[],
) {
  return draft.steps.filter(
    (step) => !actions.find((a) => a.action_id === step.actionId)?.triggers.includes(triggerId),
  );
}

/** A new step's id: its action's, numbered when already used (task ids are unique). */
export function newStepId(draft: WorkflowDraft, actionId: string): string {
  const base =
    actionId
      .toLowerCase()
      .replace(/[^a-z0-9_-]/g, '-')
      .slice(0, 36) || 'step';
  const used = new Set(draft.steps.map((s) => s.id));
  if (!used.has(base)) return base;
  let n = 2;
  while (used.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

/** A new step with its action's parameters empty (booleans unchecked, a single choice its first). */
export function newStep(draft: WorkflowDraft, action: WorkflowAction): DraftStep {
  return {
    id: newStepId(draft, action.action_id),
    actionId: action.action_id,
    name: '',
    values: Object.fromEntries(
      action.parameters.map((p) => [
        p.name,
        p.type === 'boolean' ? false : p.type === 'enum' && p.required ? (p.options?.[0] ?? '') : '',
      ]),
    ),
    timeoutSeconds: 60,
    retries: 3,
  };
}

export { EMPTY_FILTER };
