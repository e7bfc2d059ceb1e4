import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerRetention } from './api.ts';
import { RetentionForm } from './RetentionForm.tsx';
import { UsageChart } from './UsageChart.tsx';
import { firstKeptDay, formatBytes } from './usage-model.ts';

/** One customer's retention: what is stored now by type, usage over time, and (staff) the days kept. */
export function CustomerUsage({
  figures,
  name,
  canChange,
  asTable,
  onToggleTable,
  onSaved,
  onClose,
}: {
  figures: CustomerRetention;
  name: string;
  canChange: boolean;
  asTable: boolean;
  onToggleTable(): void;
  onSaved(): void;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation('retention');
  const heading = useId();
  const number = new Intl.NumberFormat(i18n.language);
  const bytes = (value: number) => formatBytes(value, i18n.language);
  return (
    <section className="retention-detail" aria-labelledby={heading}>
      <header className="retention-detail__header">
        <h2 id={heading}>{name}</h2>
        <button type="button" className="button button--small" onClick={onClose}>
          {t('detail.close')}
        </button>
      </header>
      <p>
        {t('detail.keeps', { count: figures.retention_days, from: firstKeptDay(figures.retention_days) })}
      </p>
      {canChange ? (
        <RetentionForm
          key={figures.retention_days}
          customerId={figures.customer_id}
          customerName={name}
          current={figures.retention_days}
          onSaved={onSaved}
        />
      ) : (
        <p className="muted">{t('detail.setByProvider')}</p>
      )}
      <h3>{t('byType.title')}</h3>
      {figures.by_type.length === 0 ? (
        <p className="empty" role="status">
          {t('byType.empty')}
        </p>
      ) : (
        <table className="table retention-types">
          <caption className="sr-only">{t('byType.caption', { name })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('byType.source')}</th>
              <th scope="col">{t('byType.events')}</th>
              <th scope="col">{t('byType.bytes')}</th>
            </tr>
          </thead>
          <tbody>
            {figures.by_type.map((type) => (
              <tr key={type.source}>
                <th scope="row">{type.source}</th>
                <td className="numeric">{number.format(type.events)}</td>
                <td className="numeric">{bytes(type.bytes)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('byType.total')}</th>
              <td className="numeric">{number.format(figures.stored.events)}</td>
              <td className="numeric">{bytes(figures.stored.bytes)}</td>
            </tr>
          </tfoot>
        </table>
      )}
      <UsageChart days={figures.days} asTable={asTable} onToggle={onToggleTable} />
    </section>
  );
}
