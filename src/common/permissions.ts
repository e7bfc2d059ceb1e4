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

/**
 * Who may call: a signed-in person (the default), anyone (no sign-in), an endpoint agent with its
 * credential, a log shipper with its ingest token, or a browser extension with the connector
 * credential a customer's administrator approved for it.
 */
export type Caller = 'signed-in' | 'anyone' | 'agent' | 'ingest' | 'connector';

const MACHINE_CALLERS: Record<Exclude<Caller, 'signed-in' | 'anyone'>, string> = {
  agent: 'agents',
  ingest: 'log shippers',
  connector: 'browser connectors',
};

/**
 * Access rule of an operation (the `x-access` of each operation in openapi/, gathered in
 * src/api/access.generated.ts), a route or a sidebar entry. Every check set must pass; the data a
 * call reads or changes is narrowed further to the caller's customers (row-level security).
 */
export interface AccessRule {
  /** Who calls; `signed-in` when absent. */
  caller?: Caller;
  /** Provider staff only (role level Global). */
  staff?: boolean;
  /** Administrators only. */
  adminOnly?: boolean;
  /**
   * Changes triage data (alerts, cases, mutes, comments, domains...): staff need `modify_all`;
   * customer users change their own customers' data.
   */
  modify?: boolean;
  /** At least one of these. */
  anyOf?: readonly Permission[];
  /** The `global_user` permission. */
  globalScope?: boolean;
  /** A user attribute that must be set (labs toggles; the console's own preference). */
  attribute?: string;
  /** Refused to API keys: only a person at the console (sign-in settings, minting keys). */
  noApiKey?: boolean;
  /** Refused while an administrator impersonates the user: nothing done in their name lasts. */
  noImpersonation?: boolean;
  /** What the call does, for the refusal: "You do not have permission to {what}." */
  what?: string;
  /** The refusal of any failed check, where its wording is the operation's own. */
  denied?: string;
}

/** Who asks: the signed-in user as the server loads them, or as the console knows them. */
export interface AccessSubject {
  /** False for an anonymous caller; true when absent. */
  signedIn?: boolean;
  /** Role level Global (provider staff); false when absent. */
  staff?: boolean;
  /** Calling with an API key rather than a console session. */
  apiKey?: boolean;
  /** An administrator acting as this user. */
  impersonating?: boolean;
  permissions: readonly string[];
  admin: boolean;
  attributes: Record<string, unknown>;
}

/** Why a rule refuses a caller: 401 without a session, else 403 with the operation's message. */
export interface AccessDenial {
  status: 401 | 403;
  message: string;
}

/**
 * The first check of the rule the subject fails (in the order the handlers always checked them:
 * API key, impersonation, staff, administrator, change, permissions), or null when the subject passes. Agents, ingest
 * tokens and connectors are not people: a person never passes their rules, and their credentials are checked by
 * the contract's security before any rule.
 */
export function denial(rule: AccessRule, subject: AccessSubject | null): AccessDenial | null {
  const caller = rule.caller ?? 'signed-in';
  if (caller === 'anyone') return null;
  const what = rule.what ?? 'do this';
  const refuse = (message: string): AccessDenial => ({ status: 403, message: rule.denied ?? message });
  if (!subject || subject.signedIn === false) return { status: 401, message: 'Sign in to continue.' };
  if (caller !== 'signed-in') return refuse(`Only ${MACHINE_CALLERS[caller]} can ${what}.`);
  if (rule.noApiKey && subject.apiKey) return refuse(`An API key cannot ${what}.`);
  if (rule.noImpersonation && subject.impersonating) return refuse(`You cannot ${what} while impersonating.`);
  const staff = subject.staff === true;
  if (rule.staff && !staff) return refuse(`Only provider staff can ${what}.`);
  if (rule.adminOnly && !subject.admin) return refuse(`Only administrators can ${what}.`);
  if (rule.modify && staff && !subject.permissions.includes('modify_all'))
    return refuse(`You do not have permission to ${what}.`);
  if (rule.anyOf && !hasAny(subject.permissions, rule.anyOf))
    return refuse(`You need the ${rule.anyOf.join(' or ')} permission to ${what}.`);
  if (rule.globalScope && !isGlobalUser(subject.permissions))
    return refuse(`You need the global_user permission to ${what}.`);
  if (rule.attribute && !subject.attributes[rule.attribute])
    return refuse(`Switch ${rule.attribute} on to ${what}.`);
  return null;
}

/** Whether the subject passes the rule (spec 1, section 6: route guard and sidebar visibility). */
export function allows(rule: AccessRule, subject: AccessSubject): boolean {
  return denial(rule, subject) === null;
}
