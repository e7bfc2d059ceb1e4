import type { WorkflowDefinition, WorkflowTask } from '../../db/schema/index.ts';
import { badRequest } from '../../errors.ts';
import { type ActionInfo, actionOf, BRANCHING_ACTIONS } from './catalogue/actions.ts';
import { isAlertTrigger, triggerOf } from './catalogue/triggers.ts';
import { referencedPaths } from './expressions.ts';
import { checkCondition } from './validate-condition.ts';
import { checkStepOutputPath } from './validate-outputs.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** The tasks in the order they run (order_list, else the list's own order). */
export function orderedTasks(definition: WorkflowDefinition): WorkflowTask[] {
  const byId = new Map(definition.task_list.map((task) => [task.id, task]));
  if (definition.order_list.length === 0) return definition.task_list;
  return definition.order_list.map((id) => byId.get(id)!);
}

/** Tasks whose action the trigger does not support (changing the trigger asks before removing them). */
export function unsupportedTasks(definition: WorkflowDefinition): WorkflowTask[] {
  return definition.task_list.filter(
    (task) => !actionOf(task.action_id)?.triggers.includes(definition.trigger_id),
  );
}

/**
 * Checks a definition: a known trigger, filters only on alert triggers, unique task ids, an
 * order naming each task once, known actions the trigger supports, only declared parameters of
 * the right type, references to the trigger or earlier steps only. `publish` also requires every
 * required parameter (a draft may be incomplete). Throws a 400 naming the field.
 */
export function checkDefinition(definition: WorkflowDefinition, options: { publish: boolean }): void {
  const trigger = triggerOf(definition.trigger_id);
  if (!trigger) throw badRequest('body.trigger_id', `is not a trigger (GET /api/soar/v1/triggers)`);
  if (!isAlertTrigger(definition.trigger_id) && Object.keys(definition.trigger_filter).length > 0)
    throw badRequest('body.trigger_filter', 'only alert triggers take a filter');
  const { min_risk: min, max_risk: max } = definition.trigger_filter as {
    min_risk?: number;
    max_risk?: number;
  };
  if (min !== undefined && max !== undefined && min > max)
    throw badRequest('body.trigger_filter.max_risk', 'must be at least min_risk');
  const ids = definition.task_list.map((task) => task.id);
  const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
  if (duplicate !== undefined) throw badRequest('body.task_list', `task id ${duplicate} is used twice`);
  if (definition.order_list.length > 0) {
    const sameSet =
      definition.order_list.length === ids.length &&
      new Set(definition.order_list).size === ids.length &&
      definition.order_list.every((id) => ids.includes(id));
    if (!sameSet) throw badRequest('body.order_list', 'must name every task of task_list once');
  }
  if (options.publish && ids.length === 0)
    throw badRequest('body.task_list', 'a workflow without tasks can only be a draft');
  const earlier = new Map<string, ActionInfo>();
  const ordered = orderedTasks(definition);
  ordered.forEach((task, position) => {
    const at = `body.task_list[${definition.task_list.indexOf(task)}]`;
    const action = actionOf(task.action_id);
    if (!action)
      throw badRequest(`${at}.action_id`, `${task.action_id} is not an action (GET /api/soar/v1/actions)`);
    if (!action.triggers.includes(definition.trigger_id))
      throw badRequest(
        `${at}.action_id`,
        `the trigger ${definition.trigger_id} does not support ${task.action_id}`,
      );
    checkParameters(action, task.parameters, `${at}.parameters`, earlier, options.publish);
    if (task.action_id === 'condition') checkCondition(task.parameters, `${at}.parameters`, options.publish);
    checkBranches(task, ordered, position, at);
    earlier.set(task.id, action);
  });
}

/**
 * A branch names a task after its own in the order, or `$end`: runs only go forward, so a
 * definition cannot loop. Only actions with a true or false outcome branch.
 */
