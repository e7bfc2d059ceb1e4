import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../../app/screen-props.ts';
import { LoadingScreen } from '../LoadingScreen.tsx';
import { SessionActor } from '../session-actor.ts';

/**
 * /login/callback: hands the authorization response (state, code, iss) to the session, which
 * completes the sign-in and moves on (spec 1, section 4.1 steps 4 to 6).
 */
export function LoginCallbackPage(_: ScreenProps) {
  const { t } = useTranslation('auth');
  const actor = SessionActor.useActorRef();
  // Once per page: React's development double effects must not process a code twice.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const query = new URLSearchParams(window.location.search);
    actor.send({
      type: 'callback',
      state: query.get('state'),
      code: query.get('code'),
      iss: query.get('iss'),
    });
  }, [actor]);

  return <LoadingScreen framed title={t('callback.title')} message={t('callback.message')} />;
}
