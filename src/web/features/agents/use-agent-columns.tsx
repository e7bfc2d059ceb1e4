import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { statusClass } from '../../components/agent-status.ts';
import { type ListColumn, ListLink } from '../../components/list/index.ts';
import { TimeText, useFormatTimestamp } from '../../components/Timestamp.tsx';
import { useShellData } from '../../shell/index.ts';
import type { Agent } from './api.ts';
import { useAgentLabels } from './use-agent-labels.ts';

/** The agents list's columns: the host (a link to its page) and its vitals, every one sorting. */
export function useAgentColumns() {
  const { t } = useTranslation('agents');
  const { customers } = useShellData();
  const { statusLabel, lateBy } = useAgentLabels();
  const formatTime = useFormatTimestamp();
  const customerName = useCallback(
    (id: string) => customers.find((c) => c.customer_id === id)?.name ?? id,
    [customers],
  );
  const columns = useMemo(
    (): ListColumn<Agent>[] => [
      {
        key: 'host_name',
        label: t('columns.host_name'),
        width: 'minmax(10rem, 2fr)',
        sortable: true,
        text: (a) => a.host_name,
        render: (a) => (
          <ListLink href={`/agents/${a.agent_id}`} outOfTabOrder>
            {a.host_name}
          </ListLink>
        ),
      },
      {
        key: 'customer',
        label: t('columns.customer'),
        width: 'minmax(8rem, 1.4fr)',
        sortable: true,
        text: (a) => customerName(a.customer_id),
      },
      {
        key: 'status',
        label: t('columns.status'),
        width: '7rem',
        sortable: true,
        text: statusLabel,
        render: (a) => <span className={`agent-status ${statusClass(a.status_code)}`}>{statusLabel(a)}</span>,
      },
      {
        key: 'late_by',
        label: t('columns.late_by'),
        width: '6rem',
        sortable: true,
        // On time sorts as no lateness at all.
        value: (a) => Math.max(0, a.late_by_seconds),
        text: (a) => (a.late_by_seconds > 0 ? lateBy(a.late_by_seconds) : ''),
      },
      {
        key: 'platform',
        label: t('columns.platform'),
        width: 'minmax(9rem, 1.4fr)',
        sortable: true,
        text: (a) => `${a.platform} · ${a.architecture}`,
      },
      {
        key: 'version',
        label: t('columns.version'),
        width: '5rem',
        sortable: true,
        // The tooltip carries the whole version, the cell its short form.
        text: (a) => a.version,
        render: (a) => a.short_novasoc_version,
      },
      {
        key: 'ip',
        label: t('columns.ip'),
        width: '8rem',
        sortable: true,
        value: (a) => a.ip,
        text: (a) => a.ip ?? '',
      },
      {
        key: 'heartbeat_at',
        label: t('columns.heartbeat_at'),
        width: '10rem',
        sortable: true,
        value: (a) => a.heartbeat_at,
        text: (a) => (a.heartbeat_at ? formatTime(a.heartbeat_at) : ''),
        render: (a) => (a.heartbeat_at ? <TimeText iso={a.heartbeat_at} format={formatTime} /> : ''),
      },
    ],
    [t, customerName, statusLabel, lateBy, formatTime],
  );
  return { columns, customerName };
}
