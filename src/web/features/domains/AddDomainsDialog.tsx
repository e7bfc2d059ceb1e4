import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.ts';
import { FormFooter } from '../../components/form/index.ts';
import { ModalDialog } from '../../components/ModalDialog.tsx';
import { useUnsavedChanges } from '../../components/unsaved/use-unsaved-changes.tsx';
import { useCustomerScope, useSelectedCustomers, useToasts } from '../../shell/index.ts';
import { createDomains, type Domain } from './api.ts';
import { looksLikeDomain, namesOf } from './domain-names.ts';

export interface AddDomainsDialogProps {
  onClose(): void;
  onAdded(domains: Domain[]): void;
}

/**
 * Add one domain or many (one a line) for a customer (spec 2, sections 2 and 5): 'Please select
 * a customer' and 'Please provide a valid domain name.' show after the first attempt.
 */
export function AddDomainsDialog({ onClose, onAdded }: AddDomainsDialogProps) {
  const { t } = useTranslation('domains');
  const { t: common } = useTranslation();
  const { notify } = useToasts();
  const { filteredCustomers } = useCustomerScope();
  const { selected } = useSelectedCustomers();
  const [customerId, setCustomerId] = useState(selected.length === 1 ? selected[0]! : '');
  const [text, setText] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const uid = useId();
  // The customer comes preselected; what was typed is what would be lost.
  const unsaved = useUnsavedChanges(text.trim() !== '' && !busy);
  const close = () => unsaved.guard(onClose);
  const names = namesOf(text);
  const invalid = names.filter((n) => !looksLikeDomain(n));
  const customerError = attempted && !customerId ? t('form.selectCustomer') : null;
  const namesError =
    attempted && (names.length === 0 || invalid.length > 0)
      ? `${t('form.invalidDomain')}${invalid.length ? ` ${invalid.join(', ')}` : ''}`
      : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (!customerId || names.length === 0 || invalid.length > 0 || busy) return;
    setBusy(true);
    setServerError(null);
    try {
      const added = await createDomains(customerId, names);
      notify({
        severity: 'success',
        title: t('form.added', { count: added.length }),
        message: added.map((d) => d.domain).join(', '),
      });
      onAdded(added);
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.status === 400) setServerError(error.message);
      else notify({ severity: 'danger', title: t('errors.add'), message: common('tryAgainLater') });
    }
  }

  const formId = `${uid}-add-domains`;
  return (
    <>
      <ModalDialog
        title={t('form.title')}
        onClose={close}
        footer={<FormFooter form={formId} submitLabel={t('form.submit')} disabled={busy} onCancel={close} />}
      >
        <form id={formId} className="form" onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor={`${uid}-customer`} className="field__label">
              {t('form.customer')}
            </label>
            <select
              id={`${uid}-customer`}
              className="select"
              value={customerId}
              aria-invalid={customerError ? true : undefined}
              aria-describedby={customerError ? `${uid}-customer-error` : undefined}
              onChange={(e) => setCustomerId(e.target.value)}
            >
              <option value="">{t('form.chooseCustomer')}</option>
              {filteredCustomers.map((c) => (
                <option key={c.customer_id} value={c.customer_id}>
                  {c.name}
                </option>
              ))}
            </select>
            {customerError && (
              <span id={`${uid}-customer-error`} className="field__error">
                {customerError}
              </span>
            )}
          </div>
          <div className="field">
            <label htmlFor={`${uid}-names`} className="field__label">
              {t('form.names')}
            </label>
            <textarea
              id={`${uid}-names`}
              className="textarea"
              rows={6}
              value={text}
              aria-invalid={namesError ? true : undefined}
              aria-describedby={`${uid}-names-hint${namesError ? ` ${uid}-names-error` : ''}`}
              onChange={(e) => setText(e.target.value)}
            />
            <span id={`${uid}-names-hint`} className="field__hint">
              {t('form.namesHint')}
            </span>
            {namesError && (
              <span id={`${uid}-names-error`} className="field__error">
                {namesError}
              </span>
            )}
          </div>
          {serverError && (
            <p className="field__error" role="alert">
              {serverError}
            </p>
          )}
        </form>
      </ModalDialog>
      {unsaved.prompt}
    </>
  );
}
