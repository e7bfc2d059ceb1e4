import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { listMultiInstanceHosts } from './api.ts';

/**
 * Hosts that more than one integration instance reports, or one instance (or agent) more than
 * once: the same machine may then raise the same alert twice (spec 2, section 2).
 */
export function MultiInstanceHostsSection() {
  const { t } = useTranslation('integrations');
  const uid = useId();
  const hosts = useQuery(listMultiInstanceHosts());
  return (
    <section className="card integrations__multi" aria-labelledby={`${uid}-heading`}>
      <h2 id={`${uid}-heading`}>{t('multi.heading')}</h2>
      {hosts.isError && <p role="alert">{t('multi.loadFailed')}</p>}
      {hosts.data?.length === 0 && <p className="muted">{t('multi.none')}</p>}
      {hosts.data && hosts.data.length > 0 && (
        <table className="table" data-testid="multi-instance-hosts">
          <caption className="sr-only">{t('multi.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('mappings.hostName')}</th>
              <th scope="col">{t('mappings.customer')}</th>
              <th scope="col">{t('multi.sources')}</th>
            </tr>
          </thead>
          <tbody>
            {hosts.data.map((host) => (
              <tr key={`${host.customer_id}|${host.host_name}`}>
                <th scope="row">{host.host_name}</th>
                <td>{host.customer_name}</td>
                <td>
                  <ul className="integrations__sources">
                    {host.sources.map((source) => (
                      <li key={`${source.source}:${source.id}`}>
                        {source.source === 'integration' ? (
                          <Link href={`/integrations/${source.id}`}>{source.name}</Link>
                        ) : (
                          t('multi.agent', { name: source.name })
                        )}
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
