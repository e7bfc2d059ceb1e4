import { useTranslation } from 'react-i18next';
import { useFormatTimestamp } from '../../components/Timestamp.tsx';
import type { CustomerProvisioning } from './api.ts';

/** Each customer's stage in words, with the dates that tell when it started and is due. */
export function ProvisioningList({ customers, total }: { customers: CustomerProvisioning[]; total: number }) {
  const { t } = useTranslation('provisioning');
  const format = useFormatTimestamp();
  return (
    <>
      <ul className="provisioning" aria-label={t('listLabel')}>
        {customers.map((c) => (
          <li key={c.customer_id} className={`provisioning__item provisioning__item--${c.stage}`}>
            <h2>{c.name}</h2>
            <p className="provisioning__stage">{t(`stage.${c.stage}`)}</p>
            {c.stage === 'provisioning' && c.expected_by ? (
              <p>{t('expectedBy', { when: format(c.expected_by) })}</p>
            ) : null}
            {c.subscribed_at ? (
              <p className="muted">{t('subscribedAt', { when: format(c.subscribed_at) })}</p>
            ) : null}
            {c.stage === 'ready' ? (
              <p className="muted">{c.agents > 0 ? t('agents', { count: c.agents }) : t('noAgents')}</p>
            ) : null}
          </li>
        ))}
      </ul>
      {total > customers.length ? (
        <p className="muted">{t('more', { count: total - customers.length })}</p>
      ) : null}
    </>
  );
}
