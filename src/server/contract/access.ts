import type { FastifyRequest } from 'fastify';
import { type AccessRule, type AccessSubject, type Caller, denial } from '../../common/permissions.ts';
import type { Principal } from '../auth/principal.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { isStaff } from '../platform/permissions.ts';
import { listOperations, type OpenApiDocument } from './load.ts';

const CALLERS: readonly Caller[] = ['signed-in', 'anyone', 'agent', 'ingest', 'connector'];
const FLAGS = ['staff', 'adminOnly', 'modify', 'globalScope', 'noApiKey', 'noImpersonation'] as const;
const TEXTS = ['what', 'denied', 'attribute'] as const;

/**
 * The `x-access` rule of every operation, checked: an operation without one, an unknown key or a
 * caller that contradicts the operation's `security` is an error, so a rule cannot be left out or
 * misspelt. `npm run api:generate` writes the result to src/api/access.generated.ts.
 */
export function readAccessRules(contract: OpenApiDocument): Record<string, AccessRule> {
  const rules: Record<string, AccessRule> = {};
  const problems: string[] = [];
  for (const { operationId, operation } of listOperations(contract)) {
    const raw = operation['x-access'];
    if (!raw || typeof raw !== 'object') {
      problems.push(`${operationId} has no x-access`);
      continue;
    }
    const entry = raw as Record<string, unknown>;
    const rule: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(entry)) {
      if (key === 'caller' && CALLERS.includes(value as Caller)) rule[key] = value;
      else if ((FLAGS as readonly string[]).includes(key) && value === true) rule[key] = true;
      else if ((TEXTS as readonly string[]).includes(key) && typeof value === 'string') rule[key] = value;
      else if (key === 'anyOf' && Array.isArray(value) && value.every((p) => typeof p === 'string'))
        rule[key] = value;
      else problems.push(`${operationId}: x-access.${key} is not understood`);
    }
    const expected = callerOf(contract, operation.security);
    if (rule.caller !== expected)
      problems.push(`${operationId}: x-access.caller must be ${expected} (its security)`);
    rules[operationId] = rule as AccessRule;
  }
  if (problems.length) throw new Error(`openapi: ${problems.join('; ')}`);
  return rules;
}

/** The caller an operation's `security` admits (the document's bearerAuth when it names none). */
function callerOf(contract: OpenApiDocument, own: unknown): Caller {
  const security = (Array.isArray(own) ? own : contract.security) as Record<string, unknown>[] | undefined;
  if (!security || security.length === 0) return 'anyone';
  if (security.some((s) => 'agentCredential' in s)) return 'agent';
  if (security.some((s) => 'ingestToken' in s)) return 'ingest';
  if (security.some((s) => 'connectorCredential' in s)) return 'connector';
  return 'signed-in';
}

/** The caller as the rules see them. */
export function accessSubject(principal: Principal | null): AccessSubject | null {
  if (!principal) return null;
  return {
    staff: isStaff(principal),
    admin: principal.user.isAdmin,
    permissions: principal.permissions,
    apiKey: principal.apiKey !== undefined,
    impersonating: principal.impersonator !== null,
    attributes: {},
  };
}

/**
 * The pre-handler of a signed-in operation: refuses a caller its rule does not admit (401 without a
 * session, else 403 with the rule's message) before the request is validated or anything is looked
 * up. Checks that depend on the body or the target (an endpoint action, a private comment, the
 * shared indicator store) stay in the handler, which says so.
 */
export function enforceAccess(rule: AccessRule) {
  return async (request: FastifyRequest) => {
    const refused = denial(rule, accessSubject(request.principal));
    if (!refused) return;
    throw refused.status === 401 ? unauthorized() : forbidden(refused.message);
  };
}
