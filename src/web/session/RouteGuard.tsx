import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect } from 'wouter';
import { selectGuardView } from '../../../machines/session/selectors.ts';
import type { RouteEntry } from '../routes.ts';
import { useIsActivePage } from '../shell/navigation/active-page.ts';
import { LoadingScreen } from './LoadingScreen.tsx';
import { SessionActor } from './session-actor.ts';
import { currentAddress } from './storage.ts';
import { useAccess } from './use-access.ts';

export { useAccess } from './use-access.ts';

/** Where a signed-in user without the route's right is sent (spec 1, sections 6 and 8). */
export const UNAUTHORIZED_PAGE = '/error/403';

/**
 * The route guard (spec 1, sections 4.1 and 6). A protected route signs in first when there is
 * no token, waits while the stored token is checked, then shows its screen or /error/403.
 * Pages kept hidden in the page cache never act: only the page on screen starts a sign-in or
 * redirects.
 */
export function RouteGuard({ route, children }: { route: RouteEntry; children: ReactNode }) {
  const { t } = useTranslation('auth');
  const actor = SessionActor.useActorRef();
  const view = SessionActor.useSelector(selectGuardView);
  const active = useIsActivePage();
  const allowed = useAccess(route.access);
  const guarded = !route.open;

  useEffect(() => {
    // The failure page itself is open; after a failure only a protected page signs in again.
    if (guarded && active && view === 'login') actor.send({ type: 'login', returnTo: currentAddress() });
  }, [guarded, active, view, actor]);

  if (!guarded) return children;
  switch (view) {
    case 'login':
    case 'loggingIn':
      return <LoadingScreen title={t('loggingIn.title')} message={t('loggingIn.message')} />;
    case 'loggingOut':
      return <LoadingScreen title={t('loggingOut.title')} message={t('loggingOut.message')} />;
    case 'loading':
      return <LoadingScreen title={t('loading.title')} message={t('loading.message')} />;
    default:
      if (allowed) return children;
      return active ? <Redirect to={UNAUTHORIZED_PAGE} replace /> : null;
  }
}
