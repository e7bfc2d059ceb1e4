/**
 * Task parameters may use the trigger's values and earlier steps' outputs: `{{trigger.alert.title}}`,
 * `{{steps.isolate.agent_action_id}}`. A small resolver over plain paths, never `eval`: the only thing
 * a parameter can do is read a value of its own run. No expression library is installed; a
 * parameter that is exactly one placeholder keeps the value's type (a number stays a number).
 */
const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_@.-]{1,200})\s*\}\}/g;
const WHOLE = /^\{\{\s*([A-Za-z0-9_@.-]{1,200})\s*\}\}$/;

export interface ExpressionScope {
  trigger: Record<string, unknown>;
  steps: Record<string, unknown>;
}

/** The value at a dotted path, or undefined; own properties only, so no prototype is reachable. */
export function valueAt(root: unknown, path: string): unknown {
  let here: unknown = root;
  for (const key of path.split('.')) {
    if (here === null || typeof here !== 'object') return undefined;
    if (!Object.hasOwn(here, key)) return undefined;
    here = (here as Record<string, unknown>)[key];
  }
  return here;
}

function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** One parameter resolved against the run: text placeholders filled, lists item by item. */
export function resolveValue(value: unknown, scope: ExpressionScope): unknown {
  if (typeof value === 'string') {
    const whole = WHOLE.exec(value);
    if (whole) return valueAt(scope, whole[1]!) ?? null;
    return value.replace(PLACEHOLDER, (_, path: string) => text(valueAt(scope, path)));
  }
  if (Array.isArray(value)) return value.map((item) => resolveValue(item, scope));
  return value;
}

export function resolveParameters(
  parameters: Record<string, unknown>,
  scope: ExpressionScope,
): Record<string, unknown> {
  return Object.fromEntries(Object.entries(parameters).map(([k, v]) => [k, resolveValue(v, scope)]));
}

/** The paths a text parameter reads, to check they name the trigger or an earlier step. */
export function referencedPaths(value: unknown): string[] {
  if (typeof value === 'string') return [...value.matchAll(PLACEHOLDER)].map((m) => m[1]!);
  if (Array.isArray(value)) return value.flatMap(referencedPaths);
  return [];
}
