import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asLoaded } from '../../api/loaded.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import {
  type ListColumn,
  ListScreen,
  useClientRows,
  useList,
  useListControls,
} from '../../components/list/index.ts';
import { Timestamp } from '../../components/Timestamp.tsx';
import { useCan } from '../../session/use-can.ts';
import { useToasts } from '../../shell/index.ts';
import { type ConnectorCredential, listConnectorCredentials, revokeConnectorCredential } from './api.ts';
import './connectors.css';

const idOf = (c: ConnectorCredential) => c.credential_id;
const dataOf = (c: ConnectorCredential) => ({ credential: c.credential_id });

/**
 * /connectors: the browser connector credentials issued for the caller's customers, for their
 * administrators and staff, on the list kit (j/k, sort, paging). Enter on an active row, or its
 * Revoke button, asks before revoking; a revoked credential refuses the extension's next call.
 */
export function CredentialsPage() {
  const { t } = useTranslation('connectors');
  const { notify } = useToasts();
  const canRevoke = useCan()('revokeConnectorCredential');
  const controls = useListControls();
  const load = asLoaded(useQuery(listConnectorCredentials()));
  const [revoking, setRevoking] = useState<ConnectorCredential | null>(null);
  const [busy, setBusy] = useState(false);

  const columns = useMemo(
    (): ListColumn<ConnectorCredential>[] => [
      {
        key: 'customer',
        label: t('list.customer'),
        width: 'minmax(10rem, 1.5fr)',
        sortable: true,
        text: (c) => c.customer_name,
      },
      {
        key: 'extension',
        label: t('list.extension'),
        width: 'minmax(12rem, 1.5fr)',
        sortable: true,
        text: (c) => c.extension_id,
        render: (c) => <code>{c.extension_id}</code>,
      },
      {
        key: 'scopes',
        label: t('list.scopes'),
        width: 'minmax(10rem, 1.5fr)',
        text: (c) => c.scopes.map((scope) => t(`scopeShort.${scope}`)).join(', '),
      },
      {
        key: 'approvedBy',
        label: t('list.approvedBy'),
        width: 'minmax(10rem, 1.5fr)',
        sortable: true,
        text: (c) => c.approved_by.email ?? t('list.gone'),
      },
      {
        key: 'created',
        label: t('list.created'),
        width: 'minmax(9rem, 1fr)',
        sortable: true,
        value: (c) => c.created_at,
        text: (c) => c.created_at,
        render: (c) => <Timestamp iso={c.created_at} />,
      },
      {
        key: 'lastUsed',
        label: t('list.lastUsed'),
        width: 'minmax(9rem, 1fr)',
        sortable: true,
        value: (c) => c.last_used_at ?? '',
        text: (c) => c.last_used_at ?? t('list.never'),
        render: (c) => (c.last_used_at ? <Timestamp iso={c.last_used_at} /> : t('list.never')),
      },
      {
        key: 'state',
        label: t('list.state'),
        width: '7rem',
        sortable: true,
        text: (c) => (c.revoked_at ? t('list.stateRevoked') : t('list.stateActive')),
      },
      {
        key: 'actions',
        label: t('list.actions'),
        width: '7rem',
        text: () => '',
        render: (c) =>
          c.revoked_at || !canRevoke ? null : (
            <button
              type="button"
              className="button button--small"
              aria-label={t('list.revokeNamed', { customer: c.customer_name, extension: c.extension_id })}
              onClick={() => setRevoking(c)}
            >
              {t('list.revoke')}
            </button>
          ),
      },
    ],
    [t, canRevoke],
  );
  const { pageRows, total } = useClientRows(load.data ?? [], columns, controls);
  const list = useList({
    rows: pageRows,
    rowId: idOf,
    enabled: revoking === null,
    onOpen: (c) => {
      if (!c.revoked_at && canRevoke) setRevoking(c);
    },
  });

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
    <>
      <ListScreen
        className="connector-credentials-page"
        title={t('list.title')}
        count={t('list.text')}
        label={t('list.title')}
        columns={columns}
        rows={pageRows}
        rowData={dataOf}
        list={list}
        controls={controls}
        paging={{ kind: 'numbered', total }}
        load={load}
        labels={{
          empty: t('list.none'),
          loadFailed: t('list.loadFailed'),
          retry: t('list.retry'),
          loading: t('list.loading'),
        }}
      />
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
    </>
  );
}
