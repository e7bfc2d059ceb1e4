import type { Session } from '../../session/types.ts';
import type { Impersonation } from '../../session/use-impersonation.ts';

/** The impersonator's e-mail: the loaded user names it, else the impersonation hook. */
export function impersonatorEmail(
  session: Session,
  impersonation: Pick<Impersonation, 'impersonator'>,
): string | null {
  return session.me?.user.impersonator?.email ?? impersonation.impersonator ?? null;
}
