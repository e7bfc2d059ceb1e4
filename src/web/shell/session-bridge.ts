import * as provider from '../session/SessionProvider.tsx';
import type { Session } from '../session/types.ts';

export type { Session };

/** What the shell needs from the session layer's impersonation hook. */
export interface Impersonation {
  /** The impersonating admin (their e-mail, or an object with it), null when not impersonating. */
  impersonator: unknown;
  /** Ends the impersonation; the shell then goes to /admin. */
  end(): unknown;
}

/**
 * The shell's one door to the session layer (src/web/session, built separately): every shell
 * component takes the session from here, typed by the contract in session/types.ts, so tests
 * replace this module alone.
 */
export const useSession: () => Session = provider.useSession;
export const useImpersonation: () => Impersonation = provider.useImpersonation;
