import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.ts';
import { useInvalidatePaths } from '../../api/query.ts';
import { SelectField, TextField, useForm } from '../../components/form/index.ts';
import { useCustomerScope, useToasts } from '../../shell/index.ts';
import {
  createIntegrationHostMapping,
  createIntegrationMapping,
  deleteIntegrationHostMapping,
  deleteIntegrationMapping,
  INTEGRATIONS_AREA,
  type Integration,
  listIntegrationMappings,
} from './api.ts';

/**
 * Customer mappings (an external tenant to one customer) and hostname mappings. Adding needs the
 * settings saved and validated first (spec 2, section 4): until then the forms say so.
 */
export function MappingsSection({ integration, canEdit }: { integration: Integration; canEdit: boolean }) {
  const { t } = useTranslation('integrations');
  const { t: common } = useTranslation();
  const { notify } = useToasts();
  const invalidate = useInvalidatePaths();
  const { filteredCustomers: customers } = useCustomerScope();
  const mappings = useQuery(listIntegrationMappings(integration.id)).data;
  const uid = useId();
  const customerOptions = customers.map((c) => ({ value: c.customer_id, label: c.name }));
  const validated = integration.validated_at !== null;
  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.status === 400) return;
    notify({
      severity: 'danger',
      title: error instanceof ApiError && error.status === 409 ? error.message : t('errors.map'),
      message: common('tryAgainLater'),
    });
  };
  const customerForm = useForm<{ customerId: string; externalId: string; externalName: string }>({
    initial: { customerId: '', externalId: '', externalName: '' },
    schema: 'createIntegrationMapping',
    toContract: (v) => ({
      customer_id: v.customerId,
      external_id: v.externalId.trim(),
      external_name: v.externalName,
    }),
    fieldOf: { customer_id: 'customerId', external_id: 'externalId', external_name: 'externalName' },
    check: (v) => ({ customerId: v.customerId ? undefined : t('mappings.selectCustomer') }),
    submit: async (v) => {
      const made = await createIntegrationMapping(
        integration.id,
        v.customerId,
        v.externalId.trim(),
        v.externalName.trim(),
      );
      customerForm.reset({ customerId: '', externalId: '', externalName: '' });
      notify({
        severity: 'success',
        title: t('mappings.mapped', { external: made.external_id, customer: made.customer_name }),
        message: integration.name,
      });
      void invalidate(INTEGRATIONS_AREA);
    },
    onError: failed,
  });
  const hostForm = useForm<{ customerId: string; hostName: string }>({
    initial: { customerId: '', hostName: '' },
    schema: 'createIntegrationHostMapping',
    toContract: (v) => ({ customer_id: v.customerId, host_name: v.hostName.trim() }),
    fieldOf: { customer_id: 'customerId', host_name: 'hostName' },
    check: (v) => ({ customerId: v.customerId ? undefined : t('mappings.selectCustomer') }),
    submit: async (v) => {
      const made = await createIntegrationHostMapping(integration.id, v.customerId, v.hostName.trim());
      hostForm.reset({ customerId: '', hostName: '' });
      notify({
        severity: 'success',
        title: t('mappings.hostMapped', { host: made.host_name, customer: made.customer_name }),
        message: integration.name,
      });
      void invalidate(INTEGRATIONS_AREA);
    },
    onError: failed,
  });
  const remove = async (run: () => Promise<void>) => {
    try {
      await run();
      void invalidate(INTEGRATIONS_AREA);
    } catch (error) {
      failed(error);
    }
  };
  return (
    <section className="card integration-mappings" aria-labelledby={`${uid}-heading`}>
      <h2 id={`${uid}-heading`}>{t('mappings.heading')}</h2>
      {!validated && <p className="muted">{t('mappings.validateFirst')}</p>}
      <table className="table">
        <caption className="sr-only">{t('mappings.customersCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('mappings.externalId')}</th>
            <th scope="col">{t('mappings.externalName')}</th>
            <th scope="col">{t('mappings.customer')}</th>
            {canEdit && <th scope="col">{t('mappings.actions')}</th>}
          </tr>
        </thead>
        <tbody>
          {(mappings?.customers ?? []).map((m) => (
            <tr key={m.id}>
              <td>{m.external_id}</td>
              <td>{m.external_name}</td>
              <td>{m.customer_name}</td>
              {canEdit && (
                <td>
                  <button
                    type="button"
                    className="button button--small"
                    aria-label={t('mappings.removeNamed', { external: m.external_id })}
                    onClick={() => remove(() => deleteIntegrationMapping(integration.id, m.id))}
                  >
                    {t('mappings.remove')}
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {canEdit && validated && (
        <form
          className="form integration-mappings__add"
          aria-label={t('mappings.addCustomer')}
          {...customerForm.formProps}
        >
          <SelectField
            id={`${uid}-customer`}
            label={t('mappings.customer')}
            value={customerForm.values.customerId}
            emptyLabel={t('mappings.selectCustomer')}
            options={customerOptions}
            error={customerForm.errors.customerId}
            onChange={(customerId) => customerForm.set({ customerId })}
          />
          <TextField
            id={`${uid}-external`}
            label={t('mappings.externalId')}
            value={customerForm.values.externalId}
            error={customerForm.errors.externalId}
            onChange={(externalId) => customerForm.set({ externalId })}
          />
          <TextField
            id={`${uid}-external-name`}
            label={t('mappings.externalName')}
            value={customerForm.values.externalName}
            error={customerForm.errors.externalName}
            onChange={(externalName) => customerForm.set({ externalName })}
          />
          <button type="submit" className="button" disabled={customerForm.busy}>
            {t('mappings.addCustomer')}
          </button>
        </form>
      )}
      <h3>{t('mappings.hostsHeading')}</h3>
      <table className="table">
        <caption className="sr-only">{t('mappings.hostsCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('mappings.hostName')}</th>
            <th scope="col">{t('mappings.customer')}</th>
            {canEdit && <th scope="col">{t('mappings.actions')}</th>}
          </tr>
        </thead>
        <tbody>
          {(mappings?.hosts ?? []).map((m) => (
            <tr key={m.id}>
              <td>{m.host_name}</td>
              <td>{m.customer_name}</td>
              {canEdit && (
                <td>
                  <button
                    type="button"
                    className="button button--small"
                    aria-label={t('mappings.removeNamed', { external: m.host_name })}
                    onClick={() => remove(() => deleteIntegrationHostMapping(integration.id, m.id))}
                  >
                    {t('mappings.remove')}
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {canEdit && validated && (
        <form
          className="form integration-mappings__add"
          aria-label={t('mappings.addHost')}
          {...hostForm.formProps}
        >
          <SelectField
            id={`${uid}-host-customer`}
            label={t('mappings.customer')}
            value={hostForm.values.customerId}
            emptyLabel={t('mappings.selectCustomer')}
            options={customerOptions}
            error={hostForm.errors.customerId}
            onChange={(customerId) => hostForm.set({ customerId })}
          />
          <TextField
            id={`${uid}-host`}
            label={t('mappings.hostName')}
            value={hostForm.values.hostName}
            error={hostForm.errors.hostName}
            onChange={(hostName) => hostForm.set({ hostName })}
          />
          <button type="submit" className="button" disabled={hostForm.busy}>
            {t('mappings.addHost')}
          </button>
        </form>
      )}
      {customerForm.prompt}
      {hostForm.prompt}
    </section>
  );
}
