import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Timestamp } from '../../../components/Timestamp.tsx';
import { useShellData, useToasts } from '../../../shell/index.ts';
import { type ApiKey, listApiKeys, revokeApiKey } from '../access-api.ts';
import { useCanManageUsers } from '../use-can-manage.ts';
import { ApiKeyForm } from './ApiKeyForm.tsx';

const state = (key: ApiKey) =>
  key.revoked_at ? 'revoked' : new Date(key.expires_at).getTime() <= Date.now() ? 'expired' : 'active';

/** The caller's API keys (staff and customer administrators): create, see the new key once, revoke. */
export function ApiKeys() {
  const { t } = useTranslation('access');
  const { t: common } = useTranslation();
  const { notify } = useToasts();
  const { customers } = useShellData();
  const canCreate = useCanManageUsers();
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
      {failed ? (
        <p role="alert">
          {t('keys.loadFailed')}{' '}
          <button type="button" className="link-button" onClick={load}>
            {t('retry')}
          </button>
        </p>
      ) : keys === null ? (
        <p role="status">{t('loading')}</p>
      ) : keys.length === 0 ? (
        <p>{t('keys.none')}</p>
      ) : (
        <table className="table" aria-labelledby={`${uid}-title`}>
          <thead>
            <tr>
              <th scope="col">{t('keys.name')}</th>
              <th scope="col">{t('keys.customers')}</th>
              <th scope="col">{t('keys.access')}</th>
              <th scope="col">{t('keys.expires')}</th>
              <th scope="col">{t('keys.lastUsed')}</th>
              <th scope="col">{t('keys.state')}</th>
              <th scope="col">
                <span className="sr-only">{t('actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.map((k) => (
              <tr key={k.key_id}>
                <td>{k.name}</td>
                <td>
                  {k.global ? t('keys.global') : k.customer_ids.map((id) => names.get(id) ?? id).join(', ')}
                </td>
                <td>{t(`keys.${k.access}`)}</td>
                <td>
                  <Timestamp iso={k.expires_at} />
                </td>
                <td>{k.last_used_at ? <Timestamp iso={k.last_used_at} /> : t('keys.never')}</td>
                <td>{t(`keys.states.${state(k)}`)}</td>
                <td>
                  {state(k) === 'active' && (
                    <button
                      type="button"
                      className="button button--small"
                      aria-label={t('keys.revokeNamed', { name: k.name })}
                      onClick={() => setRevoking(k)}
                    >
                      {t('keys.revoke')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
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
