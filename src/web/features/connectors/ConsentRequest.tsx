import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon.tsx';
import type { ChromeConsent } from './api.ts';

/** Who asks, for which customer, and what approving lets it do (from the customer's extension policy). */
export function ConsentRequest({ consent }: { consent: ChromeConsent }) {
  const { t } = useTranslation('connectors');
  const { policy } = consent;
  return (
    <>
      <p>
        {t('consent.intro', { customer: consent.customer_name })}{' '}
        <code className="consent__extension">{consent.extension_id}</code>
      </p>
      {consent.enabled ? (
        <>
          <p>{t('consent.mayDo')}</p>
          <ul className="consent__list" aria-label={t('consent.scopesLabel')}>
            {consent.scopes.map((scope) => (
              <li key={scope}>
                <Icon name={scope === 'read_policy' ? 'shield' : 'alerts'} />{' '}
                {t(`scope.${scope}`, { customer: consent.customer_name })}
              </li>
            ))}
          </ul>
          <p>{t('consent.enforces')}</p>
          <ul className="consent__policy">
            <li>{t(`policy.risky.${policy.risky_domain_mode}`)}</li>
            {policy.password_reuse_warning ? <li>{t('policy.passwordReuse')}</li> : null}
            <li>{t('policy.blocked', { count: policy.blocked_domains.length })}</li>
            <li>{t('policy.allowed', { count: policy.allowed_domains.length })}</li>
          </ul>
          <p className="muted">{t('consent.revocable')}</p>
        </>
      ) : (
        <p role="alert">{t('consent.extensionOff', { customer: consent.customer_name })}</p>
      )}
    </>
  );
}
