import { type ReactNode, useId } from 'react';
import { errorIdOf, FieldError } from './Field.tsx';

export interface SegmentedChoiceProps<T extends string> {
  legend: ReactNode;
  choices: readonly { value: T; label: ReactNode; disabled?: boolean }[];
  value: T;
  onChange(value: T): void;
  /** Gives each radio the id `${idPrefix}-${value}`, for screens and tests that name one. */
  idPrefix?: string;
  error?: string | undefined;
  disabled?: boolean;
  className?: string;
  /** Shows the legend to screen readers only, where a dialog's title already says it. */
  hiddenLegend?: boolean;
  /** What follows the choices inside the group (a field the last choice opens). */
  children?: ReactNode;
}

/**
 * One of a few choices as a row of segments (a radio group): arrows move between them as in any
 * radio group, and the group's legend and error are tied to it.
 */
export function SegmentedChoice<T extends string>(props: SegmentedChoiceProps<T>) {
  const { legend, choices, value, onChange, idPrefix, error, disabled, hiddenLegend, children } = props;
  const name = useId();
  return (
    <fieldset
      className={`field${props.className ? ` ${props.className}` : ''}`}
      disabled={disabled}
      aria-describedby={error ? errorIdOf(name) : undefined}
    >
      <legend className={hiddenLegend ? 'sr-only' : 'field__label'}>{legend}</legend>
      <div className="segmented">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={`segmented__option${value === choice.value ? ' is-checked' : ''}`}
          >
            <input
              type="radio"
              name={name}
              id={idPrefix ? `${idPrefix}-${choice.value}` : undefined}
              value={choice.value}
              checked={value === choice.value}
              disabled={choice.disabled}
              aria-invalid={error ? true : undefined}
              onChange={() => onChange(choice.value)}
            />
            {choice.label}
          </label>
        ))}
      </div>
      {children}
      <FieldError id={name} error={error} />
    </fieldset>
  );
}
