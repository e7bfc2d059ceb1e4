import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.ts';
import { CheckboxChoices, SelectField, TextField } from '../../components/form/index.ts';
import { ModalDialog } from '../../components/ModalDialog.tsx';
import { changedFrom, useUnsavedChanges } from '../../components/unsaved/use-unsaved-changes.tsx';
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
  const values = { email, firstName, lastName, roleLevel, customerIds, granted };
  const [opened] = useState(() => values);
  const unsaved = useUnsavedChanges(changedFrom(values, opened) && !busy);
  const close = () => unsaved.guard(onClose);
  const offered = PERMISSIONS.filter(
    (p) => mine.includes(p) && (roleLevel === 'Global' || p !== 'global_user'),
  );

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

  return (
    <>
      <ModalDialog
        title={contact ? t('form.editTitle', { name: contact.name || contact.email }) : t('form.newTitle')}
        onClose={close}
        wide
        footer={
          <>
            <button type="button" className="button" onClick={close}>
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
            <TextField
              id={`${uid}-email`}
              label={t('fields.email')}
              type="email"
              required
              value={email}
              error={errors.email}
              onChange={setEmail}
            />
          )}
          <TextField
            id={`${uid}-first`}
            label={t('fields.first_name')}
            value={firstName}
            onChange={setFirstName}
          />
          <TextField
            id={`${uid}-last`}
            label={t('fields.last_name')}
            value={lastName}
            onChange={setLastName}
          />
          <SelectField
            id={`${uid}-role`}
            label={t('fields.role_level')}
            value={roleLevel}
            onChange={(value) => setRoleLevel(value as RoleLevel)}
            options={[
              { value: 'Customer', label: t('roleLevel.Customer') },
              ...(callerGlobal ? [{ value: 'Global', label: t('roleLevel.Global') }] : []),
            ]}
          />
          {roleLevel === 'Customer' && (
            <CheckboxChoices
              id={`${uid}-valid_customer_ids`}
              legend={t('fields.valid_customer_ids')}
              choices={customers.map((c) => ({ value: c.customer_id, label: c.name }))}
              chosen={customerIds}
              onChange={setCustomerIds}
              error={errors.valid_customer_ids}
            />
          )}
          <CheckboxChoices
            id={`${uid}-permissions`}
            legend={t('fields.permissions')}
            choices={offered.map((p) => ({ value: p, label: t(`permissions.${p}`) }))}
            chosen={granted}
            onChange={setGranted}
            error={errors.permissions}
          />
        </form>
      </ModalDialog>
      {unsaved.prompt}
    </>
  );
}
