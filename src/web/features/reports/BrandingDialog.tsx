import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asLoaded } from '../../api/loaded.ts';
import { ModalDialog } from '../../components/ModalDialog.tsx';
import { LoadError } from '../../components/table/LoadError.tsx';
import { useSession } from '../../session/use-session.ts';
import { useCustomerScope } from '../../shell/index.ts';
import { getReportBranding } from './api.ts';
import { BrandingForm } from './BrandingForm.tsx';

/**
 * Report branding (spec 2, section 3 "Branding"): the provider's (its staff change it) or one
 * customer's own, which otherwise inherits the provider's. Chosen first, then its colours and logo.
 */
export function BrandingDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('reports');
  const { me } = useSession();
  const staff = me?.user.role_level === 'Global';
  const providerId = me?.partner.partner_id ?? '';
  const { filteredCustomers } = useCustomerScope();
  const uid = useId();
  const [owner, setOwner] = useState(staff ? providerId : (filteredCustomers[0]?.customer_id ?? ''));
  const branding = asLoaded(useQuery({ ...getReportBranding(owner), enabled: Boolean(owner) }));
  const [closeGuard, setCloseGuard] = useState<((close: () => void) => void) | null>(null);
  const close = () => (closeGuard ? closeGuard(onClose) : onClose());
  return (
    <ModalDialog title={t('branding.title')} onClose={close} wide>
      <div className="form">
        <label htmlFor={`${uid}-owner`}>{t('branding.owner')}</label>
        <select
          id={`${uid}-owner`}
          className="select"
          data-autofocus
          value={owner}
          onChange={(event) => setOwner(event.target.value)}
        >
          {staff && (
            <option value={providerId}>{t('branding.provider', { name: me?.partner.name ?? '' })}</option>
          )}
          {filteredCustomers.map((c) => (
            <option key={c.customer_id} value={c.customer_id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      {branding.status === 'error' ? (
        <LoadError
          error={branding.error}
          message={t('errors.branding')}
          retryLabel={t('retry')}
          onRetry={branding.reload}
        />
      ) : branding.data ? (
        <BrandingForm
          key={`${owner}-${branding.data.updated_at ?? ''}`}
          branding={branding.data}
          editable={branding.data.owner === 'customer' || staff}
          onClose={onClose}
          onGuard={(guard) => setCloseGuard(() => guard)}
        />
      ) : (
        <p role="status">{t('loading')}</p>
      )}
    </ModalDialog>
  );
}
