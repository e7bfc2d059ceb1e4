import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { riskRangeErrors } from '../../../../machines/case-editor/draft.ts';
import { ApiError } from '../../api/errors.ts';
import { ModalDialog } from '../../components/ModalDialog.tsx';
import { useSelectedCustomers, useToasts } from '../../shell/index.ts';
import { type CaseRecord, createCase } from './api.ts';
import { ChipsInput } from './ChipsInput.tsx';
import {
  type CreateCaseForm,
  createCaseBody,
  createCaseErrors,
  emptyCreateForm,
  hasErrors,
} from './create-case-form.ts';
import { RiskRangeFields } from './RiskRangeFields.tsx';
import { usePeople } from './use-people.ts';

export interface CreateCaseDialogProps {
  onClose(): void;
  onCreated(record: CaseRecord): void;
  tagSuggestions: readonly string[];
}

/**
 * New case (spec 2, section 2 "Cases"): customer, title, description, tags, assignees and risk
 * range. The customer is preselected when the shell's filter names exactly one, or only one exists.
 * Errors show after the first attempt and follow the typing from then on.
 */
export function CreateCaseDialog({ onClose, onCreated, tagSuggestions }: CreateCaseDialogProps) {
  const { t } = useTranslation('cases');
  const { t: common } = useTranslation();
  const { notify } = useToasts();
  const { selected } = useSelectedCustomers();
  const { customers, assignable, displayUser } = usePeople();
  const initialCustomer =
    selected.length === 1 ? selected[0]! : customers.length === 1 ? customers[0]!.customer_id : '';
  const [form, setForm] = useState<CreateCaseForm>(() => emptyCreateForm(initialCustomer));
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const uid = useId();
  const errors = attempted ? createCaseErrors(form) : {};
  const set = (changes: Partial<CreateCaseForm>) => setForm((f) => ({ ...f, ...changes }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (hasErrors(createCaseErrors(form)) || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const record = await createCase(createCaseBody(form));
      notify({ severity: 'success', title: t('create.created', { id: record.id }), message: record.title });
      onCreated(record);
    } catch (error) {
      // Spec 2, section 8: 'Unable to create case' + 'Please try again later.'
      notify({ severity: 'danger', title: t('errors.create'), message: common('tryAgainLater') });
      setFailure(error instanceof ApiError && error.status === 400 ? error.message : null);
      setBusy(false);
    }
  }

  const titleError =
    errors.title === 'required' ? t('form.titleRequired') : errors.title ? t('form.titleTooLong') : null;
  return (
    <ModalDialog title={t('create.title')} onClose={onClose} wide>
      <form className="form case-form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${uid}-create-case-customer`} className="field__label">
            {t('form.customer')}
          </label>
          <select
            id={`${uid}-create-case-customer`}
            className="select"
            value={form.customerId}
            aria-invalid={errors.customer ? true : undefined}
            aria-describedby={errors.customer ? `${uid}-create-case-customer-error` : undefined}
            onChange={(event) => set({ customerId: event.target.value, assignedUsers: [] })}
            data-autofocus={initialCustomer ? undefined : true}
          >
            <option value="">{t('form.chooseCustomer')}</option>
            {customers.map((c) => (
              <option key={c.customer_id} value={c.customer_id}>
                {c.name}
              </option>
            ))}
          </select>
          {errors.customer && (
            <p id={`${uid}-create-case-customer-error`} className="field__error" role="alert">
              {t('form.customerRequired')}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${uid}-create-case-title`} className="field__label">
            {t('form.title')}
          </label>
          <input
            id={`${uid}-create-case-title`}
            className={`input input--wide${titleError ? ' is-invalid' : ''}`}
            value={form.title}
            maxLength={200}
            aria-invalid={titleError ? true : undefined}
            aria-describedby={titleError ? `${uid}-create-case-title-error` : undefined}
            onChange={(event) => set({ title: event.target.value })}
            data-autofocus={initialCustomer ? true : undefined}
          />
          {titleError && (
            <p id={`${uid}-create-case-title-error`} className="field__error" role="alert">
              {titleError}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${uid}-create-case-description`} className="field__label">
            {t('form.description')}
          </label>
          <textarea
            id={`${uid}-create-case-description`}
            className="textarea"
            rows={4}
            value={form.description}
            onChange={(event) => set({ description: event.target.value })}
          />
        </div>
        <ChipsInput
          id={`${uid}-create-case-tags`}
          label={t('form.tags')}
          values={form.tags}
          suggestions={tagSuggestions}
          placeholder={t('form.tagsPlaceholder')}
          onChange={(tags) => set({ tags })}
        />
        <ChipsInput
          id={`${uid}-create-case-assignees`}
          label={t('form.assignedUsers')}
          values={form.assignedUsers}
          suggestions={assignable(form.customerId || null)}
          display={displayUser}
          placeholder={t('form.assignedUsersPlaceholder')}
          onChange={(assignedUsers) => set({ assignedUsers })}
        />
        <RiskRangeFields
          legend={t('form.riskRange')}
          min={form.riskMin}
          max={form.riskMax}
          errors={riskRangeErrors(form.riskMin, form.riskMax)}
          onChange={({ min, max }) => set({ riskMin: min, riskMax: max })}
        />
        {failure && (
          <p className="notice notice--danger" role="alert">
            {failure}
          </p>
        )}
        <div className="modal__actions">
          <button type="button" className="button" onClick={onClose}>
            {common('cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? t('create.creating') : t('create.submit')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
