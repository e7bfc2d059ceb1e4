import { OPERATION_ACCESS } from '../../api/access.generated.ts';
import { type AccessRule, type AccessSubject, allows } from '../../common/permissions.ts';
import type { CurrentUser } from './types.ts';

export type OperationId = keyof typeof OPERATION_ACCESS;

/**
 * Who may open a route, see a link or run a command: the rule of the operation it stands for
 * (its `x-access` in openapi/, as the server enforces it), or, for a screen whose API does not
 * exist yet, a rule of its own.
 */
export type Access = OperationId | AccessRule;

export const ruleOf = (access: Access): AccessRule =>
  typeof access === 'string' ? OPERATION_ACCESS[access] : access;

/** Whether the subject passes; nothing to pass means any signed-in user. */
export const mayAccess = (access: Access | undefined, subject: AccessSubject): boolean =>
  !access || allows(ruleOf(access), subject);

/** The signed-in user as the rules see them (what the server knows of them as well). */
export function accessSubject(
  me: CurrentUser | null,
  session: { permissions: readonly string[]; admin: boolean; attributes: object },
): AccessSubject {
  return {
    signedIn: me !== null,
    staff: me?.user.role_level === 'Global',
    impersonating: !!me?.user.impersonator,
    permissions: session.permissions,
    admin: session.admin,
    attributes: session.attributes as Record<string, unknown>,
  };
}
