import { memo, useMemo } from 'react';
import { Link } from 'wouter';
import { TRUNCATE, truncate } from '../../../../common/format.ts';
import type { ListColumn } from '../../../components/list/index.ts';
import { TimeText, useFormatTimestamp } from '../../../components/Timestamp.tsx';
import { PriorityBadge } from '../shared/PriorityBadge.tsx';
import { StatusBadge } from '../shared/StatusBadge.tsx';
import { useLabels } from '../shared/use-labels.ts';
import type { AlertSummary } from '../types.ts';
import { COLUMN_WIDTHS, type ColumnKey, sortValue } from './columns.ts';

// The badges read labels through i18next; a row that keeps its status or priority skips that.
const Status = memo(StatusBadge);
const Priority = memo(PriorityBadge);

/**
 * The alert list's visible columns for the list kit (spec 2, section 3: every one sorts, in the
 * browser over the loaded rows, by the ranks of sort-rows.ts): the title is the link that opens
 * the alert, cut at 50 characters; badges for status and priority; times in the user's format.
 */
export function useAlertColumns(
  visible: readonly ColumnKey[],
  customerName: (id: string) => string,
): ListColumn<AlertSummary>[] {
  const labels = useLabels();
  const formatTime = useFormatTimestamp();
  return useMemo(
    () =>
      visible.map((key): ListColumn<AlertSummary> => {
        const [least, share] = COLUMN_WIDTHS[key];
        const base = {
          key,
          label: labels.column(key),
          width: share ? `minmax(${least}px, ${share}fr)` : `${least}px`,
          sortable: true,
          value: (a: AlertSummary) => sortValue(a, key, customerName),
        };
        switch (key) {
          case 'id':
          case 'case_id':
            return { ...base, align: 'end', text: (a) => String(a[key] ?? '') };
          case 'title':
            return {
              ...base,
              text: (a) => a.title,
              // Spec 2, section 3: cut at 50 characters; the whole title shows on hover.
              render: (a) => (
                <Link href={`/alerts/${a.id}`} title={a.title} tabIndex={-1} className="alerts-cell__title">
                  {truncate(a.title, TRUNCATE.alertTitle)}
                </Link>
              ),
            };
          case 'customer_id':
            return { ...base, text: (a) => customerName(a.customer_id) };
          case 'status':
            return {
              ...base,
              text: (a) => labels.status(a.status),
              render: (a) => <Status status={a.status} />,
            };
          case 'priority':
            return {
              ...base,
              text: (a) => labels.priority(a.priority),
              render: (a) => <Priority priority={a.priority} />,
            };
          case 'assigned_users':
            return { ...base, text: (a) => a.assigned_users.join(', ') };
          case '@timestamp':
          case 'updated_at':
            return {
              ...base,
              text: (a) => formatTime(a[key]),
              render: (a) => <TimeText iso={a[key]} format={formatTime} />,
            };
          default:
            return { ...base, text: (a) => a[key] ?? '' };
        }
      }),
    [visible, labels, formatTime, customerName],
  );
}
