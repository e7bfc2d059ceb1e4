import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.ts';
import { TextField } from '../../components/form/index.ts';
import { ModalDialog } from '../../components/ModalDialog.tsx';
import { changedFrom, useUnsavedChanges } from '../../components/unsaved/use-unsaved-changes.tsx';
import { useToasts } from '../../shell/index.ts';
import { type Customer, createCustomer, updateCustomer } from './api.ts';

const TEXT = [
  'name',
  'email',
  'phone',
  'address',
  'city',
  'state',
  'zip',
  'country',
  'country_iso',
  'url',
] as const;
const FLAGS = ['mdr', 'compliance_sku', 'global_software_package'] as const;
type TextKey = (typeof TEXT)[number];
type Flag = (typeof FLAGS)[number];

/**
 * New or edit customer. The server validates with the spec's messages (spec 2, section 5); a
 * refused field shows its message under the field and keeps what was typed.
 */
export function CustomerForm({
  customer,
  onClose,
  onSaved,
}: {
  customer: Customer | null;
  onClose(): void;
  onSaved(customer: Customer): void;
}) {
  const { t } = useTranslation('customers');
  const { t: common } = useTranslation();
  const { notify } = useToasts();
  const uid = useId();
  const [text, setText] = useState<Record<TextKey, string>>(
    () => Object.fromEntries(TEXT.map((f) => [f, customer?.[f] ?? ''])) as Record<TextKey, string>,
  );
  const [flags, setFlags] = useState<Record<Flag, boolean>>({
    mdr: customer?.mdr ?? false,
    compliance_sku: customer?.compliance_sku ?? false,
    global_software_package: customer?.global_software_package ?? true,
  });
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [busy, setBusy] = useState(false);
  const [opened] = useState(() => ({ text, flags }));
  const unsaved = useUnsavedChanges(changedFrom({ text, flags }, opened) && !busy);
  const close = () => unsaved.guard(onClose);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (text.name.trim() === '') {
      setErrors({ name: t('form.required') });
      return;
    }
    setBusy(true);
    const body = { ...text, ...flags };
    try {
      const saved = customer ? await updateCustomer(customer.customer_id, body) : await createCustomer(body);
      notify({
        severity: 'success',
        title: customer ? t('form.saved') : t('form.created'),
        message: saved.name,
      });
      onSaved(saved);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : [];
      setErrors(Object.fromEntries(fields.map((f) => [f.field.replace(/^body\./, ''), f.reason])));
      if (fields.length === 0) {
        notify({
          severity: 'danger',
          title: customer ? t('errors.patch') : t('errors.create'),
          message: common('tryAgainLater'),
        });
      }
      setBusy(false);
    }
  };

  return (
    <>
      <ModalDialog
        title={customer ? t('form.editTitle', { name: customer.name }) : t('form.newTitle')}
        onClose={close}
        wide
        footer={
          <>
            <button type="button" className="button" onClick={close}>
              {t('form.cancel')}
            </button>
            <button type="submit" form={`${uid}-form`} className="button button--primary" disabled={busy}>
              {customer ? t('form.save') : t('form.create')}
            </button>
          </>
        }
      >
        <form id={`${uid}-form`} className="form form--two-columns" onSubmit={submit} noValidate>
          {TEXT.map((field) => (
            <TextField
              key={field}
              id={`${uid}-${field}`}
              label={t(`fields.${field}`)}
              type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
              value={text[field]}
              required={field === 'name'}
              error={errors[field]}
              onChange={(value) => setText((v) => ({ ...v, [field]: value }))}
            />
          ))}
          {FLAGS.map((flag) => (
            <label className="checkbox-field" key={flag}>
              <input
                type="checkbox"
                checked={flags[flag]}
                onChange={(event) => setFlags((v) => ({ ...v, [flag]: event.target.checked }))}
              />
              {t(`fields.${flag}`)}
            </label>
          ))}
        </form>
      </ModalDialog>
      {unsaved.prompt}
    </>
  );
}
