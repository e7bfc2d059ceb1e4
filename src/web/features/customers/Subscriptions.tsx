import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asLoaded } from '../../api/loaded.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { useToasts } from '../../shell/index.ts';
import {
  type Customer,
  createCustomerSubscription,
  listCustomerProducts,
  listCustomerSubscriptions,
  type Subscription,
  type SubscriptionBilling,
  type SubscriptionStatus,
  updateCustomerSubscription,
} from './api.ts';

const STATUSES: readonly SubscriptionStatus[] = ['active', 'suspended', 'cancelled'];
const BILLINGS: readonly SubscriptionBilling[] = ['endpoint', 'user', 'gigabyte'];

/**
 * A customer's subscriptions, read through their own call: add one (the products already sold are
 * offered as suggestions, free text still works); a status change asks first (spec 2, section 4).
 */
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
  const subscriptionsQuery = useQuery(listCustomerSubscriptions(customer.customer_id));
  const loaded = asLoaded(subscriptionsQuery);
  // Suggestions only matter to someone who may add a subscription.
  const products = useQuery({ ...listCustomerProducts(), enabled: canManage });
  const subscriptions = loaded.data ?? [];

  const changed = (updated: Customer) => {
    onChanged(updated);
    void subscriptionsQuery.refetch();
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!product.trim()) return;
    setBusy(true);
    try {
      changed(await createCustomerSubscription(customer.customer_id, { product: product.trim(), billing }));
      void products.refetch();
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
      changed(
        await updateCustomerSubscription(customer.customer_id, pending.subscription.subscription_id, {
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
      {loaded.status === 'error' ? (
        <div role="alert" className="field__error">
          <p>{t('errors.loadSubscriptions')}</p>
          <button type="button" className="button" onClick={loaded.reload}>
            {t('retry')}
          </button>
        </div>
      ) : !loaded.data ? (
        <Spinner label={t('subscriptions.loading')} />
      ) : subscriptions.length === 0 ? (
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
              list={`${uid}-products`}
              autoComplete="off"
              aria-describedby={products.status === 'error' ? `${uid}-products-error` : undefined}
              value={product}
              onChange={(event) => setProduct(event.target.value)}
            />
            <datalist id={`${uid}-products`}>
              {(products.data ?? []).map((p) => (
                <option key={p.product} value={p.product} />
              ))}
            </datalist>
            {products.status === 'error' && (
              <p id={`${uid}-products-error`} role="status" className="field__help">
                {t('errors.loadProducts')}
              </p>
            )}
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
