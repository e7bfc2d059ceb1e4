import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asLoaded } from '../api/loaded.ts';
import { SelectField } from '../components/form/index.ts';
import {
  type ListColumn,
  ListFilters,
  ListScreen,
  useList,
  useListControls,
} from '../components/list/index.ts';
import { TimeText, useFormatTimestamp } from '../components/Timestamp.tsx';
import { listOutbox, type OutboxMessage, type OutboxStatus } from './api.ts';
import { loadLabels } from './load-labels.ts';
import { StateBadge } from './StateBadge.tsx';

const STATUSES: OutboxStatus[] = ['queued', 'sent', 'failed'];

/** A file's size in the reader's language: bytes below a kilobyte, then kB or MB. */
function fileSize(bytes: number, language: string): string {
  const [value, unit] =
    bytes >= 1_000_000
      ? [bytes / 1_000_000, 'megabyte']
      : bytes >= 1000
        ? [bytes / 1000, 'kilobyte']
        : [bytes, 'byte'];
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: unit === 'byte' ? 'long' : 'short',
    maximumFractionDigits: unit === 'byte' ? 0 : 1,
  }).format(value);
}

/** "monthly.pdf (application/pdf, 120 kB)", one file after the other. */
const attachmentsText = (m: OutboxMessage, language: string) =>
  m.attachments.map((a) => `${a.name} (${a.content_type}, ${fileSize(a.size, language)})`).join('; ');
const idOf = (m: OutboxMessage) => m.id;

/**
 * The outbox tab: mail queued, sent and failed (with its error). Recipients and subject only:
 * bodies carry invitation and download links, which are secrets, and the API never answers them.
 * The API answers newest first by cursor and sorts no other way, so no column sorts.
 */
export function OutboxPanel() {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.language;
  const formatTime = useFormatTimestamp();
  const [status, setStatus] = useState<OutboxStatus | ''>('');
  const controls = useListControls();
  const load = asLoaded(useQuery(listOutbox(status, { size: controls.pageSize, after: controls.after })));
  const rows = load.data?.items ?? [];
  const columns = useMemo(
    (): ListColumn<OutboxMessage>[] => [
      {
        key: 'subject',
        label: t('outbox.columns.subject'),
        width: 'minmax(12rem, 2fr)',
        text: (m) => m.subject,
      },
      {
        key: 'recipients',
        label: t('outbox.columns.recipients'),
        width: 'minmax(12rem, 2fr)',
        text: (m) => m.recipients.join(', '),
      },
      {
        key: 'attachments',
        label: t('outbox.columns.attachments'),
        width: 'minmax(10rem, 1.5fr)',
        text: (m) => (m.attachments.length ? attachmentsText(m, language) : t('outbox.noAttachments')),
      },
      {
        key: 'status',
        label: t('outbox.columns.status'),
        width: 'minmax(8rem, 1.5fr)',
        text: (m) => (m.last_error ? `${t(`states.${m.status}`)}: ${m.last_error}` : t(`states.${m.status}`)),
        render: (m) => (
          <>
            <StateBadge state={m.status} />
            {m.last_error && <span className="admin-error"> {m.last_error}</span>}
          </>
        ),
      },
      {
        key: 'attempts',
        label: t('outbox.columns.attempts'),
        width: '6rem',
        align: 'end',
        text: (m) => String(m.attempts),
      },
      {
        key: 'queued',
        label: t('outbox.columns.queued'),
        width: 'minmax(10rem, 1fr)',
        text: (m) => formatTime(m.created_at),
        render: (m) => <TimeText iso={m.created_at} format={formatTime} />,
      },
      {
        key: 'sent',
        label: t('outbox.columns.sent'),
        width: 'minmax(10rem, 1fr)',
        text: (m) => (m.sent_at ? formatTime(m.sent_at) : '–'),
        render: (m) => (m.sent_at ? <TimeText iso={m.sent_at} format={formatTime} /> : '–'),
      },
    ],
    [t, formatTime, language],
  );
  const list = useList({ rows, rowId: idOf });
  return (
    <ListScreen
      className="admin-list"
      count={load.status === 'ready' ? t('shown', { count: rows.length }) : undefined}
      actions={
        <button type="button" className="button" onClick={load.reload}>
          {t('refresh')}
        </button>
      }
      filters={
        <ListFilters legend={t('filtersLegend')}>
          <SelectField
            id="outbox-status"
            label={t('outbox.status')}
            value={status}
            onChange={(v) => {
              setStatus(v as OutboxStatus | '');
              controls.restart();
            }}
            options={STATUSES.map((s) => ({ value: s, label: t(`states.${s}`) }))}
            emptyLabel={t('outbox.anyStatus')}
          />
        </ListFilters>
      }
      label={t('outbox.label')}
      columns={columns}
      rows={rows}
      list={list}
      controls={controls}
      paging={{ kind: 'keyset', next: load.data?.next ?? null }}
      load={load}
      labels={loadLabels(t, 'outbox')}
    />
  );
}
