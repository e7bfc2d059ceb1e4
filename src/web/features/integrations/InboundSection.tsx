import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { getIntegrationEventBridge, getIntegrationSyslogSetup, type Integration } from './api.ts';

/** Where a webhook instance receives deliveries and how senders sign them (event bridge info). */
export function EventBridgeSection({ integration }: { integration: Integration }) {
  const { t } = useTranslation('integrations');
  const uid = useId();
  const bridge = useQuery(getIntegrationEventBridge(integration.id)).data;
  return (
    <section className="card" aria-labelledby={`${uid}-heading`}>
      <h2 id={`${uid}-heading`}>{t('bridge.heading')}</h2>
      {bridge && (
        <dl className="facts">
          <dt>{t('bridge.endpoint')}</dt>
          <dd>
            <code data-testid="event-bridge-endpoint">{bridge.endpoint}</code>
          </dd>
          <dt>{t('bridge.keyName')}</dt>
          <dd>
            <code>{bridge.key_name}</code>
          </dd>
          <dt>{t('bridge.signature')}</dt>
          <dd>
            {t('bridge.signatureHow', {
              header: bridge.signature_header,
              timestamp: bridge.timestamp_header,
            })}
          </dd>
          <dt>{t('bridge.window')}</dt>
          <dd>{t('bridge.seconds', { count: bridge.replay_window_seconds })}</dd>
          <dt>{t('bridge.secret')}</dt>
          <dd>{bridge.signing_secret === 'set' ? t('settings.secretSet') : t('settings.secretNotSet')}</dd>
        </dl>
      )}
    </section>
  );
}

/** The syslog address, port and each mapped customer's token for a CEF or LEEF instance. */
export function SyslogSetupSection({ integration }: { integration: Integration }) {
  const { t } = useTranslation('integrations');
  const uid = useId();
  const setup = useQuery(getIntegrationSyslogSetup(integration.id)).data;
  return (
    <section className="card" aria-labelledby={`${uid}-heading`}>
      <h2 id={`${uid}-heading`}>{t('syslog.heading')}</h2>
      {setup && (
        <>
          <p>
            {t('syslog.how', {
              address: setup.address,
              port: setup.port,
              format: setup.format.toUpperCase(),
            })}
          </p>
          {setup.customers.length === 0 ? (
            <p className="muted">{t('syslog.none')}</p>
          ) : (
            <table className="table">
              <caption className="sr-only">{t('syslog.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('mappings.customer')}</th>
                  <th scope="col">{t('syslog.token')}</th>
                </tr>
              </thead>
              <tbody>
                {setup.customers.map((c) => (
                  <tr key={c.customer_id}>
                    <td>{c.customer_name}</td>
                    <td>
                      <code>{c.token}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
