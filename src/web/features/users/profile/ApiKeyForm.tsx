import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/errors.ts';
import { CheckboxChoices, TextField } from '../../../components/form/index.ts';
import { changedFrom, useUnsavedChanges } from '../../../components/unsaved/use-unsaved-changes.tsx';
import { useSession } from '../../../session/use-session.ts';
import { useShellData, useToasts } from '../../../shell/index.ts';
import { type ApiKey, createApiKey } from '../access-api.ts';

const BLANK = { name: '', global: false, customerIds: [] as string[], access: 'read', days: '90' } as const;

/** A new key: name, customers (or every customer, for staff who see them all), access, expiry. */
export function ApiKeyForm({ onCreated }: { onCreated(key: ApiKey & { key: string }): void }) {
  const { t } = useTranslation('access');
  const { t: common } = useTranslation();
  const { notify } = useToasts();
  const { customers } = useShellData();
  const { me } = useSession();
  const uid = useId();
  const staff = me?.user.role_level === 'Global';
  const [name, setName] = useState<string>(BLANK.name);
  const [global, setGlobal] = useState<boolean>(BLANK.global);
  const [customerIds, setCustomerIds] = useState<string[]>([]);
  const [access, setAccess] = useState<'read' | 'read_write'>(BLANK.access);
  const [days, setDays] = useState<string>(BLANK.days);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [busy, setBusy] = useState(false);
  const unsaved = useUnsavedChanges(!busy && changedFrom({ name, global, customerIds, access, days }, BLANK));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!name.trim()) local.name = t('keys.required');
    if (!global && customerIds.length === 0) local.customer_ids = t('keys.selectCustomer');
    const expires = Number(days);
    if (!Number.isInteger(expires) || expires < 1 || expires > 365)
      local.expires_in_days = t('keys.daysRange');
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setBusy(true);
    try {
      const created = await createApiKey({
        name: name.trim(),
        access,
        expires_in_days: expires,
        ...(global ? { global: true } : { customer_ids: customerIds }),
      });
      setName(BLANK.name);
      setGlobal(BLANK.global);
      setCustomerIds([]);
      setAccess(BLANK.access);
      setDays(BLANK.days);
      onCreated(created);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : [];
      setErrors(Object.fromEntries(fields.map((f) => [f.field.replace(/^body\./, ''), f.reason])));
      if (fields.length === 0) {
        const refused = error instanceof ApiError && error.status === 403;
        notify({
          severity: 'danger',
          title: t('keys.createFailed'),
          message: refused ? error.message : common('tryAgainLater'),
        });
      }
    }
    setBusy(false);
  };
  return (
    <form className="form access-form" onSubmit={submit} noValidate aria-labelledby={`${uid}-title`}>
      <h4 id={`${uid}-title`}>{t('keys.newTitle')}</h4>
      <TextField
        id={`${uid}-name`}
        label={t('keys.name')}
        value={name}
        maxLength={100}
        error={errors.name}
        onChange={setName}
      />
      <CheckboxChoices
        id={`${uid}-customer_ids`}
        legend={t('keys.customers')}
        choices={global ? [] : customers.map((c) => ({ value: c.customer_id, label: c.name }))}
        chosen={customerIds}
        onChange={setCustomerIds}
        error={errors.customer_ids}
      >
        {staff && (
          <label className="checkbox-field">
            <input type="checkbox" checked={global} onChange={(e) => setGlobal(e.target.checked)} />
            {t('keys.global')}
          </label>
        )}
      </CheckboxChoices>
      <div className="field">
        <label htmlFor={`${uid}-access`} className="field__label">
          {t('keys.access')}
        </label>
        <select
          id={`${uid}-access`}
          className="input"
          value={access}
          onChange={(e) => setAccess(e.target.value as 'read' | 'read_write')}
        >
          <option value="read">{t('keys.read')}</option>
          <option value="read_write">{t('keys.read_write')}</option>
        </select>
      </div>
      <TextField
        id={`${uid}-days`}
        label={t('keys.expiresInDays')}
        type="number"
        min={1}
        max={365}
        value={days}
        error={errors.expires_in_days}
        onChange={setDays}
      />
      <button type="submit" className="button button--primary" disabled={busy}>
        {t('keys.create')}
      </button>
      {unsaved.prompt}
    </form>
  );
}
