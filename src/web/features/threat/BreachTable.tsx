import { useTranslation } from 'react-i18next';
import type { Breach } from './api.ts';

/** The breaches one look-up found: each breach with its date and the data it exposed. */
export function BreachTable({ breaches }: { breaches: readonly Breach[] }) {
  const { t } = useTranslation('threat');
  if (breaches.length === 0) return <p>{t('breach.none')}</p>;
  return (
    <table className="threat-table">
      <caption>{t('breach.count', { count: breaches.length })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('breach.name')}</th>
          <th scope="col">{t('breach.date')}</th>
          <th scope="col">{t('breach.data')}</th>
        </tr>
      </thead>
      <tbody>
        {breaches.map((b) => (
          <tr key={b.name}>
            <td>
              {b.title}
              {b.domain ? ` (${b.domain})` : ''}
            </td>
            <td>{b.breach_date ?? t('none')}</td>
            <td>{b.data_classes.join(', ')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
