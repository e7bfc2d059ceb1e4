import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { selectCanRetry } from '../../../../machines/breach-lookup/selectors.ts';
import { BreachTable } from './BreachTable.tsx';
import { useBreachLookup } from './use-breach-lookup.ts';

/** The breaches of one e-mail account, read again every 10 s while the server looks it up. */
export function BreachResult({ account }: { account: string }) {
  const { t } = useTranslation('threat');
  const { snapshot, send, lookup } = useBreachLookup();
  useEffect(() => send({ type: 'lookup', account }), [account, send]);
  const state = snapshot.value;
  return (
    <section className="threat-breach" aria-live="polite" aria-label={t('breach.heading', { account })}>
      <h3>{t('breach.heading', { account })}</h3>
      {(state === 'Loading' || state === 'Idle') && <p className="muted">{t('breach.loading')}</p>}
      {(state === 'InProgress' || state === 'Polling') && (
        <p className="muted">{t('breach.inProgress', { attempts: lookup?.attempts ?? 0 })}</p>
      )}
      {state === 'NotConfigured' && <p role="alert">{t('errors.notConfigured')}</p>}
      {state === 'Error' && (
        <p role="alert">{t('errors.accountData', { reason: snapshot.context.error?.message ?? '' })}</p>
      )}
      {state === 'Failed' && (
        <p role="alert">
          {t('breach.failed', {
            attempts: lookup?.attempts ?? 0,
            reason: lookup?.error ?? snapshot.context.error?.message ?? '',
          })}
        </p>
      )}
      {selectCanRetry(snapshot) && (
        <button type="button" className="button" onClick={() => send({ type: 'retry' })}>
          {t('retry')}
        </button>
      )}
      {state === 'Done' && lookup && <BreachTable breaches={lookup.breaches} />}
    </section>
  );
}
