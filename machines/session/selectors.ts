import type { SnapshotFrom } from 'xstate';
import type { UserAttributes } from './session.context.ts';
import type { SessionMachine } from './session.machine.ts';

export type SessionSnapshot = SnapshotFrom<SessionMachine>;

/** The Session interface's status: ready once the user is loaded, restoring while a token is checked. */
export function selectStatus(snapshot: SessionSnapshot): 'signedOut' | 'restoring' | 'ready' {
  if (snapshot.matches('Ready')) return 'ready';
  if (snapshot.matches('Starting') || snapshot.matches('Restoring')) return 'restoring';
  return 'signedOut';
}

/**
 * What a protected route shows (spec 1, section 4.1 steps 1 and 2): 'login' when there is no
 * token and sign-in must start, 'loggingIn' while it starts, 'loading' while a token is checked
 * or a callback processed, 'loggingOut' while leaving, 'ready' once the user is loaded.
 */
export function selectGuardView(
  snapshot: SessionSnapshot,
): 'login' | 'loggingIn' | 'loading' | 'loggingOut' | 'ready' {
  if (snapshot.matches('Ready')) return 'ready';
  if (snapshot.matches('SignedOut') || snapshot.matches('Failed')) return 'login';
  if (snapshot.matches('StartingLogin') || snapshot.matches('RedirectingToIdp')) return 'loggingIn';
  if (snapshot.matches('LoggingOut') || snapshot.matches('LoggedOut')) return 'loggingOut';
  return 'loading';
}

export const selectToken = (snapshot: SessionSnapshot) => snapshot.context.token;
export const selectMe = (snapshot: SessionSnapshot) => snapshot.context.me;
export const selectAdmin = (snapshot: SessionSnapshot) => snapshot.context.admin;
export const selectError = (snapshot: SessionSnapshot) => snapshot.context.error;

const NO_PERMISSIONS: readonly string[] = [];
const NO_ATTRIBUTES: UserAttributes = {};

export const selectPermissions = (snapshot: SessionSnapshot) =>
  snapshot.context.me?.permissions ?? NO_PERMISSIONS;
export const selectAttributes = (snapshot: SessionSnapshot) =>
  snapshot.context.me?.attributes ?? NO_ATTRIBUTES;
/** The impersonating administrator's e-mail in an impersonated session, else null. */
export const selectImpersonator = (snapshot: SessionSnapshot) =>
  snapshot.context.me?.user.impersonator?.email ?? null;
