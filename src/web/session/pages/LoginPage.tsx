import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { selectGuardView } from '../../../../machines/session/selectors.ts';
import type { ScreenProps } from '../../app/screen-props.ts';
import { LoadingScreen } from '../LoadingScreen.tsx';
import { SessionActor } from '../session-actor.ts';

/**
 * /login: starts the sign-in (spec 1, section 2.1). Also where the IdP sends the browser after
 * a logout. A session being restored is signed in again once it is loaded.
 */
export function LoginPage(_: ScreenProps) {
  const { t } = useTranslation('auth');
  const actor = SessionActor.useActorRef();
  const view = SessionActor.useSelector(selectGuardView);

  useEffect(() => {
    if (view === 'login' || view === 'ready') actor.send({ type: 'login' });
  }, [view, actor]);

  return <LoadingScreen framed title={t('loggingIn.title')} message={t('loggingIn.message')} />;
}
