import type { FieldIssue } from '../../errors.ts';
import { ApiError } from '../../errors.ts';
import { checkField, type IntegrationKind } from './kinds/index.ts';

export interface SettingsInput {
  settings?: Record<string, unknown> | undefined;
  /** A secret given replaces the stored one; null removes it; left out keeps it. */
  secrets?: Record<string, unknown> | undefined;
}

/** Settings and secrets after a change, or every field issue at once (a 400 naming each field). */
export function applySettings(
  kind: IntegrationKind,
  current: { settings: Record<string, unknown>; secrets: Record<string, string> },
  input: SettingsInput,
  /** A new instance may be saved before every required value is known; validation asks for them. */
  partial = false,
): { settings: Record<string, string>; secrets: Record<string, string> } {
  const issues: FieldIssue[] = [];
  const settings: Record<string, string> = {};
  const secrets: Record<string, string> = { ...current.secrets };
  const known = new Set(kind.fields.map((field) => field.name));
  for (const [group, given] of [
    ['settings', input.settings],
    ['secrets', input.secrets],
  ] as const)
    for (const name of Object.keys(given ?? {}))
      if (
        !known.has(name) ||
        Boolean(kind.fields.find((f) => f.name === name)!.secret) !== (group === 'secrets')
      )
        issues.push({ field: `${group}.${name}`, reason: `is not a setting of ${kind.kind}` });
  for (const field of kind.fields) {
    const source = field.secret ? input.secrets : input.settings;
    const raw = source?.[field.name];
    if (raw !== undefined && raw !== null && typeof raw !== 'string') {
      issues.push({
        field: `${field.secret ? 'secrets' : 'settings'}.${field.name}`,
        reason: 'must be text',
      });
      continue;
    }
    if (field.secret) {
      if (raw === null) delete secrets[field.name];
      const value = typeof raw === 'string' ? raw : undefined;
      const issue = checkField(field, value, partial || (raw !== null && secrets[field.name] !== undefined));
      if (issue) issues.push(issue);
      else if (value) secrets[field.name] = value;
    } else {
      const previous = current.settings[field.name];
      const value =
        raw === undefined ? (typeof previous === 'string' ? previous : field.default) : (raw ?? undefined);
      const issue = checkField(field, value, partial);
      if (issue) issues.push(issue);
      else if (value !== undefined && value !== '') settings[field.name] = value;
    }
  }
  if (issues.length === 0) issues.push(...(kind.check?.({ settings, secrets }) ?? []));
  if (issues.length > 0)
    throw new ApiError(400, 'bad_request', `${issues[0]!.field}: ${issues[0]!.reason}`, issues);
  return { settings, secrets };
}

/** What an answer says of each secret: whether it is set, never its value. */
export function secretStates(kind: IntegrationKind | undefined, secrets: Record<string, string>) {
  return Object.fromEntries(
    (kind?.fields ?? []).filter((f) => f.secret).map((f) => [f.name, secrets[f.name] ? 'set' : 'not set']),
  ) as Record<string, 'set' | 'not set'>;
}
