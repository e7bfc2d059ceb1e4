import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ListColumn,
  ListGrid,
  sortRows,
  useList,
  useListControls,
} from '../../components/list/index.ts';
import type { Breach } from './api.ts';

const nameOf = (breach: Breach) => breach.name;

/**
 * The breaches one look-up found: each breach with its date and the data it exposed, every column
 * sorting. A few rows inside a look-up's details: no paging, and the keys stay with the list the
 * look-up was opened from.
 */
export function BreachTable({ breaches }: { breaches: readonly Breach[] }) {
  const { t } = useTranslation('threat');
  const controls = useListControls();
  const columns = useMemo(
    (): ListColumn<Breach>[] => [
      {
        key: 'name',
        label: t('breach.name'),
        width: 'minmax(12rem, 2fr)',
        sortable: true,
        text: (b) => (b.domain ? `${b.title} (${b.domain})` : b.title),
      },
      {
        key: 'date',
        label: t('breach.date'),
        width: '8rem',
        sortable: true,
        value: (b) => b.breach_date,
        text: (b) => b.breach_date ?? t('none'),
      },
      {
        key: 'data',
        label: t('breach.data'),
        width: 'minmax(14rem, 3fr)',
        sortable: true,
        text: (b) => b.data_classes.join(', '),
      },
    ],
    [t],
  );
  const rows = useMemo(() => sortRows(breaches, columns, controls.sort), [breaches, columns, controls.sort]);
  const list = useList({ rows, rowId: nameOf, enabled: false });
  if (breaches.length === 0) return <p>{t('breach.none')}</p>;
  return (
    <>
      <p className="muted">{t('breach.count', { count: breaches.length })}</p>
      <ListGrid
        label={t('breach.count', { count: breaches.length })}
        columns={columns}
        rows={rows}
        list={list}
        controls={controls}
      />
    </>
  );
}
