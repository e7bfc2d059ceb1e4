import { type KeyboardEvent, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ConditionDraft,
  MUTE_FIELDS,
  type Mute,
  type MuteDraft,
} from '../../../../machines/mute-lifecycle/mute-lifecycle.context.ts';
import { ruleOf } from '../../../api/validate.ts';
import { SelectField, TextAreaField, useForm } from '../../components/form/index.ts';
import type { HeldLeave } from '../../components/unsaved/use-unsaved-changes.tsx';
import { useShellData } from '../../shell/index.ts';
import { ConditionRow } from './ConditionRow.tsx';
import { ExpiryField } from './ExpiryField.tsx';
import { conditionPath, useMuteChecks } from './use-mute-checks.ts';

export interface MuteFormProps {
  /** Id of the form's heading, which also names the panel. */
  titleId: string;
  mute: Mute | null;
  draft: MuteDraft;
  saving: boolean;
  /** Unsaved changes, as the mute lifecycle machine counts them. */
  dirty: boolean;
  /** The mute lifecycle machine's leave question (its `ConfirmLeave` state). */
  leave: HeldLeave;
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

/**
 * Writing or editing a mute (spec 2, section 2 "Alert mutes"): condition rows that must all
 * match, a description, the expiry, and for a new mute its customer. The mute lifecycle machine
 * holds the draft and saves it; the field kit checks it by the machine's rules. Before a save is
 * tried only a wrong date is pointed out; a save that cannot be made moves the focus to the first
 * field to fix. Cancel and Esc close the form, and leaving the page leaves it: with unsaved
 * changes the machine asks first (spec 2, section 4).
 */
export function MuteForm(props: MuteFormProps) {
  const { mute, draft, saving, now } = props;
  const { t } = useTranslation('mutes');
  const { t: common } = useTranslation();
  const { customers } = useShellData();
  const uid = useId();
  const fieldListId = `${uid}-fields`;
  const { check, checkAsTyped } = useMuteChecks(mute === null, now);
  const form = useForm<MuteDraft>({
    held: {
      values: draft,
      // Conditions change row by row, through the machine's own row events.
      onChange: ({ conditions: _rows, ...changes }) => props.onChange(changes),
      dirty: props.dirty,
      saving,
      leave: props.leave,
    },
    check,
    checkAsTyped,
    submit: async () => props.onSave(),
    unsavedMessage: t('form.unsavedMessage'),
  });
  const { errors } = form;
  // Opening the form (n, New mute, Edit conditions) puts the focus in its first field; closing
  // it gives the focus back to where it was, if that is still on the page.
  const formRef = form.formProps.ref;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form opens (the ref is stable)
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    formRef.current?.querySelector<HTMLElement>('select, input, textarea')?.focus();
    return () => {
      const now = document.activeElement;
      if ((!now || now === document.body) && before?.isConnected) before.focus();
    };
  }, []);
  // Esc closes the form as Cancel does (the machine asks first when something is unsaved); a
  // key handled here does not reach the list behind the form.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented || saving) return;
    event.preventDefault();
    props.onCancel();
  };
  return (
    <>
      <form
        {...form.formProps}
        className="form mute-form"
        aria-labelledby={props.titleId}
        onKeyDown={onKeyDown}
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
            error={errors.customerId}
            onChange={(customerId) => form.set({ customerId })}
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
              errors={{
                field: errors[conditionPath(condition.key, 'field')],
                value: errors[conditionPath(condition.key, 'value')],
              }}
              fieldListId={fieldListId}
              canRemove={draft.conditions.length > 1}
              disabled={saving}
              onChange={(changes) => props.onChangeCondition(condition.key, changes)}
              onRemove={() => props.onRemoveCondition(condition.key)}
            />
          ))}
          {errors.conditions && <p className="field__error">{errors.conditions}</p>}
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
          error={errors.description}
          onChange={(description) => form.set({ description })}
        />
        <ExpiryField
          expiry={draft.expiry}
          customExpiry={draft.customExpiry}
          mute={mute}
          error={errors.customExpiry}
          now={now}
          disabled={saving}
          onChange={form.set}
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
      {form.prompt}
    </>
  );
}
