import type { FormEvent, KeyboardEvent } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaseDraft } from '../../../../machines/case-editor/case-editor.context.ts';
import { CASE_STATUSES, type DraftErrors } from '../../../../machines/case-editor/draft.ts';
import type { FormState } from '../../../../machines/case-editor/selectors.ts';
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
 * range, and its status). Ctrl/Cmd+S or Ctrl/Cmd+Enter saves from anywhere in the form.
 */
export function CaseEditForm(props: CaseEditFormProps) {
  const { draft, errors, state, dirty, canSave, canEdit, onEdit } = props;
  const { t } = useTranslation('cases');
  const { t: common } = useTranslation();
  const statusLabel = useStatusLabel();
  const locked = !canEdit || state === 'saving';
  const uid = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSave) props.onSave();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const save = (event.ctrlKey || event.metaKey) && (event.key === 's' || event.key === 'Enter');
    if (!save) return;
    event.preventDefault();
    if (canSave) props.onSave();
  };
  const titleError =
    errors.title === 'required' ? t('form.titleRequired') : errors.title ? t('form.titleTooLong') : null;
  const statuses = CASE_STATUSES.includes(draft.status as never)
    ? CASE_STATUSES
    : [draft.status, ...CASE_STATUSES];

  return (
    <form
      className="form case-form"
      onSubmit={submit}
      onKeyDown={onKeyDown}
      noValidate
      aria-label={t('detail.editLabel')}
    >
      <div className="field">
        <label htmlFor={`${uid}-case-title`} className="field__label">
          {t('form.title')}
        </label>
        <input
          id={`${uid}-case-title`}
          className={`input input--wide${titleError ? ' is-invalid' : ''}`}
          value={draft.title}
          maxLength={200}
          disabled={locked}
          aria-invalid={titleError ? true : undefined}
          aria-describedby={titleError ? `${uid}-case-title-error` : undefined}
          onChange={(event) => onEdit({ title: event.target.value })}
        />
        {titleError && (
          <p id={`${uid}-case-title-error`} className="field__error" role="alert">
            {titleError}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${uid}-case-description`} className="field__label">
          {t('form.description')}
        </label>
        <textarea
          id={`${uid}-case-description`}
          className="textarea"
          rows={6}
          value={draft.description}
          disabled={locked}
          onChange={(event) => onEdit({ description: event.target.value })}
        />
        {errors.description && <p className="field__error">{t('form.descriptionTooLong')}</p>}
      </div>
      <div className="field">
        <label htmlFor={`${uid}-case-status`} className="field__label">
          {t('form.status')}
        </label>
        <select
          id={`${uid}-case-status`}
          className="select"
          value={draft.status}
          disabled={locked}
          onChange={(event) => onEdit({ status: event.target.value })}
        >
          {statuses.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </select>
      </div>
      <ChipsInput
        id={`${uid}-case-tags`}
        label={t('form.tags')}
        values={draft.tags}
        suggestions={props.tagSuggestions}
        placeholder={t('form.tagsPlaceholder')}
        disabled={locked}
        invalid={Boolean(errors.tags)}
        onChange={(tags) => onEdit({ tags })}
      />
      {errors.tags && <p className="field__error">{t('form.tagsInvalid')}</p>}
      <ChipsInput
        id={`${uid}-case-assignees`}
        label={t('form.assignedUsers')}
        values={draft.assignedUsers}
        suggestions={props.userSuggestions}
        display={props.displayUser}
        placeholder={t('form.assignedUsersPlaceholder')}
        disabled={locked}
        invalid={Boolean(errors.assignedUsers)}
        onChange={(assignedUsers) => onEdit({ assignedUsers })}
      />
      {errors.assignedUsers && <p className="field__error">{t('form.assigneesTooMany')}</p>}
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
