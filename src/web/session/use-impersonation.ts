import { useMemo } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { selectImpersonator } from '../../../machines/session/selectors.ts';
import { api } from '../../api/client.ts';
import { SessionActor } from './session-actor.ts';
import { useSession } from './use-session.ts';
import { holdWatchedStatuses } from './watched-status.ts';

/** Where an ended impersonation returns: the users admin page (spec 1, section 2.4). */
export const USERS_ADMIN_PAGE = '/admin';

export interface Impersonation {
  /** The impersonating administrator's e-mail in an impersonated session, else null. */
  impersonator: string | null;
  /** Signs in as the user, then opens the dashboard as them. */
  start(contactId: string): Promise<void>;
  /** Returns to the administrator's own session and the users admin page. */
  end(): Promise<void>;
}

/**
 * Starting and ending an impersonation (spec 1, sections 2.4 and 6). Both calls revoke the
 * current token server-side, so watched statuses are held until the new session is loaded.
 */
export function useImpersonation(): Impersonation {
  const impersonator = SessionActor.useSelector(selectImpersonator);
  const { replaceToken } = useSession();

  return useMemo(() => {
    async function switchTo(call: () => Promise<string | undefined>, then: string, replace: boolean) {
      const release = holdWatchedStatuses();
      try {
        const token = await call();
        if (!token) throw new Error('Invalid response from impersonation endpoint');
        await replaceToken(token);
        navigate(then, { replace });
      } finally {
        release();
      }
    }
    return {
      impersonator,
      // The admin page is forbidden to the user now viewed as: Back must not lead to it and its
      // Unauthorized Access, so the dashboard takes its place in the history.
      start: (contactId: string) =>
        switchTo(
          async () => {
            const { data } = await api.POST('/api/support/v1/impersonation', {
              body: { contact_id: contactId },
            });
            return data?.access_token;
          },
          '/',
          true,
        ),
      end: () =>
        switchTo(
          async () => {
            const { data } = await api.DELETE('/api/support/v1/impersonation');
            return data?.access_token;
          },
          USERS_ADMIN_PAGE,
          false,
        ),
    };
  }, [impersonator, replaceToken]);
}
