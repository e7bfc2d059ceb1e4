import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField, useForm } from '../../components/form/index.ts';
import { ModalDialog } from '../../components/ModalDialog.tsx';
import { useShellData } from '../../shell/index.ts';
import { type AgentInstallerPlatform, requestAgentInstaller } from './api.ts';

const PLATFORMS: readonly AgentInstallerPlatform[] = ['windows', 'macos', 'linux'];

interface Draft extends Record<string, unknown> {
  customerId: string;
  platform: AgentInstallerPlatform;
}

/**
 * "Download agents" (spec 2, section 2): the installer of one customer for one platform. The
 * server builds it and e-mails the caller a download link, so the dialog says where it went. On
 * the field kit: the choices are checked by the contract's requestAgentInstaller rules.
 */
export function DownloadAgentsDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('agents');
  const id = useId();
  const { customers } = useShellData();
  const [email, setEmail] = useState<string | null>(null);
  const form = useForm<Draft>({
    initial: () => ({ customerId: customers[0]?.customer_id ?? '', platform: 'windows' }),
    schema: 'requestAgentInstaller',
    toContract: (draft) => ({ customer_id: draft.customerId, platform: draft.platform }),
    fieldOf: { customer_id: 'customerId' },
    submit: async (draft) => setEmail((await requestAgentInstaller(draft.customerId, draft.platform)).email),
  });
  const { values, set, errors } = form;
  const sent = email !== null;
  const close = () => form.requestClose(onClose);

  return (
    <>
      <ModalDialog
        title={t('download.title')}
        onClose={close}
        footer={
          <>
            <button type="button" className="button" onClick={close}>
              {sent ? t('download.close') : t('download.cancel')}
            </button>
            {!sent && (
              <button
                type="submit"
                form={`${id}-form`}
                className="button button--primary"
                disabled={form.busy}
              >
                {t('download.submit')}
              </button>
            )}
          </>
        }
      >
        <form id={`${id}-form`} className="agent-page__request" {...form.formProps}>
          <SelectField
            id={`${id}-customer`}
            label={t('download.customer')}
            className="input"
            value={values.customerId}
            error={errors.customerId}
            options={customers.map((c) => ({ value: c.customer_id, label: c.name }))}
            onChange={(customerId) => set({ customerId })}
          />
          <SelectField
            id={`${id}-platform`}
            label={t('download.platform')}
            className="input"
            value={values.platform}
            error={errors.platform}
            options={PLATFORMS.map((p) => ({ value: p, label: t(`download.platforms.${p}`) }))}
            onChange={(platform) => set({ platform: platform as AgentInstallerPlatform })}
          />
        </form>
        <p role="status">{sent ? t('download.sent', { email }) : form.failure ? t('download.failed') : ''}</p>
      </ModalDialog>
      {form.prompt}
    </>
  );
}
