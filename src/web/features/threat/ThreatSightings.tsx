import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { asLoaded } from '../../api/loaded.ts';
import { Spinner } from '../../components/Spinner.tsx';
import { Timestamp } from '../../components/Timestamp.tsx';
import { listThreatSightings, type ThreatKind } from './api.ts';
import './threat.css';

type Of = { alertId: number } | { kind: ThreatKind; value: string };

/**
 * Where the threat store met a value: on an alert, each field that matched an indicator with its
 * verdict; on an indicator, each time it was seen (look-up, bulk file, sandbox or alert).
 */
export function ThreatSightings({ of }: { of: Of }) {
  const { t } = useTranslation('threat');
  const onAlert = 'alertId' in of;
  const key = onAlert ? `alert ${of.alertId}` : `${of.kind} ${of.value}`;
  const sightings = asLoaded(useQuery(listThreatSightings(of)));
  const headingId = `threat-sightings-${key.replace(/[^a-z0-9]/gi, '-')}`;
  const rows = sightings.data ?? [];
  return (
    <section className="card alert-detail__section threat-sightings" aria-labelledby={headingId}>
      <h2 id={headingId}>{onAlert ? t('sightingsList.alertTitle') : t('sightingsList.indicatorTitle')}</h2>
      {sightings.status === 'loading' && <Spinner />}
      {sightings.status === 'error' && (
        <p role="alert" className="notice notice--danger">
          {t('sightingsList.failed')}
        </p>
      )}
      {sightings.status === 'ready' && rows.length === 0 && (
        <p className="muted">{onAlert ? t('sightingsList.noneOnAlert') : t('sightingsList.none')}</p>
      )}
      {rows.length > 0 && (
        <table className="threat-table">
          <thead>
            <tr>
              <th scope="col">{onAlert ? t('sightingsList.field') : t('sightingsList.context')}</th>
              <th scope="col">{t('fields.kind')}</th>
              <th scope="col">{t('fields.value')}</th>
              <th scope="col">{t('fields.verdict')}</th>
              <th scope="col">{t('fields.risk')}</th>
              <th scope="col">{t('fields.source')}</th>
              <th scope="col">{t('sightingsList.seen')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((s) => (
              <tr key={`${s.seen_at} ${s.kind} ${s.value} ${s.field ?? ''}`}>
                <td>{onAlert ? s.field : t(`sightingsList.contexts.${s.context}`)}</td>
                <td>{t(`kind.${s.kind}`)}</td>
                <td className="threat-value">{s.value}</td>
                <td className={`threat-det threat-det-${s.det}`}>{t(`det.${s.det}`)}</td>
                <td>{s.risk}</td>
                <td>
                  {s.malware_group
                    ? `${s.source ?? t('none')} · ${s.malware_group}`
                    : (s.source ?? t('none'))}
                </td>
                <td>
                  <Timestamp iso={s.seen_at} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
