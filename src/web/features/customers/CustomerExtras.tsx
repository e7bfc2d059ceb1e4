import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Customer } from './api.ts';
import { ChromePolicyDialog } from './ChromePolicyDialog.tsx';
import { ComplianceDataDialog } from './ComplianceDataDialog.tsx';

/**
 * The customer's browser extension policy and, with a compliance SKU, the log data kept for
 * compliance. Without the SKU the button stays reachable (aria-disabled) and says why.
 */
export function CustomerExtras({ customer, canManage }: { customer: Customer; canManage: boolean }) {
  const { t } = useTranslation('customers');
  const id = useId();
  const [open, setOpen] = useState<'chrome' | 'compliance' | null>(null);
  const hasSku = customer.compliance_sku === true;
  return (
    <section className="customer-actions" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('extras.title')}</h3>
      <div className="button-row">
        <button type="button" className="button" onClick={() => setOpen('chrome')}>
          {t('extras.chromePolicy')}
        </button>
        <button
          type="button"
          className="button"
          aria-disabled={hasSku ? undefined : true}
          aria-describedby={hasSku ? undefined : `${id}-no-sku`}
          onClick={() => hasSku && setOpen('compliance')}
        >
          {t('extras.complianceData')}
        </button>
      </div>
      {!hasSku && (
        <p id={`${id}-no-sku`} className="field__help">
          {t('extras.noSku')}
        </p>
      )}
      {open === 'chrome' && (
        <ChromePolicyDialog customer={customer} canManage={canManage} onClose={() => setOpen(null)} />
      )}
      {open === 'compliance' && <ComplianceDataDialog customer={customer} onClose={() => setOpen(null)} />}
    </section>
  );
}
