import type { Impersonation, Session } from '../session-bridge.ts';

/** The impersonator's e-mail, wherever the session layer keeps it. */
export function impersonatorEmail(session: Session, impersonation: Impersonation): string | null {
  const fromUser = session.me?.user.impersonator?.email;
  if (fromUser) return fromUser;
  const { impersonator } = impersonation;
  if (typeof impersonator === 'string') return impersonator;
  if (impersonator && typeof impersonator === 'object' && 'email' in impersonator) {
    const email = (impersonator as { email: unknown }).email;
    if (typeof email === 'string') return email;
  }
  return null;
}
