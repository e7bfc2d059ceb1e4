import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Icon } from '../../../components/Icon.tsx';
import { Timestamp } from '../../../components/Timestamp.tsx';
import { PriorityBadge } from '../shared/PriorityBadge.tsx';
import { StatusBadge } from '../shared/StatusBadge.tsx';
import { useLabels } from '../shared/use-labels.ts';
import type { Alert } from '../types.ts';

/** Id, title, status, priority, customer and when the alert was created and last changed. */
export function AlertHeader({ alert, customerName }: { alert: Alert; customerName: string }) {
  const { t } = useTranslation('alerts');
  const labels = useLabels();
  return (
    <header className="page-header alert-detail__header">
      <Link href="/alerts" className="back-link">
        <Icon name="arrow-left" size={14} />
        {t('detail.back')}
      </Link>
      <h1>
        <span className="alert-detail__id">#{alert.id}</span> {alert.title}
      </h1>
      <div className="alert-detail__meta">
        <StatusBadge status={alert.status} />
        <PriorityBadge priority={alert.priority} />
        {alert.classification && <span className="badge">{labels.classification(alert.classification)}</span>}
        <span>{customerName}</span>
        <span>
          {t('column.@timestamp')}: <Timestamp iso={alert['@timestamp']} />
        </span>
        <span>
          {t('column.updated_at')}: <Timestamp iso={alert.updated_at} />
        </span>
        {alert.case_id !== null && (
          <Link href={`/cases/${alert.case_id}`}>{t('detail.inCase', { id: alert.case_id })}</Link>
        )}
        {alert.merged_into !== null && (
          <Link href={`/alerts/${alert.merged_into}`}>
            {t('detail.mergedInto', { id: alert.merged_into })}
          </Link>
        )}
      </div>
    </header>
  );
}
