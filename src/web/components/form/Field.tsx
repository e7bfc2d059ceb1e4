import type { ReactNode } from 'react';

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
/** The id of a field's hint, for the control's aria-describedby. */
export const hintIdOf = (id: string) => `${id}-hint`;

/**
 * What a control needs to be tied to its hint and error: aria-describedby names both (the error
 * first, it matters most), and aria-invalid marks it while it has an error.
 */
export function describedBy(id: string, { hint, error }: { hint?: ReactNode; error?: string | undefined }) {
  const ids = [error ? errorIdOf(id) : null, hint ? hintIdOf(id) : null].filter(Boolean);
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': ids.length > 0 ? ids.join(' ') : undefined,
  } as const;
}

/** A field's error (the spec's message), announced when it appears; nothing without one. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={errorIdOf(id)} className="field__error" role="alert">
      {error}
    </p>
  );
}

export interface FieldFrameProps {
  /** The control's id: the label points at it, the hint and error are named after it. */
  id: string;
  label: ReactNode;
  /** A line under the control that says what to type (a format, a limit). */
  hint?: ReactNode;
  error?: string | undefined;
  /** Marks the label of a field the form cannot be sent without. */
  required?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * The kit's one field layout: the label above the control, then the hint, then the error. The
 * control itself takes `describedBy(id, …)` so screen readers read the hint and error with it.
 */
export function FieldFrame({ id, label, hint, error, required, className, children }: FieldFrameProps) {
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
        {required && (
          <span className="field__required" aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      {children}
      {hint && (
        <p id={hintIdOf(id)} className="field__help">
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}
