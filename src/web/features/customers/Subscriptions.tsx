import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useToasts } from '../../shell/index.ts';
import {
  addSubscription,
  type Customer,
  changeSubscription,
  type Subscription,
  type SubscriptionBilling,
  type SubscriptionStatus,
} from './api.ts';

const STATUSES: readonly SubscriptionStatus[] = ['active', 'suspended', 'cancelled'];
const BILLINGS: readonly SubscriptionBilling[] = ['endpoint', 'user', 'gigabyte'];

/** A customer's subscriptions: add one; a status change asks first (spec 2, section 4). */
export function Subscriptions({
  customer,
  canManage,
  onChanged,
}: {
  customer: Customer;
  canManage: boolean;
  onChanged(customer: Customer): void;
}) {
  const { t } = useTranslation('customers');
  const { t: common } = useTranslation();
  const { notify } = useToasts();
  const uid = useId();
  const [product, setProduct] = useState('');
  const [billing, setBilling] = useState<SubscriptionBilling>('endpoint');
  const [pending, setPending] = useState<{ subscription: Subscription; status: SubscriptionStatus } | null>(
    null,
  );
  const [busy, setBusy] = useState(false);
  const subscriptions = customer.subscriptions ?? [];

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!product.trim()) return;
    setBusy(true);
    try {
      onChanged(await addSubscription(customer.customer_id, { product: product.trim(), billing }));
      setProduct('');
      notify({ severity: 'success', title: t('subscriptions.added'), message: product.trim() });
    } catch {
      notify({ severity: 'danger', title: t('errors.addSubscription'), message: common('tryAgainLater') });
    }
    setBusy(false);
  };

  const confirmStatus = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      onChanged(
        await changeSubscription(customer.customer_id, pending.subscription.subscription_id, {
          status: pending.status,
        }),
      );
    } catch {
      notify({ severity: 'danger', title: t('errors.updateSubscription'), message: common('tryAgainLater') });
    }
    setPending(null);
    setBusy(false);
  };

  return (
    <section aria-labelledby={`${uid}-heading`} className="customer-subscriptions">
      <h3 id={`${uid}-heading`}>{t('subscriptions.title')}</h3>
      {subscriptions.length === 0 ? (
        <p className="muted">{t('subscriptions.none')}</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('subscriptions.product')}</th>
              <th scope="col">{t('subscriptions.billing')}</th>
              <th scope="col">{t('subscriptions.status')}</th>
            </tr>
          </thead>
          <tbody>
            {subscriptions.map((s) => (
              <tr key={s.subscription_id}>
                <td>{s.product}</td>
                <td>{t(`billing.${s.billing}`)}</td>
                <td>
                  {canManage ? (
                    <select
                      className="select"
                      aria-label={t('subscriptions.statusOf', { product: s.product })}
                      value={s.status}
                      onChange={(event) =>
                        setPending({ subscription: s, status: event.target.value as SubscriptionStatus })
                      }
                    >
                      {STATUSES.map((status) => (
                        <option key={status} value={status}>
                          {t(`status.${status}`)}
                        </option>
                      ))}
                    </select>
                  ) : (
                    t(`status.${s.status}`)
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {canManage && (
        <form className="form form--inline" onSubmit={add}>
          <div className="field">
            <label htmlFor={`${uid}-product`} className="field__label">
              {t('subscriptions.product')}
            </label>
            <input
              id={`${uid}-product`}
              className="input"
              value={product}
              onChange={(event) => setProduct(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${uid}-billing`} className="field__label">
              {t('subscriptions.billing')}
            </label>
            <select
              id={`${uid}-billing`}
              className="select"
              value={billing}
              onChange={(event) => setBilling(event.target.value as SubscriptionBilling)}
            >
              {BILLINGS.map((b) => (
                <option key={b} value={b}>
                  {t(`billing.${b}`)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button" disabled={busy || !product.trim()}>
            {t('subscriptions.add')}
          </button>
        </form>
      )}
      {pending && (
        <ConfirmDialog
          title={t('subscriptions.confirmTitle')}
          confirmLabel={t('subscriptions.confirm')}
          alert
          busy={busy}
          onConfirm={confirmStatus}
          onCancel={() => setPending(null)}
        >
          <p>
            {t('subscriptions.confirmMessage', {
              product: pending.subscription.product,
              from: t(`status.${pending.subscription.status}`),
              to: t(`status.${pending.status}`),
            })}
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
