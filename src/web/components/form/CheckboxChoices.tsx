import type { ReactNode } from 'react';
import { errorIdOf, FieldError } from './Field.tsx';

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

/**
 * A group of checkboxes (customers, permissions) with its legend and its error under it. While it
 * has an error the boxes are marked invalid, so a submit that fails focuses the first of them.
 */
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
    <fieldset className="checkbox-choices" aria-describedby={error ? errorIdOf(id) : undefined}>
      <legend>{legend}</legend>
      {children}
      {choices.map((choice) => (
        <label key={choice.value} className="checkbox-field">
          <input
            type="checkbox"
            checked={chosen.includes(choice.value)}
            aria-invalid={error ? true : undefined}
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
