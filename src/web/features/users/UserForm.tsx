import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.ts';
import {
  CheckboxChoices,
  FormFailure,
  FormFooter,
  SelectField,
  TextField,
  useForm,
} from '../../components/form/index.ts';
import { ModalDialog } from '../../components/ModalDialog.tsx';
import { useSession } from '../../session/use-session.ts';
import { useShellData, useToasts } from '../../shell/index.ts';
import { createContact, type ManagedContact, PERMISSIONS, type Permission, updateContact } from './api.ts';

type RoleLevel = 'Global' | 'Customer';
type UserValues = {
  email: string;
  first_name: string;
  last_name: string;
  role_level: RoleLevel;
  valid_customer_ids: string[];
  permissions: Permission[];
};

/** The body sent: a global person has no customer list, and only offered permissions are kept. */
function accessOf(values: UserValues, offered: readonly Permission[], withEmail: boolean) {
  return {
    ...(withEmail ? { email: values.email.trim() } : {}),
    first_name: values.first_name,
    last_name: values.last_name,
    role_level: values.role_level,
    valid_customer_ids: values.role_level === 'Global' ? [] : values.valid_customer_ids,
    permissions: values.permissions.filter((p) => offered.includes(p)),
  };
}

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
  const form = useForm<UserValues>({
    initial: () => ({
      email: contact?.email ?? '',
      first_name: contact?.first_name ?? '',
      last_name: contact?.last_name ?? '',
      role_level: contact?.role_level ?? 'Customer',
      valid_customer_ids: contact?.valid_customer_ids ?? [],
      permissions: contact?.permissions ?? [],
    }),
    // An invitation is checked as ContactCreate (the email with it); a change as ContactUpdate.
    schema: contact ? 'ContactUpdate' : 'ContactCreate',
    toContract: (values) => accessOf(values, offeredTo(values.role_level), contact === null),
    // The contract cannot say that a customer user needs at least one customer.
    check: (values) => ({
      valid_customer_ids:
        values.role_level === 'Customer' && values.valid_customer_ids.length === 0
          ? t('form.selectCustomer')
          : undefined,
    }),
    submit: async (values) => {
      const access = accessOf(values, offeredTo(values.role_level), false);
      const saved = contact
        ? await updateContact(contact.contact_id, access)
        : await createContact({ ...access, email: values.email.trim() });
      notify({
        severity: 'success',
        title: contact ? t('form.saved') : t('form.invited'),
        message: saved.email,
      });
      onSaved(saved);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields.length > 0) return;
      const refused = error instanceof ApiError && (error.status === 403 || error.status === 409);
      notify({
        severity: 'danger',
        title: contact ? t('errors.patch') : t('errors.create'),
        message: refused ? error.message : common('tryAgainLater'),
      });
    },
  });
  const { values, set, errors } = form;
  const close = () => form.requestClose(onClose);
  /** Only what the caller holds is offered; global_user only to a global person. */
  function offeredTo(roleLevel: RoleLevel) {
    return PERMISSIONS.filter((p) => mine.includes(p) && (roleLevel === 'Global' || p !== 'global_user'));
  }
  const offered = offeredTo(values.role_level);

  return (
    <>
      <ModalDialog
        title={contact ? t('form.editTitle', { name: contact.name || contact.email }) : t('form.newTitle')}
        onClose={close}
        wide
        footer={
          <FormFooter
            form={`${uid}-form`}
            submitLabel={contact ? t('form.save') : t('form.invite')}
            disabled={form.busy}
            onCancel={close}
          />
        }
      >
        <form id={`${uid}-form`} className="form form--two-columns" {...form.formProps}>
          {!contact && (
            <TextField
              id={`${uid}-email`}
              label={t('fields.email')}
              type="email"
              required
              value={values.email}
              error={errors.email}
              onChange={(email) => set({ email })}
            />
          )}
          <TextField
            id={`${uid}-first`}
            label={t('fields.first_name')}
            value={values.first_name}
            error={errors.first_name}
            onChange={(first_name) => set({ first_name })}
          />
          <TextField
            id={`${uid}-last`}
            label={t('fields.last_name')}
            value={values.last_name}
            error={errors.last_name}
            onChange={(last_name) => set({ last_name })}
          />
          <SelectField
            id={`${uid}-role`}
            label={t('fields.role_level')}
            value={values.role_level}
            error={errors.role_level}
            onChange={(value) => set({ role_level: value as RoleLevel })}
            options={[
              { value: 'Customer', label: t('roleLevel.Customer') },
              ...(callerGlobal ? [{ value: 'Global', label: t('roleLevel.Global') }] : []),
            ]}
          />
          {values.role_level === 'Customer' && (
            <CheckboxChoices
              id={`${uid}-valid_customer_ids`}
              legend={t('fields.valid_customer_ids')}
              choices={customers.map((c) => ({ value: c.customer_id, label: c.name }))}
              chosen={values.valid_customer_ids}
              onChange={(valid_customer_ids) => set({ valid_customer_ids })}
              error={errors.valid_customer_ids}
            />
          )}
          <CheckboxChoices
            id={`${uid}-permissions`}
            legend={t('fields.permissions')}
            choices={offered.map((p) => ({ value: p, label: t(`permissions.${p}`) }))}
            chosen={values.permissions}
            onChange={(permissions) => set({ permissions: permissions as Permission[] })}
            error={errors.permissions}
          />
          <FormFailure failure={form.failure} />
        </form>
      </ModalDialog>
      {form.prompt}
    </>
  );
}
