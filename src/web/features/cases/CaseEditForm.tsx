import type { KeyboardEvent } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaseDraft } from '../../../../machines/case-editor/case-editor.context.ts';
import { CASE_STATUSES, draftErrors, riskRangeErrors } from '../../../../machines/case-editor/draft.ts';
import type { FormState } from '../../../../machines/case-editor/selectors.ts';
import {
  SelectField,
  TextAreaField,
  TextField,
  useForm,
  useIssueMessage,
} from '../../components/form/index.ts';
import type { HeldLeave } from '../../components/unsaved/use-unsaved-changes.tsx';
import { ChipsInput } from './ChipsInput.tsx';
import { RiskRangeFields } from './RiskRangeFields.tsx';
import { useStatusLabel } from './use-status-label.ts';

export interface CaseEditFormProps {
  draft: CaseDraft;
  state: FormState;
  dirty: boolean;
  /** The caller may change the case (the server says so). */
  canEdit: boolean;
  /** The case editor machine's leave question (its `Leave` region). */
  leave: HeldLeave;
  tagSuggestions: readonly string[];
  userSuggestions: readonly string[];
  displayUser(email: string): string;
  onEdit(changes: Partial<CaseDraft>): void;
  onSave(): void;
  onDiscard(): void;
}

/**
 * The case's own fields (spec 2, section 2 "Cases": title, description, tags, assignees, risk
 * range, and its status), on the field kit. The case editor machine holds the draft and saves it;
 * the form checks it by the machine's rules (the contract's, machines/case-editor/draft.ts), so
 * the form and the machine agree on what can be saved. Errors show after the first attempt, the
 * risk range's at once; Ctrl/Cmd+S or Ctrl/Cmd+Enter saves from anywhere in the form, and a save
 * that cannot be made moves the focus to the first field to fix.
 */
export function CaseEditForm(props: CaseEditFormProps) {
  const { draft, state, dirty, canEdit, onEdit } = props;
  const { t } = useTranslation('cases');
  const { t: common } = useTranslation();
  const statusLabel = useStatusLabel();
  const message = useIssueMessage();
  const uid = useId();
  const form = useForm<CaseDraft>({
    held: { values: draft, onChange: onEdit, dirty, saving: state === 'saving', leave: props.leave },
    check: (values) => {
      const errors = draftErrors(values);
      return {
        // The spec's words for a missing title; the contract's limits speak for themselves.
        title:
          errors.title?.key === 'required' ? t('form.titleRequired') : errors.title && message(errors.title),
        description: errors.description && message(errors.description),
        tags: errors.tags && message(errors.tags),
        assignedUsers: errors.assignedUsers && message(errors.assignedUsers),
        riskMin: errors.riskMin && t(`risk.${errors.riskMin}`),
        riskMax: errors.riskMax && t(`risk.${errors.riskMax}`),
      };
    },
    submit: async () => props.onSave(),
    unsavedMessage: t('leave.message'),
  });
  const { errors } = form;
  const locked = !canEdit || form.busy;

  const onKeyDown = (event: KeyboardEvent) => {
    const saveKey = (event.ctrlKey || event.metaKey) && (event.key === 's' || event.key === 'Enter');
    if (!saveKey) return;
    event.preventDefault();
    if (dirty) form.submit();
  };
  const statuses = CASE_STATUSES.includes(draft.status as never)
    ? CASE_STATUSES
    : [draft.status, ...CASE_STATUSES];

  return (
    <>
      <form
        {...form.formProps}
        className="form case-form"
        onKeyDown={onKeyDown}
        aria-label={t('detail.editLabel')}
      >
        <TextField
          id={`${uid}-case-title`}
          label={t('form.title')}
          className="input input--wide"
          value={draft.title}
          disabled={locked}
          error={errors.title}
          onChange={(title) => form.set({ title })}
        />
        <TextAreaField
          id={`${uid}-case-description`}
          label={t('form.description')}
          rows={6}
          value={draft.description}
          disabled={locked}
          error={errors.description}
          onChange={(description) => form.set({ description })}
        />
        <SelectField
          id={`${uid}-case-status`}
          label={t('form.status')}
          value={draft.status}
          disabled={locked}
          options={statuses.map((status) => ({ value: status, label: statusLabel(status) }))}
          onChange={(status) => form.set({ status })}
        />
        <ChipsInput
          id={`${uid}-case-tags`}
          label={t('form.tags')}
          values={draft.tags}
          suggestions={props.tagSuggestions}
          placeholder={t('form.tagsPlaceholder')}
          disabled={locked}
          error={errors.tags}
          onChange={(tags) => form.set({ tags })}
        />
        <ChipsInput
          id={`${uid}-case-assignees`}
          label={t('form.assignedUsers')}
          values={draft.assignedUsers}
          suggestions={props.userSuggestions}
          display={props.displayUser}
          placeholder={t('form.assignedUsersPlaceholder')}
          disabled={locked}
          error={errors.assignedUsers}
          onChange={(assignedUsers) => form.set({ assignedUsers })}
        />
        <RiskRangeFields
          legend={t('form.riskRange')}
          min={draft.riskMin}
          max={draft.riskMax}
          disabled={locked}
          errors={riskRangeErrors(draft.riskMin, draft.riskMax)}
          onChange={({ min, max }) => form.set({ riskMin: min, riskMax: max })}
        />
        {canEdit && (
          <div className="case-form__actions">
            <span className="case-form__state" role="status">
              {state === 'saving'
                ? t('detail.saving')
                : dirty
                  ? t('detail.unsaved')
                  : state === 'saved'
                    ? t('detail.saved')
                    : ''}
            </span>
            <button type="button" className="button" onClick={props.onDiscard} disabled={!dirty || form.busy}>
              {t('detail.discard')}
            </button>
            <button type="submit" className="button button--primary" disabled={!dirty || form.busy}>
              {common('save')}
            </button>
          </div>
        )}
      </form>
      {form.prompt}
    </>
  );
}
