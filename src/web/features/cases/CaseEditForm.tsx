import type { FormEvent, KeyboardEvent } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaseDraft } from '../../../../machines/case-editor/case-editor.context.ts';
import { CASE_STATUSES, type DraftErrors } from '../../../../machines/case-editor/draft.ts';
import type { FormState } from '../../../../machines/case-editor/selectors.ts';
import {
  SelectField,
  TextAreaField,
  TextField,
  useFocusFirstInvalid,
  useIssueMessage,
} from '../../components/form/index.ts';
import { ChipsInput } from './ChipsInput.tsx';
import { RiskRangeFields } from './RiskRangeFields.tsx';
import { useStatusLabel } from './use-status-label.ts';

export interface CaseEditFormProps {
  draft: CaseDraft;
  errors: DraftErrors;
  state: FormState;
  dirty: boolean;
  canSave: boolean;
  /** The caller may change the case (the server says so). */
  canEdit: boolean;
  tagSuggestions: readonly string[];
  userSuggestions: readonly string[];
  displayUser(email: string): string;
  onEdit(changes: Partial<CaseDraft>): void;
  onSave(): void;
  onDiscard(): void;
}

/**
 * The case's own fields (spec 2, section 2 "Cases": title, description, tags, assignees, risk
 * range, and its status), on the field kit; the case editor machine holds the draft and checks it
 * by the contract's rules (machines/case-editor/draft.ts). Ctrl/Cmd+S or Ctrl/Cmd+Enter saves from
 * anywhere in the form; a save that cannot be made moves the focus to the first field to fix.
 */
export function CaseEditForm(props: CaseEditFormProps) {
  const { draft, errors, state, dirty, canSave, canEdit, onEdit } = props;
  const { t } = useTranslation('cases');
  const { t: common } = useTranslation();
  const statusLabel = useStatusLabel();
  const message = useIssueMessage();
  const focus = useFocusFirstInvalid<HTMLFormElement>();
  const locked = !canEdit || state === 'saving';
  const uid = useId();

  const save = () => {
    if (canSave) props.onSave();
    else if (dirty) focus.request();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const saveKey = (event.ctrlKey || event.metaKey) && (event.key === 's' || event.key === 'Enter');
    if (!saveKey) return;
    event.preventDefault();
    save();
  };
  // The spec's words for a missing title; the contract's limits speak for themselves.
  const titleError =
    errors.title?.key === 'required' ? t('form.titleRequired') : errors.title && message(errors.title);
  const statuses = CASE_STATUSES.includes(draft.status as never)
    ? CASE_STATUSES
    : [draft.status, ...CASE_STATUSES];

  return (
    <form
      ref={focus.ref}
      className="form case-form"
      onSubmit={submit}
      onKeyDown={onKeyDown}
      noValidate
      aria-label={t('detail.editLabel')}
    >
      <TextField
        id={`${uid}-case-title`}
        label={t('form.title')}
        className="input input--wide"
        value={draft.title}
        disabled={locked}
        error={titleError}
        onChange={(title) => onEdit({ title })}
      />
      <TextAreaField
        id={`${uid}-case-description`}
        label={t('form.description')}
        rows={6}
        value={draft.description}
        disabled={locked}
        error={errors.description && message(errors.description)}
        onChange={(description) => onEdit({ description })}
      />
      <SelectField
        id={`${uid}-case-status`}
        label={t('form.status')}
        value={draft.status}
        disabled={locked}
        options={statuses.map((status) => ({ value: status, label: statusLabel(status) }))}
        onChange={(status) => onEdit({ status })}
      />
      <ChipsInput
        id={`${uid}-case-tags`}
        label={t('form.tags')}
        values={draft.tags}
        suggestions={props.tagSuggestions}
        placeholder={t('form.tagsPlaceholder')}
        disabled={locked}
        error={errors.tags && message(errors.tags)}
        onChange={(tags) => onEdit({ tags })}
      />
      <ChipsInput
        id={`${uid}-case-assignees`}
        label={t('form.assignedUsers')}
        values={draft.assignedUsers}
        suggestions={props.userSuggestions}
        display={props.displayUser}
        placeholder={t('form.assignedUsersPlaceholder')}
        disabled={locked}
        error={errors.assignedUsers && message(errors.assignedUsers)}
        onChange={(assignedUsers) => onEdit({ assignedUsers })}
      />
      <RiskRangeFields
        legend={t('form.riskRange')}
        min={draft.riskMin}
        max={draft.riskMax}
        disabled={locked}
        errors={{ min: errors.riskMin, max: errors.riskMax }}
        onChange={({ min, max }) => onEdit({ riskMin: min, riskMax: max })}
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
          <button
            type="button"
            className="button"
            onClick={props.onDiscard}
            disabled={!dirty || state === 'saving'}
          >
            {t('detail.discard')}
          </button>
          <button type="submit" className="button button--primary" disabled={!canSave}>
            {common('save')}
          </button>
        </div>
      )}
    </form>
  );
}