function checkBranches(task: WorkflowTask, ordered: WorkflowTask[], position: number, at: string): void {
  for (const key of ['on_true', 'on_false'] as const) {
    const target = task[key];
    if (target === undefined) continue;
    if (!(BRANCHING_ACTIONS as readonly string[]).includes(task.action_id))
      throw badRequest(`${at}.${key}`, `only ${BRANCHING_ACTIONS.join(' and ')} tasks branch`);
    if (target === '$end') continue;
    const index = ordered.findIndex((t) => t.id === target);
    if (index < 0) throw badRequest(`${at}.${key}`, `${target} is not a task of this workflow`);
    if (index <= position)
      throw badRequest(`${at}.${key}`, `${target} does not come after this task: branches only go forward`);
  }
}

function checkParameters(
  action: ActionInfo,
  given: Record<string, unknown>,
  at: string,
  earlier: ReadonlyMap<string, ActionInfo>,
  publish: boolean,
): void {
  for (const key of Object.keys(given))
    if (!action.parameters.some((param) => param.name === key))
      throw badRequest(`${at}.${key}`, `is not a parameter of ${action.action_id}`);
  for (const param of action.parameters) {
    const field = `${at}.${param.name}`;
    const value = given[param.name];
    if (value === undefined || value === '') {
      if (publish && param.required) throw badRequest(field, 'is required');
      continue;
    }
    for (const path of referencedPaths(value)) {
      const [root, step, ...rest] = path.split('.');
      if (root === 'trigger') continue;
      const stepAction = root === 'steps' && step !== undefined ? earlier.get(step) : undefined;
      if (!stepAction) throw badRequest(field, `{{${path}}} names neither the trigger nor an earlier step`);
      checkStepOutputPath(path, rest, stepAction, field);
    }
    checkValue(param, value, field);
  }
}

function checkValue(param: ActionInfo['parameters'][number], value: unknown, field: string): void {
  const templated = typeof value === 'string' && value.includes('{{');
  const { min, max } = param;
  switch (param.type) {
    case 'integer':
      if (templated) return;
      if (typeof value !== 'number' || !Number.isInteger(value))
        throw badRequest(field, 'must be a whole number');
      if (min !== undefined && value < min) throw badRequest(field, `must be at least ${min}`);
      if (max !== undefined && value > max) throw badRequest(field, `must be at most ${max}`);
      return;
    case 'boolean':
      if (typeof value !== 'boolean') throw badRequest(field, 'must be true or false');
      return;
    case 'enum':
      if (templated) return;
      if (typeof value !== 'string' || !param.options?.includes(value))
        throw badRequest(field, `must be one of ${param.options?.join(', ')}`);
      return;
    case 'email_list':
    case 'string_list': {
      if (!Array.isArray(value)) throw badRequest(field, 'must be a list');
      if (min !== undefined && value.length < min)
        throw badRequest(field, `must have at least ${min} ${plural(min, 'item', 'items')}`);
      if (max !== undefined && value.length > max)
        throw badRequest(field, `must have at most ${max} ${plural(max, 'item', 'items')}`);
      if (param.type === 'email_list')
        value.forEach((item, i) => {
          if (typeof item !== 'string' || (!item.includes('{{') && !EMAIL.test(item)))
            throw badRequest(`${field}[${i}]`, 'Please enter a valid Email');
        });
      return;
    }
    default: {
      if (typeof value !== 'string') throw badRequest(field, 'must be text');
      if (param.pattern && !templated && !new RegExp(param.pattern).test(value))
        throw badRequest(field, `must match ${param.pattern}`);
      if (min !== undefined && !templated && value.length < min)
        throw badRequest(field, `must be at least ${min} ${plural(min, 'character', 'characters')}`);
      if (max !== undefined && value.length > max)
        throw badRequest(field, `must be at most ${max} ${plural(max, 'character', 'characters')}`);
      if (param.type === 'url' && !templated && !/^https?:\/\/[^\s]+$/i.test(value))
        throw badRequest(field, 'must be an http or https address');
    }
  }
}
