import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/errors.ts';
import {
  CheckboxChoices,
  FormFailure,
  SelectField,
  TextField,
  useForm,
} from '../../../components/form/index.ts';
import { useSession } from '../../../session/use-session.ts';
import { useShellData, useToasts } from '../../../shell/index.ts';
import { type ApiKey, createApiKey } from '../access-api.ts';

type Access = 'read' | 'read_write';
interface KeyValues extends Record<string, unknown> {
  name: string;
  global: boolean;
  customer_ids: string[];
  access: Access;
  expires_in_days: string;
}
const BLANK: KeyValues = { name: '', global: false, customer_ids: [], access: 'read', expires_in_days: '90' };

/** The body sent: every customer, or the chosen ones. */
const bodyOf = (values: KeyValues) => ({
  name: values.name.trim(),
  access: values.access,
  expires_in_days: Number(values.expires_in_days),
  ...(values.global ? { global: true } : { customer_ids: values.customer_ids }),
});

/** A new key: name, customers (or every customer, for staff who see them all), access, expiry. */
export function ApiKeyForm({ onCreated }: { onCreated(key: ApiKey & { key: string }): void }) {
  const { t } = useTranslation('access');
  const { t: common } = useTranslation();
  const { notify } = useToasts();
  const { customers } = useShellData();
  const { me } = useSession();
  const uid = useId();
  const staff = me?.user.role_level === 'Global';
  const form = useForm<KeyValues>({
    initial: BLANK,
    schema: 'ApiKeyCreate',
    // The typed days stay text for the checks, so an empty field is "required", not zero.
    toContract: (values) => ({ ...bodyOf(values), expires_in_days: values.expires_in_days }),
    // The contract cannot say that a key for chosen customers needs at least one of them.
    check: (values) => ({
      customer_ids: !values.global && values.customer_ids.length === 0 ? t('keys.selectCustomer') : undefined,
    }),
    submit: async (values) => {
      const created = await createApiKey(bodyOf(values));
      form.reset(BLANK);
      onCreated(created);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields.length > 0) return;
      const refused = error instanceof ApiError && error.status === 403;
      notify({
        severity: 'danger',
        title: t('keys.createFailed'),
        message: refused ? error.message : common('tryAgainLater'),
      });
    },
  });
  const { values, set, errors } = form;

  return (
    <form className="form access-form" {...form.formProps} aria-labelledby={`${uid}-title`}>
      <h4 id={`${uid}-title`}>{t('keys.newTitle')}</h4>
      <TextField
        id={`${uid}-name`}
        label={t('keys.name')}
        value={values.name}
        error={errors.name}
        onChange={(name) => set({ name })}
      />
      <CheckboxChoices
        id={`${uid}-customer_ids`}
        legend={t('keys.customers')}
        choices={values.global ? [] : customers.map((c) => ({ value: c.customer_id, label: c.name }))}
        chosen={values.customer_ids}
        onChange={(customer_ids) => set({ customer_ids })}
        error={errors.customer_ids}
      >
        {staff && (
          <label className="checkbox-field">
            <input
              type="checkbox"
              checked={values.global}
              onChange={(e) => set({ global: e.target.checked })}
            />
            {t('keys.global')}
          </label>
        )}
      </CheckboxChoices>
      <SelectField
        id={`${uid}-access`}
        label={t('keys.access')}
        className="input"
        value={values.access}
        error={errors.access}
        onChange={(access) => set({ access: access as Access })}
        options={[
          { value: 'read', label: t('keys.read') },
          { value: 'read_write', label: t('keys.read_write') },
        ]}
      />
      <TextField
        id={`${uid}-days`}
        label={t('keys.expiresInDays')}
        type="number"
        min={1}
        max={365}
        value={values.expires_in_days}
        error={errors.expires_in_days}
        onChange={(expires_in_days) => set({ expires_in_days })}
      />
      <FormFailure failure={form.failure} />
      <button type="submit" className="button button--primary" disabled={form.busy}>
        {t('keys.create')}
      </button>
      {form.prompt}
    </form>
  );
}
