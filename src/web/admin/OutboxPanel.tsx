import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../components/FormFields.tsx';
import { Timestamp } from '../components/Timestamp.tsx';
import { LoadedContent } from '../components/table/LoadedContent.tsx';
import { listOutbox, type OutboxStatus } from './api.ts';
import { loadLabels } from './load-labels.ts';
import { StateBadge } from './StateBadge.tsx';
import { useKeysetPages } from './use-keyset-pages.ts';

const STATUSES: OutboxStatus[] = ['queued', 'sent', 'failed'];

/**
 * The outbox tab: mail queued, sent and failed (with its error). Recipients and subject only:
 * bodies carry invitation and download links, which are secrets, and the API never answers them.
 */
export function OutboxPanel() {
  const { t } = useTranslation('admin');
  const [status, setStatus] = useState<OutboxStatus | ''>('');
  const mail = useKeysetPages(status, (after) => listOutbox(status, after));
  return (
    <>
      <div className="admin-panel__bar">
        <div className="admin-filters">
          <SelectField
            id="outbox-status"
            label={t('outbox.status')}
            value={status}
            onChange={(v) => setStatus(v as OutboxStatus | '')}
            options={STATUSES.map((s) => ({ value: s, label: t(`states.${s}`) }))}
            emptyLabel={t('outbox.anyStatus')}
          />
        </div>
        <button type="button" className="button" onClick={mail.reload}>
          {t('refresh')}
        </button>
      </div>
      <LoadedContent load={mail} empty={mail.items.length === 0} labels={loadLabels(t, 'outbox')}>
        <table className="table admin-users">
          <caption className="sr-only">{t('outbox.label')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('outbox.columns.subject')}</th>
              <th scope="col">{t('outbox.columns.recipients')}</th>
              <th scope="col">{t('outbox.columns.status')}</th>
              <th scope="col">{t('outbox.columns.attempts')}</th>
              <th scope="col">{t('outbox.columns.queued')}</th>
              <th scope="col">{t('outbox.columns.sent')}</th>
            </tr>
          </thead>
          <tbody>
            {mail.items.map((m) => (
              <tr key={m.id}>
                <th scope="row">{m.subject}</th>
                <td>{m.recipients.join(', ')}</td>
                <td>
                  <StateBadge state={m.status} />
                  {m.last_error && <div className="admin-error">{m.last_error}</div>}
                </td>
                <td>{m.attempts}</td>
                <td>
                  <Timestamp iso={m.created_at} />
                </td>
                <td>{m.sent_at ? <Timestamp iso={m.sent_at} /> : '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {mail.hasMore && (
          <button type="button" className="button admin-more" onClick={mail.loadMore}>
            {t('more')}
          </button>
        )}
      </LoadedContent>
    </>
  );
}
