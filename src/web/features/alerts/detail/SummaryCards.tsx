import { useTranslation } from 'react-i18next';
import { Facts } from '../../../components/Facts.tsx';
import type { Alert } from '../types.ts';

type Row = [string, string | null | undefined];

function list(rows: Row[]) {
  const shown = rows.filter(([, v]) => v);
  if (shown.length === 0) return null;
  return <Facts items={shown.map(([label, value]) => ({ label, value }))} mono />;
}

/** Who and what the alert is about: entity, and file, sender and URL summaries when present. */
export function SummaryCards({ alert }: { alert: Alert }) {
  const { t } = useTranslation('alerts');
  const { entity, file, sender, url } = alert;
  const entityList = list([
    [t('summary.user'), entity.user],
    [t('summary.host'), entity.host],
    [t('summary.ip'), entity.ip],
    [t('summary.process'), entity.process],
  ]);
  return (
    <section className="card alert-detail__section" aria-labelledby="alert-summary">
      <h2 id="alert-summary">{t('summary.entity')}</h2>
      {entityList ?? <p className="muted">{t('summary.none')}</p>}
      {file && (
        <>
          <h3>{t('summary.file')}</h3>
          {list([
            [t('summary.fileName'), file.name],
            [t('summary.path'), file.path],
            ['SHA-256', file.sha256],
            ['SHA-1', file.sha1],
            ['MD5', file.md5],
            [t('summary.malwareFamily'), file.malware_family],
          ])}
        </>
      )}
      {sender && (
        <>
          <h3>{t('summary.sender')}</h3>
          {list([
            [t('summary.address'), sender.address],
            [t('summary.ip'), sender.ip],
            [t('summary.recipient'), sender.recipient],
            [t('summary.subject'), sender.subject],
          ])}
        </>
      )}
      {url && (
        <>
          <h3>{t('summary.url')}</h3>
          {list([
            [t('summary.url'), url.url],
            [t('summary.domain'), url.domain],
          ])}
        </>
      )}
    </section>
  );
}
