import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useCan } from '../../session/use-can.ts';

/**
 * The Chrome extension's OAuth consent (spec 2, section 2): a customer's administrator installs the
 * extension, which sends them to the consent page; what they approved is listed, and revoked, on
 * the connectors screen.
 */
export function BrowserConnectorSection() {
  const { t } = useTranslation('integrations');
  const uid = useId();
  const canList = useCan()('listConnectorCredentials');
  return (
    <section className="card integrations__connector" aria-labelledby={`${uid}-heading`}>
      <h2 id={`${uid}-heading`}>{t('connector.heading')}</h2>
      <p>{t('connector.explain')}</p>
      <p className="muted">
        {t('connector.consentAt')} <code>/connectors/chrome</code>
      </p>
      {canList && <Link href="/connectors">{t('connector.credentials')}</Link>}
    </section>
  );
}
