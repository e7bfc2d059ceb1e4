/** Permission names seen in the product (spec 1, section 6). Others may exist. */
export const PERMISSIONS = [
  'global_user',
  'read_all',
  'read_workflow',
  'read_integration',
  'read_escalation',
  'modify_all',
  'modify_workflow',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** A check passes when the user has at least one of the permissions asked for. */
export function hasAny(granted: readonly string[], wanted: readonly string[]): boolean {
  return wanted.some((p) => granted.includes(p));
}

export const isGlobalUser = (granted: readonly string[]) => granted.includes('global_user');

/** Access rule of a route or a sidebar entry. */
export interface AccessRule {
  globalScope?: boolean;
  adminOnly?: boolean;
  /** At least one of these. */
  anyOf?: readonly Permission[];
  /** A user attribute that must be set (labs toggles). */
  attribute?: string;
}

export interface AccessSubject {
  permissions: readonly string[];
  admin: boolean;
  attributes: Record<string, unknown>;
}

/** Whether the subject passes the rule (spec 1, section 6: route guard and sidebar visibility). */
export function allows(rule: AccessRule, subject: AccessSubject): boolean {
  if (rule.globalScope && !isGlobalUser(subject.permissions)) return false;
  if (rule.adminOnly && !subject.admin) return false;
  if (rule.anyOf && !hasAny(subject.permissions, rule.anyOf)) return false;
  if (rule.attribute && !subject.attributes[rule.attribute]) return false;
  return true;
}
