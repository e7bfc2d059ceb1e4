import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asLoaded } from '../api/loaded.ts';
import { TextField } from '../components/form/index.ts';
import { LoadedContent } from '../components/table/LoadedContent.tsx';
import { getMdrSupport, listSupportCustomers, listSupportPartners, type SupportCustomer } from './api.ts';

/**
 * Support look-ups (spec 2, section 7: /support/v1/customer/, /partner/ and /mdr_support): find a
 * customer or the partner by name, and read a customer's MDR support record.
 */
export function SupportPanel() {
  const { t } = useTranslation('admin');
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const customers = asLoaded(useQuery(listSupportCustomers(query)));
  const partners = asLoaded(useQuery(listSupportPartners(query)));
  const [chosen, setChosen] = useState<SupportCustomer | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChosen(null);
    setQuery(typed.trim());
  };
  const found = customers.data ?? [];
  return (
    <>
      <form className="admin-panel__bar" onSubmit={submit}>
        <TextField
          id="support-query"
          type="search"
          label={t('support.query')}
          value={typed}
          onChange={setTyped}
        />
        <button type="submit" className="button button--primary">
          {t('support.search')}
        </button>
      </form>
      <div className="two-panes">
        <div>
          <h2 className="admin-subheading">{t('support.partners')}</h2>
          <LoadedContent
            load={partners}
            empty={(partners.data ?? []).length === 0}
            labels={{ empty: t('support.noPartners'), loadFailed: t('support.error'), retry: t('retry') }}
          >
            <ul className="admin-plain-list">
              {(partners.data ?? []).map((p) => (
                <li key={p.partner_id}>
                  <strong>{p.name}</strong>{' '}
                  <span className="muted">
                    {t('support.partnerCounts', { customers: p.customer_count, users: p.user_count })}
                  </span>
                </li>
              ))}
            </ul>
          </LoadedContent>
          <h2 className="admin-subheading">{t('support.customers')}</h2>
          <LoadedContent
            load={customers}
            empty={found.length === 0}
            labels={{ empty: t('support.noCustomers'), loadFailed: t('support.error'), retry: t('retry') }}
          >
            <ul className="admin-plain-list">
              {found.map((c) => (
                <li key={c.customer_id}>
                  <button
                    type="button"
                    className="link-button"
                    aria-expanded={chosen?.customer_id === c.customer_id}
                    onClick={() => setChosen(c)}
                  >
                    {c.name}
                  </button>{' '}
                  <span className="muted">
                    {[
                      c.email,
                      c.mdr ? t('support.mdr') : null,
                      c.has_subscription ? null : t('support.inactive'),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </li>
              ))}
            </ul>
          </LoadedContent>
        </div>
        {chosen && <MdrRecord customerId={chosen.customer_id} />}
      </div>
    </>
  );
}

function MdrRecord({ customerId }: { customerId: string }) {
  const { t } = useTranslation('admin');
  const record = asLoaded(useQuery(getMdrSupport(customerId)));
  const r = record.data;
  return (
    <section className="details-pane admin-details" aria-labelledby="mdr-title">
      <LoadedContent
        load={record}
        empty={false}
        labels={{
          empty: '',
          loadFailed: t('support.recordError'),
          retry: t('retry'),
          loading: t('support.loading'),
        }}
      >
        {r && (
          <>
            <h2 id="mdr-title">{t('support.recordTitle', { name: r.name })}</h2>
            <dl className="admin-facts">
              <dt>{t('support.mdrService')}</dt>
              <dd>{r.mdr ? t('support.yes') : t('support.no')}</dd>
              <dt>{t('support.subscriptions')}</dt>
              <dd>
                {r.subscriptions.length === 0
                  ? t('support.none')
                  : r.subscriptions.map((s) => `${s.product} (${s.status}, ${s.billing})`).join(', ')}
              </dd>
              <dt>{t('support.openAlerts')}</dt>
              <dd>
                {Object.keys(r.open_alerts).length === 0
                  ? '0'
                  : Object.entries(r.open_alerts)
                      .map(([priority, n]) => `${priority}: ${n}`)
                      .join(', ')}
              </dd>
              <dt>{t('support.openCases')}</dt>
              <dd>{r.open_cases}</dd>
            </dl>
            <h3>{t('support.contacts')}</h3>
            {r.contacts.length === 0 ? (
              <p className="muted">{t('support.none')}</p>
            ) : (
              <ul className="admin-plain-list">
                {r.contacts.map((c) => (
                  <li key={c.contact_id}>
                    {c.name} &lt;{c.email}&gt;{c.administrator ? ` · ${t('support.administrator')}` : ''}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </LoadedContent>
    </section>
  );
}
