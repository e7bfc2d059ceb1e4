import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure, SelectField, TextAreaField, TextField, useForm } from '../../components/form/index.ts';
import { ModalDialog } from '../../components/ModalDialog.tsx';
import { useSelectedCustomers, useToasts } from '../../shell/index.ts';
import { type CaseRecord, createCase } from './api.ts';
import { ChipsInput } from './ChipsInput.tsx';
import {
  CREATE_CASE_FIELDS,
  type CreateCaseForm,
  createCaseBody,
  createCaseContractValues,
  createCaseRangeErrors,
  emptyCreateForm,
} from './create-case-form.ts';
import { RiskRangeFields } from './RiskRangeFields.tsx';
import { usePeople } from './use-people.ts';
import './shared.css';

export interface CreateCaseDialogProps {
  onClose(): void;
  onCreated(record: CaseRecord): void;
  tagSuggestions: readonly string[];
}

/**
 * New case (spec 2, section 2 "Cases"): customer, title, description, tags, assignees and risk
 * range, checked by the contract's CaseCreate rules. The customer is preselected when the shell's
 * filter names exactly one, or only one exists. Errors show after the first attempt and follow
 * the typing from then on; closing with something typed asks first.
 */
export function CreateCaseDialog({ onClose, onCreated, tagSuggestions }: CreateCaseDialogProps) {
  const { t } = useTranslation('cases');
  const { t: common } = useTranslation();
  const { notify } = useToasts();
  const { selected } = useSelectedCustomers();
  const { customers, assignable, displayUser } = usePeople();
  const initialCustomer =
    selected.length === 1 ? selected[0]! : customers.length === 1 ? customers[0]!.customer_id : '';
  const uid = useId();
  const form = useForm<CreateCaseForm>({
    initial: () => emptyCreateForm(initialCustomer),
    schema: 'CaseCreate',
    toContract: createCaseContractValues,
    fieldOf: CREATE_CASE_FIELDS,
    // The spec's words for these two (spec 2, section 5), and the range's order.
    check: (values) => {
      const range = createCaseRangeErrors(values);
      return {
        ...(values.customerId ? {} : { customerId: t('form.customerRequired') }),
        ...(values.title.trim() ? {} : { title: t('form.titleRequired') }),
        ...(range.max === 'minAboveMax' ? { riskMax: t('risk.minAboveMax') } : {}),
      };
    },
    submit: async (values) => {
      const record = await createCase(createCaseBody(values));
      notify({ severity: 'success', title: t('create.created', { id: record.id }), message: record.title });
      onCreated(record);
    },
    // Spec 2, section 8: 'Unable to create case' + 'Please try again later.'
    onError: () =>
      notify({ severity: 'danger', title: t('errors.create'), message: common('tryAgainLater') }),
  });
  const { values, set, errors } = form;

  return (
    <>
      <ModalDialog title={t('create.title')} onClose={() => form.requestClose(onClose)} wide>
        <form className="form case-form" {...form.formProps}>
          <SelectField
            id={`${uid}-create-case-customer`}
            label={t('form.customer')}
            value={values.customerId}
            emptyLabel={t('form.chooseCustomer')}
            options={customers.map((c) => ({ value: c.customer_id, label: c.name }))}
            error={errors.customerId}
            autoFocusField={!initialCustomer}
            onChange={(customerId) => set({ customerId, assignedUsers: [] })}
          />
          <TextField
            id={`${uid}-create-case-title`}
            label={t('form.title')}
            className="input input--wide"
            value={values.title}
            error={errors.title}
            data-autofocus={initialCustomer ? true : undefined}
            onChange={(title) => set({ title })}
          />
          <TextAreaField
            id={`${uid}-create-case-description`}
            label={t('form.description')}
            rows={4}
            value={values.description}
            error={errors.description}
            onChange={(description) => set({ description })}
          />
          <ChipsInput
            id={`${uid}-create-case-tags`}
            label={t('form.tags')}
            values={values.tags}
            suggestions={tagSuggestions}
            placeholder={t('form.tagsPlaceholder')}
            error={errors.tags}
            onChange={(tags) => set({ tags })}
          />
          <ChipsInput
            id={`${uid}-create-case-assignees`}
            label={t('form.assignedUsers')}
            values={values.assignedUsers}
            suggestions={assignable(values.customerId || null)}
            display={displayUser}
            placeholder={t('form.assignedUsersPlaceholder')}
            error={errors.assignedUsers}
            onChange={(assignedUsers) => set({ assignedUsers })}
          />
          <RiskRangeFields
            legend={t('form.riskRange')}
            min={values.riskMin}
            max={values.riskMax}
            errors={createCaseRangeErrors(values)}
            onChange={({ min, max }) => set({ riskMin: min, riskMax: max })}
          />
          <FormFailure failure={form.failure} />
          <div className="modal__actions">
            <button type="button" className="button" onClick={() => form.requestClose(onClose)}>
              {common('cancel')}
            </button>
            <button type="submit" className="button button--primary" disabled={form.busy}>
              {form.busy ? t('create.creating') : t('create.submit')}
            </button>
          </div>
        </form>
      </ModalDialog>
      {form.prompt}
    </>
  );
}
