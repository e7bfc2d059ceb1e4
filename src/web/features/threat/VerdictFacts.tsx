import { useTranslation } from 'react-i18next';
import type { ThreatIntel } from './api.ts';

/** The store's verdict on one value: verdict, risk, country, categories, sightings. */
export function VerdictFacts({ intel }: { intel: ThreatIntel }) {
  const { t } = useTranslation('threat');
  return (
    <dl className="threat-facts" aria-label={t('single.resultLabel', { value: intel.value })}>
      <dt>{t('fields.verdict')}</dt>
      <dd className={`threat-det threat-det-${intel.det}`}>{t(`det.${intel.det}`)}</dd>
      <dt>{t('fields.risk')}</dt>
      <dd>{intel.risk}</dd>
      <dt>{t('fields.country')}</dt>
      <dd>{intel.country ?? t('none')}</dd>
      <dt>{t('fields.categories')}</dt>
      <dd>{intel.threat_categories.length ? intel.threat_categories.join(', ') : t('none')}</dd>
      <dt>{t('fields.malwareGroup')}</dt>
      <dd>{intel.malware_group ?? t('none')}</dd>
      <dt>{t('fields.source')}</dt>
      <dd>
        {intel.warning_list ? t('warningList', { list: intel.warning_list }) : (intel.source ?? t('none'))}
      </dd>
      <dt>{t('fields.sightings')}</dt>
      <dd>{t('sightings', { count: intel.sightings?.count ?? 0 })}</dd>
    </dl>
  );
}
