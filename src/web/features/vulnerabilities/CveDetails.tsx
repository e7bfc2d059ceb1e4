import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { asLoaded } from '../../api/loaded.ts';
import { useFormatTimestamp } from '../../components/Timestamp.tsx';
import { LoadError } from '../../components/table/LoadError.tsx';
import { SlowLoadNotice } from '../../components/table/SlowLoadNotice.tsx';
import { getCves } from './api.ts';

/** The CVEs a finding names, from the threat intelligence CVE table, in the interface's language. */
export function CveDetails({ ids }: { ids: readonly string[] }) {
  const { t, i18n } = useTranslation('vulnerabilities');
  const formatTime = useFormatTimestamp();
  const cves = asLoaded(useQuery({ ...getCves(ids, i18n.language), enabled: ids.length > 0 }));

  return (
    <div className="slow-load-host" aria-busy={cves.status === 'loading'}>
      <h3>{t('cve.heading')}</h3>
      <SlowLoadNotice loading={cves.status === 'loading'} />
      {ids.length === 0 ? (
        <p className="empty">{t('cve.noCves')}</p>
      ) : cves.status === 'error' ? (
        <LoadError
          error={cves.error}
          message={t('cve.failed')}
          retryLabel={t('retry')}
          onRetry={cves.reload}
        />
      ) : (
        cves.data && (
          <>
            <dl>
              {cves.data.cves.map((cve) => (
                <div key={cve.cve_id}>
                  <dt>
                    {cve.cve_id}
                    {cve.severity ? ` (${cve.severity})` : ''}
                  </dt>
                  <dd lang={cve.language ?? undefined}>{cve.description ?? t('cve.notDescribed')}</dd>
                  {cve.cvss_score !== null && (
                    <dd>
                      {t('cve.score')}: {cve.cvss_score}
                      {cve.cvss_vector ? `, ${t('cve.vector')}: ${cve.cvss_vector}` : ''}
                    </dd>
                  )}
                  {cve.published_at && (
                    <dd>
                      {t('cve.published')}: {formatTime(cve.published_at)}
                      {cve.modified_at ? `, ${t('cve.modified')}: ${formatTime(cve.modified_at)}` : ''}
                    </dd>
                  )}
                </div>
              ))}
            </dl>
            {cves.data.unknown.length > 0 && (
              <p className="muted">{t('cve.unknown', { ids: cves.data.unknown.join(', ') })}</p>
            )}
          </>
        )
      )}
    </div>
  );
}
