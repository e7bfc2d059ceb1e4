import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/Badge.tsx';
import { Timestamp } from '../../components/Timestamp.tsx';
import type { CaseRecord } from './api.ts';
import { RiskScore } from './RiskScore.tsx';
import { StatusBadge } from './StatusBadge.tsx';

/** The case's title line and facts: status, customer, risk, alert count, created and updated. */
export function CaseHeader({ record, customerName }: { record: CaseRecord; customerName: string }) {
  const { t } = useTranslation('cases');
  return (
    <header className="page-header case-header">
      <h1>
        <span className="case-id">#{record.id}</span> {record.title}
      </h1>
      <dl className="case-header__facts">
        <div>
          <dt>{t('columns.status')}</dt>
          <dd>
            <StatusBadge status={record.status} />
          </dd>
        </div>
        <div>
          <dt>{t('columns.customer')}</dt>
          <dd>{customerName}</dd>
        </div>
        <div>
          <dt>{t('columns.risk')}</dt>
          <dd>
            <RiskScore score={record.risk_score} />
          </dd>
        </div>
        <div>
          <dt>{t('columns.alerts')}</dt>
          <dd>
            <Badge>{record.alert_count}</Badge>
          </dd>
        </div>
        <div>
          <dt>{t('detail.created')}</dt>
          <dd>
            <Timestamp iso={record.created_at} />
          </dd>
        </div>
        <div>
          <dt>{t('columns.updated')}</dt>
          <dd>
            <Timestamp iso={record.updated_at} />
          </dd>
        </div>
      </dl>
    </header>
  );
}
