import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { asLoaded } from '../../api/loaded.ts';
import { MessagePage } from '../../components/MessagePage.tsx';
import { StandaloneFrame } from '../../components/StandaloneFrame.tsx';
import { LoadedContent } from '../../components/table/LoadedContent.tsx';
import { useSession } from '../../session/use-session.ts';
import { getProvisioningStatus } from './api.ts';
import { ProvisioningList } from './ProvisioningList.tsx';
import './provisioning.css';

/**
 * /status/provisioning: anyone learns that provisioning can take up to 2 business days; a
 * signed-in user sees, for each of their customers, where it stands.
 */
export function ProvisioningPage() {
  const { t } = useTranslation('provisioning');
  const { status } = useSession();
  const signedIn = status === 'ready';
  const load = asLoaded(useQuery({ ...getProvisioningStatus(), enabled: signedIn }));
  const customers = load.data?.customers ?? [];
  return (
    <StandaloneFrame>
      <MessagePage icon="agents" title={t('title')}>
        <p>{t('takes')}</p>
      </MessagePage>
      {signedIn ? (
        <LoadedContent
          load={load}
          empty={customers.length === 0}
          labels={{ empty: t('none'), loadFailed: t('loadFailed'), retry: t('retry'), loading: t('loading') }}
        >
          <ProvisioningList customers={customers} total={load.data?.total ?? 0} />
          <Link href="/" className="button button--ghost provisioning__console">
            {t('toConsole')}
          </Link>
        </LoadedContent>
      ) : status === 'signedOut' ? (
        <p className="provisioning__sign-in">
          {t('signInToSee')} <Link href="/login">{t('signIn')}</Link>
        </p>
      ) : null}
      <p className="muted">{t('contact')}</p>
    </StandaloneFrame>
  );
}
