import { useTranslation } from 'react-i18next';
import type { ThreatIntel } from '../../../machines/omnibox/omnibox.context.ts';
import { compactNumber, riskHue, TRUNCATE, truncate } from '../../common/format.ts';

const intel = (value: string) => truncate(value, TRUNCATE.intelValue);

/**
 * The threat-intelligence card (spec 1, sections 2.5 and 3): verdict, a risk bar coloured from
 * hue 120 (risk 0) to hue 0 (risk 100), country, registrant organisation, popularity,
 * categories and malware group; values cut at 30 characters. Never rendered for det U.
 */
export function ThreatCard({ threat }: { threat: ThreatIntel }) {
  const { t } = useTranslation('commands');
  const none = t('threat.none');
  const rows: [string, string][] = [
    [t('threat.country'), threat.country ? intel(threat.country) : none],
    [t('threat.registrant'), threat.registrant_organization ? intel(threat.registrant_organization) : none],
    [t('threat.popularity'), threat.popularity === null ? none : compactNumber(threat.popularity)],
    [
      t('threat.categories'),
      threat.threat_categories.length ? intel(threat.threat_categories.join(', ')) : none,
    ],
    [t('threat.malwareGroup'), threat.malware_group ? intel(threat.malware_group) : none],
  ];
  const hue = riskHue(threat.risk);
  return (
    <section className="threat-card" aria-label={t('threat.title')} data-det={threat.det}>
      <header className="threat-card__header">
        <span className="threat-card__value" title={threat.value}>
          {intel(threat.value)}
        </span>
        <span className={`threat-card__verdict threat-card__verdict--${threat.det === 'B' ? 'bad' : 'good'}`}>
          {threat.det === 'B' ? t('threat.verdictBad') : t('threat.verdictGood')}
        </span>
      </header>
      <p className="sr-only">{t('threat.risk', { risk: threat.risk })}</p>
      <div className="threat-card__risk" aria-hidden="true">
        <span
          className="threat-card__risk-bar"
          data-hue={hue}
          style={{ width: `${Math.max(2, threat.risk)}%`, background: `hsl(${hue} 75% 45%)` }}
        />
      </div>
      <dl className="threat-card__facts">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
