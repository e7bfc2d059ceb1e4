import type { FormEvent } from 'react';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { MuteDraftErrors } from '../../../../machines/mute-lifecycle/draft.ts';
import {
  type ConditionDraft,
  MUTE_FIELDS,
  type Mute,
  type MuteDraft,
} from '../../../../machines/mute-lifecycle/mute-lifecycle.context.ts';
import { ruleOf } from '../../../api/validate.ts';
import { SelectField, TextAreaField, useFocusFirstInvalid } from '../../components/form/index.ts';
import { useShellData } from '../../shell/index.ts';
import { ConditionRow } from './ConditionRow.tsx';
import { ExpiryField } from './ExpiryField.tsx';

export interface MuteFormProps {
  /** Id of the form's heading, which also names the panel. */
  titleId: string;
  mute: Mute | null;
  draft: MuteDraft;
  errors: MuteDraftErrors;
  /** Show every error (a save was tried), not only those of the expiry. */
  showErrors: boolean;
  saving: boolean;
  now: number;
  onChange(changes: Partial<Omit<MuteDraft, 'conditions'>>): void;
  onChangeCondition(key: number, changes: Partial<Omit<ConditionDraft, 'key'>>): void;
  onAddCondition(): void;
  onRemoveCondition(key: number): void;
  onSave(): void;
  onCancel(): void;
}

/** The contract's limits the form shows: how many conditions, how long a description. */
const MAX_CONDITIONS = ruleOf('MuteCreate', 'conditions').maxItems;
const MAX_DESCRIPTION = ruleOf('MuteCreate', 'description').maxLength;

const hasErrors = ({ rows, ...rest }: MuteDraftErrors) =>
  Object.values(rest).some(Boolean) || Object.keys(rows).length > 0;

/**
 * Writing or editing a mute (spec 2, section 2 "Alert mutes"): condition rows that must all
 * match, a description, the expiry, and for a new mute its customer. A save that cannot be made
 * moves the focus to the first field to fix.
 */
export function MuteForm(props: MuteFormProps) {
  const { mute, draft, errors, showErrors, saving, now } = props;
  const { t } = useTranslation('mutes');
  const { t: common } = useTranslation();
  const { customers } = useShellData();
  const uid = useId();
  const fieldListId = `${uid}-fields`;
  // Before a save is tried only a wrong date is pointed out; a missing one waits for the attempt.
  const shown: MuteDraftErrors = showErrors
    ? errors
    : { rows: {}, expiry: errors.expiry === 'required' ? undefined : errors.expiry };
  const focus = useFocusFirstInvalid<HTMLFormElement>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSave();
    if (hasErrors(errors)) focus.request();
  };
  // Opening the form (n, New mute, Edit conditions) puts the focus in its first field; closing
  // it gives the focus back to where it was, if that is still on the page.
  const formRef = focus.ref;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form opens (the ref is stable)
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    formRef.current?.querySelector<HTMLElement>('select, input, textarea')?.focus();
    return () => {
      const now = document.activeElement;
      if ((!now || now === document.body) && before?.isConnected) before.focus();
    };
  }, []);
  return (
    <form
      ref={formRef}
      className="form mute-form"
      onSubmit={submit}
      noValidate
      aria-labelledby={props.titleId}
    >
      <h2 id={props.titleId}>{mute ? t('form.editTitle') : t('form.newTitle')}</h2>
      {!mute && (
        <SelectField
          id={`${uid}-mute-customer`}
          label={t('form.customer')}
          value={draft.customerId}
          disabled={saving}
          emptyLabel={t('form.chooseCustomer')}
          options={customers.map((c) => ({ value: c.customer_id, label: c.name }))}
          error={shown.customer && t('form.customerRequired')}
          onChange={(customerId) => props.onChange({ customerId })}
        />
      )}
      <fieldset className="field mute-form__conditions">
        <legend className="field__label">{t('form.conditions')}</legend>
        <p className="field__help">{t('details.allMustMatch')}</p>
        <datalist id={fieldListId}>
          {[...MUTE_FIELDS, 'fields.'].map((f) => (
            <option key={f} value={f} />
          ))}
        </datalist>
        {draft.conditions.map((condition, index) => (
          <ConditionRow
            key={condition.key}
            condition={condition}
            index={index}
            errors={shown.rows[condition.key]}
            fieldListId={fieldListId}
            canRemove={draft.conditions.length > 1}
            disabled={saving}
            onChange={(changes) => props.onChangeCondition(condition.key, changes)}
            onRemove={() => props.onRemoveCondition(condition.key)}
          />
        ))}
        {shown.conditions === 'tooMany' && <p className="field__error">{t('form.tooManyConditions')}</p>}
        <button
          type="button"
          className="button button--small"
          onClick={props.onAddCondition}
          disabled={saving || draft.conditions.length >= (MAX_CONDITIONS ?? 1)}
        >
          {t('form.addCondition')}
        </button>
      </fieldset>
      <TextAreaField
        id={`${uid}-mute-description`}
        label={t('form.description')}
        rows={3}
        maxLength={MAX_DESCRIPTION}
        value={draft.description}
        disabled={saving}
        onChange={(description) => props.onChange({ description })}
      />
      <ExpiryField
        expiry={draft.expiry}
        customExpiry={draft.customExpiry}
        mute={mute}
        error={shown.expiry}
        now={now}
        disabled={saving}
        onChange={props.onChange}
      />
      <div className="modal__actions">
        <button type="button" className="button" onClick={props.onCancel} disabled={saving}>
          {common('cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? t('form.saving') : mute ? common('save') : t('form.create')}
        </button>
      </div>
    </form>
  );
}
