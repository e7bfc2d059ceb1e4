import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describedBy as describedByOf, FieldError } from '../../components/form/index.ts';
import { Icon } from '../../components/Icon.tsx';
import './shared.css';

export interface ChipsInputProps {
  id: string;
  label: string;
  values: readonly string[];
  onChange(values: string[]): void;
  /** Offered while typing (a datalist). */
  suggestions?: readonly string[];
  /** How a value reads on its chip (e.g. a person's name for an e-mail). */
  display?(value: string): string;
  placeholder?: string;
  disabled?: boolean;
  /** Id of a help or error text. */
  describedBy?: string;
  invalid?: boolean;
  /** The refusal to show under the field (the field kit's error, tied to the input). */
  error?: string | undefined;
}

/**
 * A list of short values (tags, people) typed one by one: Enter or a comma adds the text,
 * Backspace in the empty field removes the last one, and each chip has a remove button. Text
 * left in the field is added when the field loses focus, so nothing typed is lost; an empty
 * field lets Enter submit the surrounding form.
 */
export function ChipsInput(props: ChipsInputProps) {
  const { id, label, values, onChange, suggestions = [], display = (v) => v, disabled, describedBy } = props;
  const { t } = useTranslation('cases');
  const [text, setText] = useState('');
  const listId = useId();

  const add = (raw: string) => {
    const parts = raw
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part && !values.includes(part));
    if (parts.length > 0) onChange([...values, ...new Set(parts)]);
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if ((event.key === 'Enter' || event.key === ',') && text.trim()) {
      event.preventDefault();
      add(text);
    } else if (event.key === 'Backspace' && !text && values.length > 0) {
      onChange(values.slice(0, -1));
    }
  };

  const offered = suggestions.filter((s) => !values.includes(s));
  const invalid = props.invalid || Boolean(props.error);
  const aria = props.error ? describedByOf(id, { error: props.error }) : null;
  return (
    <div className={`chips${invalid ? ' is-invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="chips__box">
        {values.length > 0 && (
          <ul className="chips__list" aria-label={label}>
            {values.map((value) => (
              <li key={value} className="chip">
                <span className="chip__text">{display(value)}</span>
                {!disabled && (
                  <button
                    type="button"
                    className="chip__remove"
                    aria-label={t('chips.remove', { value: display(value) })}
                    onClick={() => onChange(values.filter((v) => v !== value))}
                  >
                    <Icon name="x" size={12} />
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        <input
          id={id}
          className="chips__input"
          value={text}
          disabled={disabled}
          placeholder={props.placeholder}
          list={offered.length > 0 ? listId : undefined}
          aria-describedby={aria?.['aria-describedby'] ?? describedBy}
          aria-invalid={invalid || undefined}
          onChange={(event) => {
            // Picking a suggestion fills the field with a whole value: take it at once.
            const next = event.target.value;
            if (offered.includes(next)) add(next);
            else setText(next);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => text.trim() && add(text)}
        />
      </div>
      {offered.length > 0 && (
        <datalist id={listId}>
          {offered.map((s) => (
            <option key={s} value={s}>
              {display(s) === s ? undefined : display(s)}
            </option>
          ))}
        </datalist>
      )}
      <FieldError id={id} error={props.error} />
    </div>
  );
}
