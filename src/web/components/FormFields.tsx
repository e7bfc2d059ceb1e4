import type { InputHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A labelled control: the label wraps it, so a click on the label focuses it. */
export function Field({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the child passed in
    <label className="field">
      <span className="field__label">{label}</span>
      {children}
    </label>
  );
}

/** The id of a field's error message, for the control's aria-describedby. */
export const errorIdOf = (id: string) => `${id}-error`;

/** A field's error (the spec's message), announced when it appears; nothing without one. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={errorIdOf(id)} className="field__error" role="alert">
      {error}
    </p>
  );
}

export interface InputFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'> {
  id: string;
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  /** The refusal to show under the field; the control is marked invalid and described by it. */
  error?: string | undefined;
}

/** A labelled text input with its error under it, tied to it by aria-invalid and aria-describedby. */
export function InputField({ id, label, value, onChange, error, className, ...rest }: InputFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        {...rest}
        id={id}
        className={className ?? 'input'}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorIdOf(id) : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}

export interface CheckboxChoicesProps<T extends string> {
  id: string;
  legend: ReactNode;
  choices: readonly { value: T; label: ReactNode }[];
  chosen: readonly T[];
  onChange(chosen: T[]): void;
  error?: string | undefined;
  /** Controls before the choices (an "all customers" switch, say). */
  children?: ReactNode;
}

/** A group of checkboxes (customers, permissions) with its legend and its error under it. */
export function CheckboxChoices<T extends string>({
  id,
  legend,
  choices,
  chosen,
  onChange,
  error,
  children,
}: CheckboxChoicesProps<T>) {
  return (
    <fieldset className="user-form__choices" aria-describedby={error ? errorIdOf(id) : undefined}>
      <legend>{legend}</legend>
      {children}
      {choices.map((choice) => (
        <label key={choice.value} className="checkbox-field">
          <input
            type="checkbox"
            checked={chosen.includes(choice.value)}
            onChange={(e) =>
              onChange(
                e.target.checked ? [...chosen, choice.value] : chosen.filter((v) => v !== choice.value),
              )
            }
          />
          {choice.label}
        </label>
      ))}
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

export interface FormFooterProps {
  /** The id of the form the primary button submits (the footer sits outside the form). */
  form: string;
  submitLabel: string;
  disabled?: boolean;
  onCancel(): void;
  /** Buttons between Cancel and the submit button (a dry run, a check). */
  children?: ReactNode;
}

/** A dialog's footer for a form: Cancel, any extra buttons, and the form's primary submit button. */
export function FormFooter({ form, submitLabel, disabled = false, onCancel, children }: FormFooterProps) {
  const { t } = useTranslation('common');
  return (
    <>
      <button type="button" className="button" onClick={onCancel}>
        {t('cancel')}
      </button>
      {children}
      <button type="submit" form={form} className="button button--primary" disabled={disabled}>
        {submitLabel}
      </button>
    </>
  );
}

export interface SelectFieldProps {
  id: string;
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  options: readonly { value: string; label: string }[];
  /** An empty first choice ("No change", "Any"). */
  emptyLabel?: string;
}

/** A labelled select over a list of choices. */
export function SelectField({ id, label, value, onChange, options, emptyLabel }: SelectFieldProps) {
  return (
    <Field label={label}>
      <select id={id} className="select" value={value} onChange={(e) => onChange(e.target.value)}>
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
