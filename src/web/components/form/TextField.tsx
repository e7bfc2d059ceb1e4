import type { InputHTMLAttributes, ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { describedBy, FieldFrame } from './Field.tsx';

interface ControlProps {
  id: string;
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  hint?: ReactNode;
  /** The refusal to show under the field; the control is marked invalid and described by it. */
  error?: string | undefined;
  required?: boolean;
  /** Classes of the field's frame (the label, control, hint and error around it). */
  frameClassName?: string;
}

export interface TextFieldProps
  extends ControlProps,
    Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value' | 'required'> {}

/** A labelled text input with its hint and error under it. */
export function TextField(props: TextFieldProps) {
  const { id, label, value, onChange, hint, error, required, frameClassName, className, ...rest } = props;
  return (
    <FieldFrame
      id={id}
      label={label}
      hint={hint}
      error={error}
      required={required}
      className={frameClassName}
    >
      <input
        {...rest}
        id={id}
        className={className ?? 'input'}
        value={value}
        aria-required={required || undefined}
        {...describedBy(id, { hint, error })}
        onChange={(event) => onChange(event.target.value)}
      />
    </FieldFrame>
  );
}

export interface TextAreaFieldProps
  extends ControlProps,
    Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'onChange' | 'value' | 'required'> {
  /** The textarea itself, for a screen that focuses it by a key (React 19 passes it as a prop). */
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line text with its hint and error under it. */
export function TextAreaField(props: TextAreaFieldProps) {
  const { id, label, value, onChange, hint, error, required, frameClassName, className, ...rest } = props;
  return (
    <FieldFrame
      id={id}
      label={label}
      hint={hint}
      error={error}
      required={required}
      className={frameClassName}
    >
      <textarea
        {...rest}
        id={id}
        className={className ?? 'textarea'}
        value={value}
        aria-required={required || undefined}
        {...describedBy(id, { hint, error })}
        onChange={(event) => onChange(event.target.value)}
      />
    </FieldFrame>
  );
}

export interface SelectFieldProps extends ControlProps {
  options: readonly { value: string; label: string }[];
  /** An empty first choice ("No change", "Any", "Choose a customer…"). */
  emptyLabel?: string;
  disabled?: boolean;
  className?: string;
  /** The dialog gives this field the first focus. */
  autoFocusField?: boolean;
}

/** A labelled select over a list of choices, with its hint and error under it. */
export function SelectField(props: SelectFieldProps) {
  const { id, label, value, onChange, options, emptyLabel, hint, error, required, disabled } = props;
  return (
    <FieldFrame
      id={id}
      label={label}
      hint={hint}
      error={error}
      required={required}
      className={props.frameClassName}
    >
      <select
        id={id}
        className={props.className ?? 'select'}
        value={value}
        disabled={disabled}
        aria-required={required || undefined}
        data-autofocus={props.autoFocusField || undefined}
        {...describedBy(id, { hint, error })}
        onChange={(event) => onChange(event.target.value)}
      >
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
