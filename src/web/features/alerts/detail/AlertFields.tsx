import { useTranslation } from 'react-i18next';
import { Facts } from '../../../components/Facts.tsx';
import type { Alert } from '../types.ts';
import { AlertAgent } from './AlertAgent.tsx';

/** The alert's own fields, as text. */
export function AlertFields({ alert }: { alert: Alert }) {
  const { t } = useTranslation('alerts');
  const rows: [string, React.ReactNode][] = [
    [t('column.type'), alert.type],
    [t('column.risk_score'), alert.risk_score],
    [t('detail.severity'), alert.severity],
    [t('detail.confidence'), alert.confidence],
    [t('column.host_name'), alert.host_name],
    [t('column.host_os'), alert.host_os],
    [t('agent.label'), <AlertAgent key="agent" agent={alert.agent} />],
    [t('column.log_level'), alert.log_level],
    [t('column.external_source'), alert.external_source],
    [t('column.assigned_users'), alert.assigned_users.join(', ') || null],
    [t('detail.entityId'), alert.entity_id],
  ];
  return (
    <section className="card alert-detail__section" aria-labelledby="alert-fields">
      <h2 id="alert-fields">{t('detail.fields')}</h2>
      <Facts
        items={rows.map(([label, value]) => ({ label, value: value === null || value === '' ? '—' : value }))}
      />
    </section>
  );
}
