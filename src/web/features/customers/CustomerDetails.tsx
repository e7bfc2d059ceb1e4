import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useToasts } from '../../shell/index.ts';
import { type Customer, deleteCustomer } from './api.ts';
import { CustomerActions } from './CustomerActions.tsx';
import { CustomerExtras } from './CustomerExtras.tsx';
import { CUSTOMER_DETAIL_FIELDS } from './customer-fields.ts';
import { Subscriptions } from './Subscriptions.tsx';

/** The open customer: contact details, flags, subscriptions; edit and delete (asking first, naming what goes with it). */
export function CustomerDetails({
  customer,
  canManage,
  onEdit,
  onChanged,
  onDeleted,
}: {
  customer: Customer;
  canManage: boolean;
  onEdit(): void;
  onChanged(customer: Customer): void;
  onDeleted(): void;
}) {
  const { t } = useTranslation('customers');
  const { t: common } = useTranslation();
  const { notify } = useToasts();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await deleteCustomer(customer.customer_id);
      notify({ severity: 'success', title: t('delete.done'), message: customer.name });
      onDeleted();
    } catch (error) {
      const refused = error instanceof ApiError && error.status === 409;
      notify({
        severity: 'danger',
        title: t('errors.delete'),
        message: refused ? error.message : common('tryAgainLater'),
      });
      setBusy(false);
      setConfirming(false);
    }
  };
  const fields = CUSTOMER_DETAIL_FIELDS.filter((f) => customer[f]);
  return (
    <section className="details-pane" aria-labelledby="customer-details-heading">
      <header className="details-pane__header">
        <h2 id="customer-details-heading">{customer.name}</h2>
        {canManage && (
          <div className="button-row">
            <button type="button" className="button" onClick={onEdit}>
              {t('details.edit')}
            </button>
            <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
              {t('details.delete')}
            </button>
          </div>
        )}
      </header>
      <dl className="facts">
        {fields.map((f) => (
          <div key={f}>
            <dt>{t(`fields.${f}`)}</dt>
            <dd>{customer[f]}</dd>
          </div>
        ))}
        {customer.locale && (
          <div>
            <dt>{t('fields.locale')}</dt>
            <dd>{t(`locales.${customer.locale}`)}</dd>
          </div>
        )}
        <div>
          <dt>{t('details.flags')}</dt>
          <dd>
            {[
              customer.mdr && t('fields.mdr'),
              customer.compliance_sku && t('fields.compliance_sku'),
              customer.global_software_package && t('fields.global_software_package'),
            ]
              .filter(Boolean)
              .join(', ') || t('details.noFlags')}
          </dd>
        </div>
      </dl>
      <Subscriptions customer={customer} canManage={canManage} onChanged={onChanged} />
      {canManage && <CustomerActions customer={customer} />}
      <CustomerExtras customer={customer} canManage={canManage} />
      {confirming && (
        <ConfirmDialog
          title={t('delete.title', { name: customer.name })}
          confirmLabel={t('delete.confirm')}
          danger
          alert
          busy={busy}
          onConfirm={remove}
          onCancel={() => setConfirming(false)}
        >
          <p>
            {t('delete.message', {
              subscriptions: customer.subscriptions?.length ?? 0,
              agents: customer.agent_count ?? 0,
              alerts: customer.alert_count ?? 0,
              cases: customer.case_count ?? 0,
            })}
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
