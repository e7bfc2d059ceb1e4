import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListColumn, ListLink } from '../../components/list/index.ts';
import { TimeText, useFormatTimestamp } from '../../components/Timestamp.tsx';
import type { CaseSummary } from './api.ts';
import { RiskScore } from './RiskScore.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { useStatusLabel } from './use-status-label.ts';

/**
 * The case list's columns (spec 2, section 2 "Cases"), each keyed by the API's sort key, so a
 * header's sort is the server's: title (the link that opens the case), customer, status, risk,
 * tags, assignees, alert count and last update. Their least widths add up to what a 1280 px
 * window leaves beside the sidebar, and the last update has room for a whole date and time.
 */
export function useCaseColumns(
  customerName: (id: string) => string,
  displayUser: (email: string) => string,
): ListColumn<CaseSummary>[] {
  const { t } = useTranslation('cases');
  const statusLabel = useStatusLabel();
  const formatTime = useFormatTimestamp();
  return useMemo(
    (): ListColumn<CaseSummary>[] => [
      {
        key: 'title',
        label: t('columns.title'),
        width: 'minmax(180px, 2.6fr)',
        sortable: true,
        text: (c) => `#${c.id} ${c.title}`,
        render: (c) => (
          <ListLink href={`/cases/${c.id}`}>
            <span className="case-id">#{c.id}</span> {c.title}
          </ListLink>
        ),
      },
      {
        key: 'customer',
        label: t('columns.customer'),
        width: 'minmax(100px, 1fr)',
        sortable: true,
        text: (c) => customerName(c.customer_id),
      },
      {
        key: 'status',
        label: t('columns.status'),
        width: '124px',
        sortable: true,
        text: (c) => statusLabel(c.status),
        render: (c) => <StatusBadge status={c.status} />,
      },
      {
        key: 'risk_score',
        label: t('columns.risk'),
        width: '64px',
        sortable: true,
        text: (c) => String(c.risk_score),
        render: (c) => <RiskScore score={c.risk_score} />,
      },
      {
        key: 'tags',
        label: t('columns.tags'),
        width: 'minmax(90px, 1fr)',
        sortable: true,
        text: (c) => c.tags.join(', '),
      },
      {
        key: 'assigned_users',
        label: t('columns.assignees'),
        width: 'minmax(116px, 1fr)',
        sortable: true,
        text: (c) => c.assigned_users.map(displayUser).join(', '),
      },
      {
        key: 'alert_count',
        label: t('columns.alerts'),
        width: '72px',
        sortable: true,
        align: 'end',
        text: (c) => String(c.alert_count),
      },
      {
        key: 'updated_at',
        label: t('columns.updated'),
        width: '170px',
        sortable: true,
        text: (c) => formatTime(c.updated_at),
        render: (c) => <TimeText iso={c.updated_at} format={formatTime} />,
      },
    ],
    [t, statusLabel, formatTime, customerName, displayUser],
  );
}
