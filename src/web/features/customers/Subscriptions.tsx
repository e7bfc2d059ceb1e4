import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.ts';
import { asLoaded } from '../../api/loaded.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FormFailure, SelectField, TextField, useForm } from '../../components/form/index.ts';
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

  const adding = useForm<{ product: string; billing: SubscriptionBilling }>({
    initial: { product: '', billing: 'endpoint' },
    schema: 'SubscriptionCreate',
    toContract: (values) => ({ ...values, product: values.product.trim() }),
    submit: async ({ product, billing }) => {
      changed(await createCustomerSubscription(customer.customer_id, { product: product.trim(), billing }));
      void products.refetch();
      // The next one is often billed the same way: only the product starts again.
      adding.reset({ product: '', billing });
      notify({ severity: 'success', title: t('subscriptions.added'), message: product.trim() });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields.length > 0) return;
      notify({ severity: 'danger', title: t('errors.addSubscription'), message: common('tryAgainLater') });
    },
  });

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
        <form className="form form--inline" {...adding.formProps}>
          <TextField
            id={`${uid}-product`}
            label={t('subscriptions.product')}
            list={`${uid}-products`}
            autoComplete="off"
            hint={products.status === 'error' ? t('errors.loadProducts') : undefined}
            value={adding.values.product}
            error={adding.errors.product}
            onChange={(product) => adding.set({ product })}
          />
          <datalist id={`${uid}-products`}>
            {(products.data ?? []).map((p) => (
              <option key={p.product} value={p.product} />
            ))}
          </datalist>
          <SelectField
            id={`${uid}-billing`}
            label={t('subscriptions.billing')}
            value={adding.values.billing}
            error={adding.errors.billing}
            onChange={(billing) => adding.set({ billing: billing as SubscriptionBilling })}
            options={BILLINGS.map((b) => ({ value: b, label: t(`billing.${b}`) }))}
          />
          <button type="submit" className="button" disabled={adding.busy}>
            {t('subscriptions.add')}
          </button>
          <FormFailure failure={adding.failure} />
        </form>
      )}
      {adding.prompt}
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
