import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Icon } from '../components/Icon.tsx';
import { StandaloneFrame } from '../components/StandaloneFrame.tsx';

/** /connectors/chrome: consent before the browser connector gets access to the console. */
export function ChromeConnectorPage() {
  const { t } = useTranslation('shell');
  return (
    <StandaloneFrame>
      <div className="consent">
        <h1>{t('connector.title')}</h1>
        <p>{t('connector.intro')}</p>
        <ul className="consent__list">
          <li>
            <Icon name="user" /> {t('connector.scopeProfile')}
          </li>
          <li>
            <Icon name="alerts" /> {t('connector.scopeAlerts')}
          </li>
          <li>
            <Icon name="threat" /> {t('connector.scopeThreat')}
          </li>
        </ul>
        <p className="muted">{t('connector.revoke')}</p>
        <div className="consent__actions">
          <Link href="/" className="button button--ghost">
            {t('connector.deny')}
          </Link>
          <Link href="/connectors/chrome/redirect" className="button button--primary">
            {t('connector.allow')}
          </Link>
        </div>
      </div>
    </StandaloneFrame>
  );
}
