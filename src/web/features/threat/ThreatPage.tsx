import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../../app/screen-props.ts';
import { BreachHistory } from './BreachHistory.tsx';
import { BulkUpload } from './BulkUpload.tsx';
import { SandboxUpload } from './SandboxUpload.tsx';
import { SingleLookup } from './SingleLookup.tsx';
import './threat.css';

/**
 * /threat (spec 2, section 2 "Threat intel"): one look-up (IP, domain, URL, hash or e-mail
 * address), a bulk file with its CSV, the sandbox's static analysis and the breach history of the
 * selected customers. Tab moves between the parts; each form is sent with Enter; the history's
 * look-ups are walked with j/k and opened with Enter.
 */
export function ThreatPage(_: ScreenProps) {
  const { t } = useTranslation('threat');
  return (
    <div className="page-body threat-page">
      <header className="page-header">
        <div>
          <h1>{t('title')}</h1>
          <p className="muted">{t('summary')}</p>
        </div>
      </header>
      <SingleLookup />
      <BulkUpload />
      <SandboxUpload />
      <BreachHistory />
    </div>
  );
}
