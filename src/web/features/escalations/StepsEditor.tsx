import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../components/form/index.ts';
import {
  type ContactDraft,
  METHODS,
  moved,
  newContact,
  newStep,
  type StepDraft,
  WHENS,
} from './plan-draft.ts';

interface Props {
  id: string;
  steps: StepDraft[];
  errors: Record<string, string>;
  readOnly: boolean;
  onChange(steps: StepDraft[]): void;
}

/**
 * The plan's steps in order, each with its contacts. Every action is a button in the tab order:
 * add, move up or down, remove, for steps and for contacts alike.
 */
export function StepsEditor({ id, steps, errors, readOnly, onChange }: Props) {
  const { t } = useTranslation('escalations');
  const setStep = (index: number, step: StepDraft) => onChange(steps.map((s, i) => (i === index ? step : s)));
  return (
    <section className="card escalation-steps" aria-labelledby={`${id}-steps`}>
      <h2 id={`${id}-steps`}>{t('editor.steps')}</h2>
      {errors.steps && (
        <p role="alert" className="field__error">
          {errors.steps}
        </p>
      )}
      <ol className="escalation-steps__list">
        {steps.map((step, index) => (
          <li key={step.key} className="escalation-step">
            <fieldset>
              <legend>{t('editor.stepLegend', { number: index + 1 })}</legend>
              <div className="escalation-row">
                <TextField
                  id={`${id}-step-${step.key}-name`}
                  label={t('editor.stepName')}
                  value={step.name}
                  required
                  readOnly={readOnly}
                  error={errors[`steps[${index}].name`]}
                  onChange={(name) => setStep(index, { ...step, name })}
                />
                <TextField
                  id={`${id}-step-${step.key}-wait`}
                  label={t('editor.wait')}
                  hint={t('editor.waitHint')}
                  type="number"
                  min={1}
                  max={1440}
                  inputMode="numeric"
                  value={step.wait}
                  readOnly={readOnly}
                  error={errors[`steps[${index}].wait_minutes`]}
                  onChange={(wait) => setStep(index, { ...step, wait })}
                />
                <SelectField
                  id={`${id}-step-${step.key}-when`}
                  label={t('editor.when')}
                  value={step.when}
                  disabled={readOnly}
                  options={WHENS.map((w) => ({ value: w, label: t(`when.${w}`) }))}
                  onChange={(when) => setStep(index, { ...step, when: when as StepDraft['when'] })}
                />
              </div>
              {errors[`steps[${index}].contacts`] && (
                <p role="alert" className="field__error">
                  {errors[`steps[${index}].contacts`]}
                </p>
              )}
              <ul className="escalation-contacts">
                {step.contacts.map((contact, c) => (
                  <ContactRow
                    key={contact.key}
                    id={`${id}-contact-${contact.key}`}
                    at={`steps[${index}].contacts[${c}]`}
                    label={t('editor.contactLegend', { step: index + 1, number: c + 1 })}
                    contact={contact}
                    errors={errors}
                    readOnly={readOnly}
                    first={c === 0}
                    last={c === step.contacts.length - 1}
                    onChange={(next) =>
                      setStep(index, { ...step, contacts: step.contacts.map((x, i) => (i === c ? next : x)) })
                    }
                    onMove={(by) => setStep(index, { ...step, contacts: moved(step.contacts, c, by) })}
                    onRemove={() =>
                      setStep(index, { ...step, contacts: step.contacts.filter((_, i) => i !== c) })
                    }
                  />
                ))}
              </ul>
              {!readOnly && (
                <div className="escalation-actions">
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() => setStep(index, { ...step, contacts: [...step.contacts, newContact()] })}
                  >
                    {t('editor.addContact', { number: index + 1 })}
                  </button>
                  <button
                    type="button"
                    className="button button--small"
                    disabled={index === 0}
                    onClick={() => onChange(moved(steps, index, -1))}
                  >
                    {t('editor.stepUp', { number: index + 1 })}
                  </button>
                  <button
                    type="button"
                    className="button button--small"
                    disabled={index === steps.length - 1}
                    onClick={() => onChange(moved(steps, index, 1))}
                  >
                    {t('editor.stepDown', { number: index + 1 })}
                  </button>
                  <button
                    type="button"
                    className="button button--small button--danger"
                    onClick={() => onChange(steps.filter((_, i) => i !== index))}
                  >
                    {t('editor.removeStep', { number: index + 1 })}
                  </button>
                </div>
              )}
            </fieldset>
          </li>
        ))}
      </ol>
      {!readOnly && (
        <button type="button" className="button" onClick={() => onChange([...steps, newStep()])}>
          {t('editor.addStep')}
        </button>
      )}
    </section>
  );
}

interface ContactProps {
  id: string;
  at: string;
  label: string;
  contact: ContactDraft;
  errors: Record<string, string>;
  readOnly: boolean;
  first: boolean;
  last: boolean;
  onChange(contact: ContactDraft): void;
  onMove(by: number): void;
  onRemove(): void;
}

function ContactRow({
  id,
  at,
  label,
  contact,
  errors,
  readOnly,
  first,
  last,
  onChange,
  onMove,
  onRemove,
}: ContactProps) {
  const { t } = useTranslation('escalations');
  return (
    <li className="escalation-contact" aria-label={label}>
      <div className="escalation-row">
        <TextField
          id={`${id}-name`}
          label={t('editor.contactName')}
          value={contact.name}
          required
          readOnly={readOnly}
          error={errors[`${at}.name`]}
          onChange={(name) => onChange({ ...contact, name })}
        />
        <SelectField
          id={`${id}-method`}
          label={t('editor.method')}
          value={contact.method}
          disabled={readOnly}
          error={errors[`${at}.method`]}
          options={METHODS.map((m) => ({ value: m, label: t(`method.${m}`) }))}
          onChange={(method) => onChange({ ...contact, method: method as ContactDraft['method'] })}
        />
        <TextField
          id={`${id}-email`}
          label={t('editor.email')}
          type="email"
          value={contact.email}
          required={contact.method === 'email'}
          readOnly={readOnly}
          error={errors[`${at}.email`]}
          onChange={(email) => onChange({ ...contact, email })}
        />
        <TextField
          id={`${id}-phone`}
          label={t('editor.phone')}
          hint={t('editor.phoneHint')}
          type="tel"
          value={contact.phone}
          required={contact.method !== 'email'}
          readOnly={readOnly}
          error={errors[`${at}.phone`]}
          onChange={(phone) => onChange({ ...contact, phone })}
        />
      </div>
      {!readOnly && (
        <div className="escalation-actions">
          <button type="button" className="button button--small" disabled={first} onClick={() => onMove(-1)}>
            {t('editor.contactUp', { label })}
          </button>
          <button type="button" className="button button--small" disabled={last} onClick={() => onMove(1)}>
            {t('editor.contactDown', { label })}
          </button>
          <button type="button" className="button button--small button--danger" onClick={onRemove}>
            {t('editor.removeContact', { label })}
          </button>
        </div>
      )}
    </li>
  );
}
