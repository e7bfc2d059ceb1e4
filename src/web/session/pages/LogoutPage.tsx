import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../../app/screen-props.ts';
import { LoadingScreen } from '../LoadingScreen.tsx';
import { SessionActor } from '../session-actor.ts';

/** /logout: ends the session here and at the IdP, which then shows its sign-in page again. */
export function LogoutPage(_: ScreenProps) {
  const { t } = useTranslation('auth');
  const actor = SessionActor.useActorRef();
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    actor.send({ type: 'logout' });
  }, [actor]);

  return <LoadingScreen framed title={t('loggingOut.title')} message={t('loggingOut.message')} />;
}
