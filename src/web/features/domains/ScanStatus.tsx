import { useTranslation } from 'react-i18next';
import type { Domain } from './api.ts';

/**
 * Where a domain's own scan stands (queued when it was added or switched back on): progress while
 * it is queued or running, the reason when it failed, nothing once it is done.
 */
export function ScanStatus({ domain }: { domain: Domain }) {
  const { t } = useTranslation('domains');
  if (domain.scan_status === 'failed')
    return (
      <p role="alert" className="domain-scan domain-scan--failed">
        {t('scan.failed', { error: domain.scan_error ?? '' })}
      </p>
    );
  if (!domain.scan_status) return null;
  const label = domain.scan_status === 'queued' ? t('scan.queued') : t('scan.scanning');
  return (
    <div className="domain-scan" role="status">
      <progress aria-label={label} />
      <span>{label}</span>
    </div>
  );
}
