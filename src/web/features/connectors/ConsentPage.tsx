import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { ApiError } from '../../api/errors.ts';
import { asLoaded } from '../../api/loaded.ts';
import { Spinner } from '../../components/Spinner.tsx';
import { StandaloneFrame } from '../../components/StandaloneFrame.tsx';
import { SessionActor } from '../../session/session-actor.ts';
import { currentAddress } from '../../session/storage.ts';
import { useCan } from '../../session/use-can.ts';
import { useSession } from '../../session/use-session.ts';
import { approveChromeConnector, getChromeConsent } from './api.ts';
import { ConsentRequest } from './ConsentRequest.tsx';
import { deniedAddress, holdHandover } from './handover.ts';
import './connectors.css';

const REDIRECT_PAGE = '/connectors/chrome/redirect';

/**
 * /connectors/chrome?customer_id=…&redirect_uri=…&state=… (spec 2, section 2): the browser
 * extension asks to act for a customer; a signed-in administrator of that customer (or staff)
 * sees what it may do, from the customer's Chrome extension policy, and approves or denies it.
 * The decision goes to the redirect page, which hands it back to the extension.
 */
export function ConsentPage() {
  const { t } = useTranslation('connectors');
  const query = new URLSearchParams(useSearch());
  const customerId = query.get('customer_id') ?? '';
  const redirectUri = query.get('redirect_uri') ?? '';
  const state = query.get('state') ?? '';
  const complete = customerId !== '' && redirectUri !== '' && state !== '';
  return (
    <StandaloneFrame>
      <div className="consent">
        <h1>{t('consent.title')}</h1>
        {complete ? (
          <SignedInConsent customerId={customerId} redirectUri={redirectUri} state={state} />
        ) : (
          <p role="alert">{t('consent.incomplete')}</p>
        )}
      </div>
    </StandaloneFrame>
  );
}

function SignedInConsent({
  customerId,
  redirectUri,
  state,
}: {
  customerId: string;
  redirectUri: string;
  state: string;
}) {
  const { t } = useTranslation('connectors');
  const { status } = useSession();
  const can = useCan();
  const session = SessionActor.useActorRef();
  if (status === 'restoring') return <Spinner size="large" label={t('consent.loading')} />;
  if (status === 'signedOut')
    return (
      <>
        <p>{t('consent.signInFirst')}</p>
        <div className="consent__actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => session.send({ type: 'login', returnTo: currentAddress() })}
          >
            {t('consent.signIn')}
          </button>
        </div>
      </>
    );
  // Asking without the permission would be refused, and a refusal ends the console's session.
  if (!can('getChromeConsent')) return <p role="alert">{t('consent.notAllowed')}</p>;
  return <LoadedConsent customerId={customerId} redirectUri={redirectUri} state={state} />;
}

function LoadedConsent({
  customerId,
  redirectUri,
  state,
}: {
  customerId: string;
  redirectUri: string;
  state: string;
}) {
  const { t } = useTranslation('connectors');
  const [, navigate] = useLocation();
  const load = asLoaded(useQuery(getChromeConsent(customerId, redirectUri)));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (load.status === 'error') return <p role="alert">{consentError(load.error, t)}</p>;
  if (!load.data) return <Spinner size="large" label={t('consent.loading')} />;
  const consent = load.data;

  const approve = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const approved = await approveChromeConnector(customerId, redirectUri, state);
      holdHandover({
        outcome: 'approved',
        customerName: consent.customer_name,
        token: approved.token,
        redirectTo: approved.redirect_to,
      });
      navigate(REDIRECT_PAGE);
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : t('consent.approveFailed'));
      setBusy(false);
    }
  };
  const deny = () => {
    holdHandover({ outcome: 'denied', redirectTo: deniedAddress(redirectUri, state) });
    navigate(REDIRECT_PAGE);
  };

  return (
    <>
      <ConsentRequest consent={consent} />
      {failure ? <p role="alert">{failure}</p> : null}
      <div className="consent__actions">
        <button type="button" className="button" onClick={deny}>
          {t('consent.deny')}
        </button>
        {consent.enabled ? (
          <button type="button" className="button button--primary" disabled={busy} onClick={approve}>
            {t('consent.approve')}
          </button>
        ) : null}
      </div>
    </>
  );
}

/** The refusal in the page's words: a bad return address, a customer out of reach, or the server's own. */
function consentError(
  error: unknown,
  t: (key: 'consent.badRedirect' | 'consent.noCustomer' | 'consent.loadFailed') => string,
) {
  if (error instanceof ApiError && error.status === 400) return t('consent.badRedirect');
  if (error instanceof ApiError && error.status === 404) return t('consent.noCustomer');
  return t('consent.loadFailed');
}
