import { useTranslation } from 'react-i18next';
import { MessagePage } from '../components/MessagePage.tsx';
import { StandaloneFrame } from '../components/StandaloneFrame.tsx';

/** /status/provisioning: the organisation's platform is still being set up. */
export function ProvisioningPage() {
  const { t } = useTranslation('shell');
  return (
    <StandaloneFrame>
      <MessagePage icon="agents" title={t('provisioning.title')}>
        <p>{t('provisioning.message')}</p>
        <p className="muted">{t('provisioning.contact')}</p>
      </MessagePage>
    </StandaloneFrame>
  );
}
