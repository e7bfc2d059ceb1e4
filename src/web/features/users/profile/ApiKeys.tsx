import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Timestamp } from '../../../components/Timestamp.tsx';
import { useCan } from '../../../session/use-can.ts';
import { useShellData, useToasts } from '../../../shell/index.ts';
import { type ApiKey, listApiKeys, revokeApiKey } from '../access-api.ts';
import { ActionTable } from './ActionTable.tsx';
import { ApiKeyForm } from './ApiKeyForm.tsx';

const state = (key: ApiKey) =>
  key.revoked_at ? 'revoked' : new Date(key.expires_at).getTime() <= Date.now() ? 'expired' : 'active';

/** The caller's API keys (staff and customer administrators): create, see the new key once, revoke. */
export function ApiKeys() {
  const { t } = useTranslation('access');
  const { t: common } = useTranslation();
  const { notify } = useToasts();
  const { customers } = useShellData();
  const canCreate = useCan()('createApiKey');
  const uid = useId();
  const [keys, setKeys] = useState<ApiKey[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const load = useCallback(() => {
    setFailed(false);
    listApiKeys().then(setKeys, () => setFailed(true));
  }, []);
  useEffect(load, [load]);
  const names = new Map(customers.map((c) => [c.customer_id, c.name]));

  const revoke = async () => {
    if (!revoking) return;
    try {
      await revokeApiKey(revoking.key_id);
      notify({ severity: 'success', title: t('keys.revoked'), message: revoking.name });
      load();
    } catch {
      notify({ severity: 'danger', title: t('keys.revokeFailed'), message: common('tryAgainLater') });
    }
    setRevoking(null);
  };

  if (!canCreate && keys?.length === 0) return null;
  return (
    <div className="access-block">
      <h3 id={`${uid}-title`}>{t('keys.title')}</h3>
      <p className="muted">{t('keys.text')}</p>
      {shown && (
        <div className="field" role="status">
          <label htmlFor={`${uid}-secret`} className="field__label">
            {t('keys.shownOnce')}
          </label>
          <input
            id={`${uid}-secret`}
            className="input mono"
            readOnly
            value={shown}
            onFocus={(e) => e.target.select()}
          />
        </div>
      )}
      <ActionTable
        labelledBy={`${uid}-title`}
        rows={keys}
        failed={failed}
        failedText={t('keys.loadFailed')}
        onRetry={load}
        emptyText={t('keys.none')}
        rowKey={(k) => k.key_id}
        columns={[
          { header: t('keys.name'), cell: (k) => k.name },
          {
            header: t('keys.customers'),
            cell: (k) =>
              k.global ? t('keys.global') : k.customer_ids.map((id) => names.get(id) ?? id).join(', '),
          },
          { header: t('keys.access'), cell: (k) => t(`keys.${k.access}`) },
          { header: t('keys.expires'), cell: (k) => <Timestamp iso={k.expires_at} /> },
          {
            header: t('keys.lastUsed'),
            cell: (k) => (k.last_used_at ? <Timestamp iso={k.last_used_at} /> : t('keys.never')),
          },
          { header: t('keys.state'), cell: (k) => t(`keys.states.${state(k)}`) },
        ]}
        action={(k) =>
          state(k) === 'active' && (
            <button
              type="button"
              className="button button--small"
              aria-label={t('keys.revokeNamed', { name: k.name })}
              onClick={() => setRevoking(k)}
            >
              {t('keys.revoke')}
            </button>
          )
        }
      />
      {canCreate && (
        <ApiKeyForm
          onCreated={(created) => {
            setShown(created.key);
            load();
          }}
        />
      )}
      {revoking && (
        <ConfirmDialog
          title={t('keys.revokeTitle', { name: revoking.name })}
          confirmLabel={t('keys.revoke')}
          danger
          alert
          onConfirm={revoke}
          onCancel={() => setRevoking(null)}
        >
          <p>{t('keys.revokeText')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
