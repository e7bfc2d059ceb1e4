import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import './shared.css';
import { riskHue } from '../../../common/format.ts';

/** A risk score 0–100 with its colour from green (0) to red (100) (spec 1, section 9). */
export function RiskScore({ score }: { score: number }) {
  const { t } = useTranslation('cases');
  return (
    <span className="risk-score" style={{ '--risk-hue': riskHue(score) } as CSSProperties}>
      <span className="risk-score__dot" aria-hidden="true" />
      <span className="sr-only">{t('risk.score')} </span>
      {score}
    </span>
  );
}
