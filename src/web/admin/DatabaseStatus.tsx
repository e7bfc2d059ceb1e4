import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getDatabaseStatus } from './api.ts';

/**
 * One line above the jobs: the database, and with a read replica how far behind it is and whether
 * read-heavy calls use it (ok) or the primary (lagging, down).
 */
export function DatabaseStatus() {
  const { t, i18n } = useTranslation('admin');
  const { data } = useQuery(getDatabaseStatus());
  if (!data) return null;
  const { replica } = data;
  const seconds = (value: number) =>
    new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(value);
  const text =
    replica.state === 'none'
      ? t(`database.${data.kind}`)
      : t(`database.replica.${replica.state}`, {
          lag: replica.lag_seconds === null ? '–' : seconds(replica.lag_seconds),
          max: seconds(replica.max_lag_seconds),
        });
  return (
    <p
      className={replica.state === 'lagging' || replica.state === 'down' ? 'notice notice--warning' : 'muted'}
    >
      {text}
    </p>
  );
}
