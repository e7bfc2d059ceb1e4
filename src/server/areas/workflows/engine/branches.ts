import type { WorkflowTask } from '../../../db/schema/index.ts';
import { BRANCHING_ACTIONS } from '../catalogue/actions.ts';

export const END = '$end';

/** Whether a step's outcome was true or false: from its outcome, or its stored output when done before. */
export function passedOf(
  task: WorkflowTask,
  outcome: { passed?: boolean; output?: unknown },
): boolean | undefined {
  if (!(BRANCHING_ACTIONS as readonly string[]).includes(task.action_id)) return undefined;
  if (outcome.passed !== undefined) return outcome.passed;
  const stored = (outcome.output as { passed?: unknown } | null)?.passed;
  return typeof stored === 'boolean' ? stored : undefined;
}

/**
 * The step after `index`, or null when the run ends there. A true or false outcome follows the
 * task's on_true or on_false (a later task, or $end); unset, true goes on to the next task and
 * false ends the run. The validator lets branches only go forward, so no run loops.
 */
export function nextIndex(
  tasks: readonly WorkflowTask[],
  index: number,
  outcome: { stop?: boolean; passed?: boolean; output?: unknown },
): number | null {
  const task = tasks[index];
  if (!task) return null;
  const passed = passedOf(task, outcome);
  if (passed !== undefined) {
    const target = passed ? task.on_true : task.on_false;
    if (target === END) return null;
    if (target !== undefined) {
      const at = tasks.findIndex((t) => t.id === target);
      return at > index ? at : null;
    }
    if (!passed) return null;
  } else if (outcome.stop) return null;
  return index + 1 < tasks.length ? index + 1 : null;
}
