import { useTranslation } from 'react-i18next';
import { Facts } from '../../components/Facts.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { useSession } from '../../session/use-session.ts';
import { useShellData } from '../../shell/data/ShellDataProvider.tsx';

/**
 * The MDR profile (user menu, spec 1 section 2.4): who provides managed detection and response,
 * and which of the customers this person can see are watched by the provider's analysts
 * (the customer's MDR flag) with their active subscriptions.
 */
export function MdrProfile() {
  const { t } = useTranslation('profile');
  const { me } = useSession();
  const { customers, loaded } = useShellData();
  if (!me) return null;
  const covered = customers.filter((c) => c.mdr);
  const uncovered = customers.length - covered.length;
  return (
    <>
      <Facts
        items={[
          { label: t('mdr.provider'), value: me.partner.name },
          {
            label: t('mdr.coverage'),
            value: loaded.customers ? (
              t('mdr.coverageCount', { count: covered.length, total: customers.length })
            ) : (
              <Spinner />
            ),
          },
        ]}
      />
      {loaded.customers && covered.length === 0 && <p className="muted">{t('mdr.none')}</p>}
      {covered.length > 0 && (
        <table className="table">
          <caption className="sr-only">{t('mdr.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('mdr.customer')}</th>
              <th scope="col">{t('mdr.subscriptions')}</th>
            </tr>
          </thead>
          <tbody>
            {covered.map((customer) => {
              const active = (customer.subscriptions ?? []).filter((s) => s.status === 'active');
              return (
                <tr key={customer.customer_id}>
                  <td>{customer.name}</td>
                  <td>{active.length ? active.map((s) => s.product).join(', ') : t('mdr.noSubscription')}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {loaded.customers && uncovered > 0 && (
        <p className="field__help">{t('mdr.uncovered', { count: uncovered })}</p>
      )}
    </>
  );
}
