import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asLoaded } from '../../api/loaded.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Timestamp } from '../../components/Timestamp.tsx';
import { LoadedContent } from '../../components/table/LoadedContent.tsx';
import { useToasts } from '../../shell/index.ts';
import { type ConnectorCredential, listConnectorCredentials, revokeConnectorCredential } from './api.ts';
import './connectors.css';

/**
 * /connectors: the browser connector credentials issued for the caller's customers, for their
 * administrators and staff; revoking one refuses the extension's next call.
 */
export function CredentialsPage() {
  const { t } = useTranslation('connectors');
  const { notify } = useToasts();
  const uid = useId();
  const load = asLoaded(useQuery(listConnectorCredentials()));
  const [revoking, setRevoking] = useState<ConnectorCredential | null>(null);
  const [busy, setBusy] = useState(false);
  const credentials = load.data ?? [];

  const revoke = async () => {
    if (!revoking) return;
    setBusy(true);
    try {
      await revokeConnectorCredential(revoking.credential_id);
      notify({ severity: 'success', title: t('list.revoked'), message: revoking.customer_name });
      load.reload();
    } catch {
      notify({ severity: 'danger', title: t('list.revokeFailed'), message: revoking.customer_name });
    }
    setBusy(false);
    setRevoking(null);
  };

  return (
    <div className="page-body">
      <header className="page-header">
        <h1 id={`${uid}-title`}>{t('list.title')}</h1>
        <p className="muted">{t('list.text')}</p>
      </header>
      <LoadedContent
        load={load}
        empty={credentials.length === 0}
        labels={{
          empty: t('list.none'),
          loadFailed: t('list.loadFailed'),
          retry: t('list.retry'),
          loading: t('list.loading'),
        }}
      >
        <table className="table connector-credentials" aria-labelledby={`${uid}-title`}>
          <thead>
            <tr>
              <th scope="col">{t('list.customer')}</th>
              <th scope="col">{t('list.extension')}</th>
              <th scope="col">{t('list.scopes')}</th>
              <th scope="col">{t('list.approvedBy')}</th>
              <th scope="col">{t('list.created')}</th>
              <th scope="col">{t('list.lastUsed')}</th>
              <th scope="col">{t('list.state')}</th>
              <th scope="col">
                <span className="sr-only">{t('list.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {credentials.map((c) => (
              <tr key={c.credential_id}>
                <td>{c.customer_name}</td>
                <td>
                  <code>{c.extension_id}</code>
                </td>
                <td>{c.scopes.map((scope) => t(`scopeShort.${scope}`)).join(', ')}</td>
                <td>{c.approved_by.email ?? t('list.gone')}</td>
                <td>
                  <Timestamp iso={c.created_at} />
                </td>
                <td>{c.last_used_at ? <Timestamp iso={c.last_used_at} /> : t('list.never')}</td>
                <td>{c.revoked_at ? t('list.stateRevoked') : t('list.stateActive')}</td>
                <td>
                  {c.revoked_at ? null : (
                    <button
                      type="button"
                      className="button button--small"
                      aria-label={t('list.revokeNamed', {
                        customer: c.customer_name,
                        extension: c.extension_id,
                      })}
                      onClick={() => setRevoking(c)}
                    >
                      {t('list.revoke')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </LoadedContent>
      {revoking ? (
        <ConfirmDialog
          title={t('list.revokeTitle', { customer: revoking.customer_name })}
          confirmLabel={t('list.revoke')}
          danger
          alert
          busy={busy}
          onConfirm={revoke}
          onCancel={() => setRevoking(null)}
        >
          <p>{t('list.revokeText')}</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
