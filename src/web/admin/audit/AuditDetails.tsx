import { useTranslation } from 'react-i18next';
import { Timestamp } from '../../components/Timestamp.tsx';
import type { AuditEntry } from '../api.ts';

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/** One change in full: who, on behalf of whom, and the entity before and after. */
export function AuditDetails({ entry, onClose }: { entry: AuditEntry; onClose(): void }) {
  const { t } = useTranslation('admin');
  const person = (p: AuditEntry['actor']) => (p ? `${p.name} <${p.email}>` : t('audit.system'));
  return (
    <section className="details-pane admin-details" aria-labelledby="audit-details-title">
      <header className="admin-details__header">
        <h2 id="audit-details-title">
          {entry.action} · {entry.entity} {entry.entity_id ?? ''}
        </h2>
        <button type="button" className="button" onClick={onClose}>
          {t('close')}
        </button>
      </header>
      <dl className="admin-facts">
        <dt>{t('audit.columns.time')}</dt>
        <dd>
          <Timestamp iso={entry.at} />
        </dd>
        <dt>{t('audit.columns.person')}</dt>
        <dd>{person(entry.impersonator ?? entry.actor)}</dd>
        {entry.impersonator && (
          <>
            <dt>{t('audit.columns.onBehalfOf')}</dt>
            <dd>{person(entry.actor)}</dd>
          </>
        )}
        <dt>{t('audit.columns.customer')}</dt>
        <dd>{entry.customer?.name ?? t('audit.noCustomer')}</dd>
      </dl>
      <div className="admin-diff">
        <div>
          <h3>{t('audit.before')}</h3>
          <pre>{entry.before === null ? t('audit.nothing') : pretty(entry.before)}</pre>
        </div>
        <div>
          <h3>{t('audit.after')}</h3>
          <pre>{entry.after === null ? t('audit.nothing') : pretty(entry.after)}</pre>
        </div>
      </div>
    </section>
  );
}
