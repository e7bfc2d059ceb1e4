import type { components } from '../../api/schema.d.ts';

export type CurrentUser = components['schemas']['CurrentUserResponse'];
export type UserAttributes = components['schemas']['UserAttributes'];

/**
 * What the rest of the web app knows about the session (spec 1, sections 3 and 4.1). The
 * session provider (src/web/session/SessionProvider.tsx) owns it; screens read it through
 * useSession() and never touch the token storage themselves.
 */
export interface Session {
  /** signedOut: no token; restoring: token found, user loading; ready: user loaded. */
  status: 'signedOut' | 'restoring' | 'ready';
  token: string | null;
  me: CurrentUser | null;
  /** True when GET /api/support/v1/meta/tasks succeeded (admin detection, spec 1 section 4.1). */
  admin: boolean;
  permissions: readonly string[];
  attributes: UserAttributes;
  /**
   * Why the last sign-in or session restore failed (e.g. 'Incorrect state'), for the error
   * page to show; null when nothing failed. Optional: added by the session layer.
   */
  error?: string | null;
  /** Saves preferences (PUT /api/portal/v1/settings/) and applies them at once. */
  saveSettings(values: UserAttributes): Promise<void>;
  /** Reloads the current user (after impersonation starts or ends). */
  reloadUser(): Promise<void>;
  /** Replaces the token (impersonation) and reloads the user. */
  replaceToken(token: string): Promise<void>;
  /** Ends the session at the console and the IdP (spec 1, section 4.1 step 8). */
  logout(): void;
}
