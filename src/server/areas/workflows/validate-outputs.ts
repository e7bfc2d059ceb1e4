import { badRequest } from '../../errors.ts';
import type { ActionInfo } from './catalogue/actions.ts';

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);
const INDEX = /^(0|[1-9][0-9]{0,5})$/;

/**
 * Checks that a `{{steps.<task>.<path>}}` reference reads what that step's action declares it
 * produces: the whole output, one of its outputs, an item of a list by index, or any field of an
 * object output (whose fields are its source's own, such as an HTTP answer's JSON).
 */
export function checkStepOutputPath(
  reference: string,
  rest: readonly string[],
  action: ActionInfo,
  field: string,
): void {
  const [name, ...deeper] = rest;
  if (name === undefined) return;
  const output = action.outputs.find((candidate) => candidate.name === name);
  if (!output) {
    const count = action.outputs.length;
    throw badRequest(
      field,
      `{{${reference}}} reads ${name}, which a ${action.action_id} step does not produce: it has ${count} ${plural(count, 'output', 'outputs')} (${action.outputs.map((o) => o.name).join(', ')})`,
    );
  }
  if (deeper.length === 0 || output.type === 'object') return;
  if (output.type === 'string_list' && deeper.length === 1 && INDEX.test(deeper[0]!)) return;
  const extra = deeper.length;
  throw badRequest(
    field,
    output.type === 'string_list'
      ? `{{${reference}}} reads ${extra} ${plural(extra, 'level', 'levels')} into ${name}, a list: only an item by its index is there`
      : `{{${reference}}} reads ${extra} ${plural(extra, 'level', 'levels')} into ${name}, which is a single ${output.type} value with no fields`,
  );
}
