/** What the console shows when sign-in cannot complete (spec 1, section 8). */
export const LOGON_PROBLEM = 'There was a problem logging on';
/** The callback's state differs from the stored one (spec 1, section 4.1 step 4). */
export const INCORRECT_STATE = 'Incorrect state';

/**
 * The user call answered 401 or 403: the stored token is no longer good. Restoring a session
 * then restarts sign-in instead of failing (spec 1, section 7: "401 and 403 tolerated").
 */
export class SessionExpiredError extends Error {
  override name = 'SessionExpiredError';
  constructor(message = 'Your session has timed out.') {
    super(message);
  }
}

/** Checked by name, so a plain `{ name }` object (as in the generated test paths) counts too. */
export function isSessionExpired(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === 'SessionExpiredError'
  );
}

/** The text to record for a failure of any shape. */
export function messageOf(error: unknown): string {
  if (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string'
  ) {
    return (error as { message: string }).message;
  }
  return typeof error === 'string' ? error : LOGON_PROBLEM;
}
