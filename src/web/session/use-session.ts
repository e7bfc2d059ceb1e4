import { useMemo } from 'react';
import { waitFor } from 'xstate';
import {
  selectAdmin,
  selectAttributes,
  selectError,
  selectMe,
  selectPermissions,
  selectStatus,
  selectToken,
} from '../../../machines/session/selectors.ts';
import { api } from '../../api/client.ts';
import { dataOf } from '../api/errors.ts';
import { SessionActor } from './session-actor.ts';
import type { Session, UserAttributes } from './types.ts';
import { holdWatchedStatuses } from './watched-status.ts';

/**
 * The session as the rest of the app sees it (src/web/session/types.ts). Must be used inside
 * SessionProvider.
 */
export function useSession(): Session {
  const actor = SessionActor.useActorRef();
  const status = SessionActor.useSelector(selectStatus);
  const token = SessionActor.useSelector(selectToken);
  const me = SessionActor.useSelector(selectMe);
  const admin = SessionActor.useSelector(selectAdmin);
  const permissions = SessionActor.useSelector(selectPermissions);
  const attributes = SessionActor.useSelector(selectAttributes);
  const error = SessionActor.useSelector(selectError);

  const commands = useMemo(
    () => ({
      async saveSettings(values: UserAttributes) {
        const data = dataOf(await api.PUT('/api/portal/v1/settings/', { body: values }));
        actor.send({ type: 'attributes-changed', attributes: data });
      },
      async reloadUser() {
        actor.send({ type: 'reload-user' });
        await waitFor(actor, (s) => !s.matches({ Ready: 'Refreshing' }));
      },
      async replaceToken(next: string) {
        // Calls still in flight carry the old, now revoked token: their 401 is not this session's.
        const release = holdWatchedStatuses();
        try {
          actor.send({ type: 'token-replaced', token: next });
          const settled = await waitFor(actor, (s) => !s.matches('Restoring'));
          if (!settled.matches('Ready'))
            throw new Error(settled.context.error ?? 'The session could not be restored');
        } finally {
          release();
        }
      },
      logout() {
        actor.send({ type: 'logout' });
      },
    }),
    [actor],
  );

  return useMemo(
    () => ({ status, token, me, admin, permissions, attributes, error, ...commands }),
    [status, token, me, admin, permissions, attributes, error, commands],
  );
}
