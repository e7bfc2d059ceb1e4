import type { InputHTMLAttributes, ReactNode } from 'react';
import { describedBy, FieldError, hintIdOf } from './Field.tsx';

export interface CheckboxFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'checked' | 'onChange'> {
  id: string;
  label: ReactNode;
  checked: boolean;
  onChange(checked: boolean): void;
  hint?: ReactNode;
  error?: string | undefined;
}

/** One labelled checkbox (a yes/no setting), with its hint and error under it. */
export function CheckboxField({ id, label, checked, onChange, hint, error, ...rest }: CheckboxFieldProps) {
  return (
    <div className="field">
      <label className="checkbox-field" htmlFor={id}>
        <input
          {...rest}
          id={id}
          type="checkbox"
          checked={checked}
          {...describedBy(id, { hint, error })}
          onChange={(event) => onChange(event.target.checked)}
        />
        {label}
      </label>
      {hint && (
        <p id={hintIdOf(id)} className="field__help">
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}
