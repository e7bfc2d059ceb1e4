import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MessagePage } from '../../components/MessagePage.tsx';
import { StandaloneFrame } from '../../components/StandaloneFrame.tsx';
import { forgetHandover, heldHandover } from './handover.ts';
import './connectors.css';

/**
 * /connectors/chrome/redirect: hands the decision back to the extension. Approved, it shows the
 * credential this once (to paste into the extension by hand) and a link back to the extension
 * that carries it with the state; denied, it says so and returns the refusal. Reloaded or opened
 * directly, there is nothing to hand over.
 */
export function RedirectPage() {
  const { t } = useTranslation('connectors');
  const [handover] = useState(heldHandover);
  const tokenId = useId();
  useEffect(() => forgetHandover(), []);
  if (!handover)
    return (
      <StandaloneFrame>
        <MessagePage icon="external-link" title={t('redirect.nothingTitle')}>
          <p>{t('redirect.nothing')}</p>
        </MessagePage>
      </StandaloneFrame>
    );
  const back = (
    <a className="button button--primary" href={handover.redirectTo}>
      {t('redirect.back')}
    </a>
  );
  return (
    <StandaloneFrame>
      {handover.outcome === 'approved' ? (
        <MessagePage
          icon="external-link"
          title={t('redirect.approvedTitle', { customer: handover.customerName })}
        >
          <p>{t('redirect.approved')}</p>
          <div className="connector-token">
            <label htmlFor={tokenId}>{t('redirect.tokenLabel')}</label>
            <input
              id={tokenId}
              className="input"
              readOnly
              value={handover.token}
              onFocus={(event) => event.currentTarget.select()}
            />
            <p className="muted">{t('redirect.tokenOnce')}</p>
          </div>
          {back}
        </MessagePage>
      ) : (
        <MessagePage icon="external-link" title={t('redirect.deniedTitle')} tone="warning">
          <p>{t('redirect.denied')}</p>
          {back}
        </MessagePage>
      )}
    </StandaloneFrame>
  );
}
