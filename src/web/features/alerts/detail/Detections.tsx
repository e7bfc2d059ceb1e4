import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/Pager.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { Timestamp } from '../../../components/Timestamp.tsx';
import { usePaged } from '../../../components/use-paged.ts';
import { listAlertDetections } from '../api.ts';

const PAGE = 10;

/** The detections count and the detections themselves, a page at a time. */
export function Detections({ alertId, count }: { alertId: number; count: number }) {
  const { t } = useTranslation('alerts');
  const paged = usePaged(listAlertDetections(alertId), PAGE, alertId);
  return (
    <section className="card alert-detail__section" aria-labelledby="alert-detections">
      <h2 id="alert-detections">{t('detections.title', { count })}</h2>
      {paged.status === 'loading' && <Spinner />}
      {paged.status === 'error' && <p className="notice notice--danger">{t('detail.sectionFailed')}</p>}
      {paged.status === 'ready' && paged.items.length === 0 && (
        <p className="muted">{t('detections.none')}</p>
      )}
      {paged.items.length > 0 && (
        <table className="alert-detail__table">
          <thead>
            <tr>
              <th>{t('detections.name')}</th>
              <th>{t('detections.source')}</th>
              <th>{t('detail.severity')}</th>
              <th>{t('detections.technique')}</th>
              <th>{t('detections.detectedAt')}</th>
            </tr>
          </thead>
          <tbody>
            {paged.items.map((d) => (
              <tr key={d.id}>
                <td>{d.name}</td>
                <td>{d.source ?? '—'}</td>
                <td>{d.severity ?? '—'}</td>
                <td>{d.technique ?? '—'}</td>
                <td>
                  <Timestamp iso={d.detected_at} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {count > PAGE && <Pager page={paged.page} pageSize={PAGE} total={count} onPage={paged.setPage} />}
    </section>
  );
}
