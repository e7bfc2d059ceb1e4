import { type ReactNode, useLayoutEffect, useState } from 'react';
import { selectToken } from '../../../machines/session/selectors.ts';
import { sessionMachine } from '../../../machines/session/session.machine.ts';
import { setApiHooks } from '../../api/client.ts';
import { ServerStateProvider } from '../api/ServerStateProvider.tsx';
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

/** The cache of server answers (api/query.ts), dropped whenever the session's token changes. */
function SessionServerState({ children }: { children: ReactNode }) {
  const token = SessionActor.useSelector(selectToken);
  return <ServerStateProvider token={token}>{children}</ServerStateProvider>;
}

/**
 * Owns the session (spec 1, section 4.1): starts the session machine from what the browser
 * stored, with the real requests, storage and navigation provided to it. Inside it, the one cache
 * of server answers: a fresh one per mounted provider (each test render has its own).
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [logic] = useState(() => browserSessionLogic(sessionMachine));
  const [input] = useState(readSessionInput);
  return (
    <SessionActor.Provider logic={logic} options={{ input }}>
      <ApiHooks />
      <SessionServerState>{children}</SessionServerState>
    </SessionActor.Provider>
  );
}
