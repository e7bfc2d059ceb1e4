import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.ts';
import { ModalDialog } from '../../components/ModalDialog.tsx';
import { useSession } from '../../session/use-session.ts';
import { useShellData, useToasts } from '../../shell/index.ts';
import { createContact, type ManagedContact, PERMISSIONS, type Permission, updateContact } from './api.ts';

type RoleLevel = 'Global' | 'Customer';

/**
 * Invite a person, or change one's name, role level, customers and permissions. Only what the
 * caller holds is offered (the server checks the same: nobody grants more than they have).
 */
export function UserForm({
  contact,
  onClose,
  onSaved,
}: {
  contact: ManagedContact | null;
  onClose(): void;
  onSaved(contact: ManagedContact): void;
}) {
  const { t } = useTranslation('users');
  const { t: common } = useTranslation();
  const { notify } = useToasts();
  const { customers } = useShellData();
  const { me, permissions: mine } = useSession();
  const uid = useId();
  const callerGlobal = me?.user.role_level === 'Global';
  const [email, setEmail] = useState(contact?.email ?? '');
  const [firstName, setFirstName] = useState(contact?.first_name ?? '');
  const [lastName, setLastName] = useState(contact?.last_name ?? '');
  const [roleLevel, setRoleLevel] = useState<RoleLevel>(contact?.role_level ?? 'Customer');
  const [customerIds, setCustomerIds] = useState<string[]>(contact?.valid_customer_ids ?? []);
  const [granted, setGranted] = useState<Permission[]>(contact?.permissions ?? []);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [busy, setBusy] = useState(false);
  const offered = PERMISSIONS.filter(
    (p) => mine.includes(p) && (roleLevel === 'Global' || p !== 'global_user'),
  );
  const toggle = <T,>(list: T[], value: T, on: boolean) =>
    on ? [...list, value] : list.filter((v) => v !== value);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!contact && email.trim() === '') local.email = t('form.required');
    if (roleLevel === 'Customer' && customerIds.length === 0)
      local.valid_customer_ids = t('form.selectCustomer');
    if (Object.keys(local).length > 0) {
      setErrors(local);
      return;
    }
    setBusy(true);
    const access = {
      first_name: firstName,
      last_name: lastName,
      role_level: roleLevel,
      valid_customer_ids: roleLevel === 'Global' ? [] : customerIds,
      permissions: granted.filter((p) => offered.includes(p)),
    };
    try {
      const saved = contact
        ? await updateContact(contact.contact_id, access)
        : await createContact({ ...access, email: email.trim() });
      notify({
        severity: 'success',
        title: contact ? t('form.saved') : t('form.invited'),
        message: saved.email,
      });
      onSaved(saved);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : [];
      setErrors(Object.fromEntries(fields.map((f) => [f.field.replace(/^body\./, ''), f.reason])));
      if (fields.length === 0) {
        const refused = error instanceof ApiError && (error.status === 403 || error.status === 409);
        notify({
          severity: 'danger',
          title: contact ? t('errors.patch') : t('errors.create'),
          message: refused ? error.message : common('tryAgainLater'),
        });
      }
      setBusy(false);
    }
  };

  const fieldError = (field: string) =>
    errors[field] ? (
      <p id={`${uid}-${field}-error`} className="field__error" role="alert">
        {errors[field]}
      </p>
    ) : null;
  const describedBy = (field: string) => (errors[field] ? `${uid}-${field}-error` : undefined);

  return (
    <ModalDialog
      title={contact ? t('form.editTitle', { name: contact.name || contact.email }) : t('form.newTitle')}
      onClose={onClose}
      wide
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            {t('form.cancel')}
          </button>
          <button type="submit" form={`${uid}-form`} className="button button--primary" disabled={busy}>
            {contact ? t('form.save') : t('form.invite')}
          </button>
        </>
      }
    >
      <form id={`${uid}-form`} className="form form--two-columns" onSubmit={submit} noValidate>
        {!contact && (
          <div className="field">
            <label htmlFor={`${uid}-email`} className="field__label">
              {t('fields.email')}
            </label>
            <input
              id={`${uid}-email`}
              className="input"
              type="email"
              required
              value={email}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={describedBy('email')}
              onChange={(event) => setEmail(event.target.value)}
            />
            {fieldError('email')}
          </div>
        )}
        <div className="field">
          <label htmlFor={`${uid}-first`} className="field__label">
            {t('fields.first_name')}
          </label>
          <input
            id={`${uid}-first`}
            className="input"
            value={firstName}
            onChange={(e) => setFirstName(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${uid}-last`} className="field__label">
            {t('fields.last_name')}
          </label>
          <input
            id={`${uid}-last`}
            className="input"
            value={lastName}
            onChange={(e) => setLastName(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${uid}-role`} className="field__label">
            {t('fields.role_level')}
          </label>
          <select
            id={`${uid}-role`}
            className="input"
            value={roleLevel}
            onChange={(event) => setRoleLevel(event.target.value as RoleLevel)}
          >
            <option value="Customer">{t('roleLevel.Customer')}</option>
            {callerGlobal && <option value="Global">{t('roleLevel.Global')}</option>}
          </select>
        </div>
        {roleLevel === 'Customer' && (
          <fieldset className="user-form__choices" aria-describedby={describedBy('valid_customer_ids')}>
            <legend>{t('fields.valid_customer_ids')}</legend>
            {customers.map((c) => (
              <label key={c.customer_id} className="checkbox-field">
                <input
                  type="checkbox"
                  checked={customerIds.includes(c.customer_id)}
                  onChange={(e) => setCustomerIds((v) => toggle(v, c.customer_id, e.target.checked))}
                />
                {c.name}
              </label>
            ))}
            {fieldError('valid_customer_ids')}
          </fieldset>
        )}
        <fieldset className="user-form__choices" aria-describedby={describedBy('permissions')}>
          <legend>{t('fields.permissions')}</legend>
          {offered.map((p) => (
            <label key={p} className="checkbox-field">
              <input
                type="checkbox"
                checked={granted.includes(p)}
                onChange={(e) => setGranted((v) => toggle(v, p, e.target.checked))}
              />
              {t(`permissions.${p}`)}
            </label>
          ))}
          {fieldError('permissions')}
        </fieldset>
      </form>
    </ModalDialog>
  );
}
