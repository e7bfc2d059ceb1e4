import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { type AgentInstallerPlatform, requestAgentInstaller } from '../../api/agents.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useSession } from '../../session/use-session.ts';
import { useToasts } from '../../shell/index.ts';
import { createTestAlert } from './actions-api.ts';
import type { Customer } from './api.ts';

const PLATFORMS: readonly AgentInstallerPlatform[] = ['windows', 'macos', 'linux'];

/**
 * What staff do for a customer beyond its record: have an agent installer link mailed to them
 * (built by the fleet's installer job, asynchronous, spec 2 section 4) and raise a test alert.
 */
export function CustomerActions({ customer }: { customer: Customer }) {
  const { t } = useTranslation('customers');
  const { t: common } = useTranslation();
  const { me } = useSession();
  const { notify } = useToasts();
  const id = useId();
  const [choosing, setChoosing] = useState(false);
  const [platform, setPlatform] = useState<AgentInstallerPlatform>('windows');
  const [busy, setBusy] = useState<'installer' | 'alert' | null>(null);
  const [testAlert, setTestAlert] = useState<{ id: number; status: string } | null>(null);

  const askInstaller = async () => {
    setBusy('installer');
    try {
      const installer = await requestAgentInstaller(customer.customer_id, platform);
      notify({
        severity: 'success',
        title: t('actions.installerQueued'),
        message: t('actions.installerMail', { email: installer.email }),
      });
      setChoosing(false);
    } catch {
      notify({ severity: 'danger', title: t('errors.installer'), message: common('tryAgainLater') });
    } finally {
      setBusy(null);
    }
  };

  const raiseTestAlert = async () => {
    setBusy('alert');
    try {
      const alert = await createTestAlert(customer.customer_id);
      setTestAlert(alert);
      notify({
        severity: 'success',
        title: t('actions.testAlertCreated', { id: alert.id }),
        message: alert.status === 'muted' ? t('actions.testAlertMuted') : customer.name,
      });
    } catch {
      notify({ severity: 'danger', title: t('errors.testAlert'), message: common('tryAgainLater') });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="customer-actions" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('actions.title')}</h3>
      <div className="button-row">
        <button type="button" className="button" onClick={() => setChoosing(true)}>
          {t('actions.downloadAgent')}
        </button>
        <button type="button" className="button" disabled={busy === 'alert'} onClick={raiseTestAlert}>
          {t('actions.createTestAlert')}
        </button>
      </div>
      {testAlert && (
        <p className="field__help" role="status">
          <Link href={`/alerts/${testAlert.id}`}>{t('actions.openTestAlert', { id: testAlert.id })}</Link>
        </p>
      )}
      {choosing && (
        <ConfirmDialog
          title={t('actions.installerTitle', { name: customer.name })}
          confirmLabel={t('actions.installerConfirm')}
          busy={busy === 'installer'}
          onConfirm={askInstaller}
          onCancel={() => setChoosing(false)}
        >
          <fieldset className="field">
            <legend className="field__label">{t('actions.platform')}</legend>
            <div className="segmented">
              {PLATFORMS.map((p) => (
                <label key={p} className={`segmented__option${platform === p ? ' is-checked' : ''}`}>
                  <input
                    type="radio"
                    name={`${id}-platform`}
                    checked={platform === p}
                    onChange={() => setPlatform(p)}
                  />
                  {t(`actions.platforms.${p}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <p>{t('actions.installerExplain', { email: me?.user.email ?? '' })}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
