import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalDialog } from '../../components/ModalDialog.tsx';
import { useShellData } from '../../shell/index.ts';
import { type AgentInstallerPlatform, requestAgentInstaller } from './api.ts';

const PLATFORMS: readonly AgentInstallerPlatform[] = ['windows', 'macos', 'linux'];

/**
 * "Download agents" (spec 2, section 2): the installer of one customer for one platform. The
 * server builds it and e-mails the caller a download link, so the dialog says where it went.
 */
export function DownloadAgentsDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('agents');
  const id = useId();
  const { customers } = useShellData();
  const [customerId, setCustomerId] = useState(customers[0]?.customer_id ?? '');
  const [platform, setPlatform] = useState<AgentInstallerPlatform>('windows');
  const [state, setState] = useState<'idle' | 'busy' | 'sent' | 'failed'>('idle');
  const [email, setEmail] = useState('');

  const submit = async () => {
    setState('busy');
    try {
      setEmail((await requestAgentInstaller(customerId, platform)).email);
      setState('sent');
    } catch {
      setState('failed');
    }
  };

  return (
    <ModalDialog
      title={t('download.title')}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            {state === 'sent' ? t('download.close') : t('download.cancel')}
          </button>
          {state !== 'sent' && (
            <button
              type="submit"
              form={`${id}-form`}
              className="button button--primary"
              disabled={state === 'busy' || customerId === ''}
            >
              {t('download.submit')}
            </button>
          )}
        </>
      }
    >
      <form
        id={`${id}-form`}
        className="agent-page__request"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label htmlFor={`${id}-customer`}>
          {t('download.customer')}
          <select
            id={`${id}-customer`}
            className="input"
            value={customerId}
            onChange={(e) => setCustomerId(e.target.value)}
          >
            {customers.map((c) => (
              <option key={c.customer_id} value={c.customer_id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={`${id}-platform`}>
          {t('download.platform')}
          <select
            id={`${id}-platform`}
            className="input"
            value={platform}
            onChange={(e) => setPlatform(e.target.value as AgentInstallerPlatform)}
          >
            {PLATFORMS.map((p) => (
              <option key={p} value={p}>
                {t(`download.platforms.${p}`)}
              </option>
            ))}
          </select>
        </label>
      </form>
      <p role="status">
        {state === 'sent' ? t('download.sent', { email }) : state === 'failed' ? t('download.failed') : ''}
      </p>
    </ModalDialog>
  );
}
