import { useTranslation } from 'react-i18next';
import { MessagePage } from '../components/MessagePage.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { StandaloneFrame } from '../components/StandaloneFrame.tsx';

/** /connectors/chrome/redirect: the connector picks the session up from here. */
export function ChromeRedirectPage() {
  const { t } = useTranslation('shell');
  return (
    <StandaloneFrame>
      <MessagePage icon="external-link" title={t('connectorRedirect.title')}>
        <Spinner size="large" label={t('connectorRedirect.title')} />
        <p>{t('connectorRedirect.message')}</p>
      </MessagePage>
    </StandaloneFrame>
  );
}
