import { type ReactNode, useLayoutEffect, useState } from 'react';
import { sessionMachine } from '../../../machines/session/session.machine.ts';
import { setApiHooks } from '../../api/client.ts';
import { browserSessionLogic } from './services.ts';
import { SessionActor } from './session-actor.ts';
import { currentAddress, readSessionInput } from './storage.ts';
import { watchedStatusCounts } from './watched-status.ts';

export { useImpersonation } from './use-impersonation.ts';
export { useSession } from './use-session.ts';

/** Gives the API client the session's token and hands it the watched 401/403 answers. */
function ApiHooks() {
  const actor = SessionActor.useActorRef();
  // A layout effect runs before any screen's effect, so no call goes out without the token.
  useLayoutEffect(() => {
    setApiHooks({
      token: () => actor.getSnapshot().context.token,
      onWatchedStatus: () => {
        // Spec 1, section 4.1 step 7: reset, clear the token and sign in again, back to here.
        if (watchedStatusCounts()) actor.send({ type: 'session-expired', returnTo: currentAddress() });
      },
    });
  }, [actor]);
  return null;
}

/**
 * Owns the session (spec 1, section 4.1): starts the session machine from what the browser
 * stored, with the real requests, storage and navigation provided to it.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [logic] = useState(() => browserSessionLogic(sessionMachine));
  const [input] = useState(readSessionInput);
  return (
    <SessionActor.Provider logic={logic} options={{ input }}>
      <ApiHooks />
      {children}
    </SessionActor.Provider>
  );
}
