import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/form/index.ts';
import { parseOffset, parseTimestampFormat } from '../../components/timestamp-format.ts';
import { useUnsavedChanges } from '../../components/unsaved/use-unsaved-changes.tsx';

type Mode = 'local' | 'UTC' | 'relative' | 'offset';

const MODES = [
  { mode: 'local', key: 'timestamp.local' },
  { mode: 'UTC', key: 'timestamp.utc' },
  { mode: 'relative', key: 'timestamp.relative' },
  { mode: 'offset', key: 'timestamp.offset' },
] as const satisfies readonly { mode: Mode; key: string }[];

export interface TimestampFormatFieldProps {
  value: unknown;
  onSave(value: string): void;
}

/**
 * Timestamp format: local, UTC, relative, or a fixed offset hh:mm, checked by the contract's rule
 * (parseOffset) before saving. Each choice saves at once, so the offset is one kit field that
 * saves on Enter or on leaving it rather than a form with a button.
 */
export function TimestampFormatField({ value, onSave }: TimestampFormatFieldProps) {
  const { t } = useTranslation('profile');
  const current = parseTimestampFormat(value);
  const [mode, setMode] = useState<Mode>(current.mode);
  const [offset, setOffset] = useState(current.mode === 'offset' ? current.offset : '');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  // An offset typed and not yet saved (Enter or leaving the field saves a valid one).
  const unsaved = useUnsavedChanges(mode === 'offset' && offset.trim() !== '' && offset.trim() !== value);

  const saveOffset = () => {
    if (parseOffset(offset) === null) {
      setError(t('timestamp.offsetInvalid'));
      return;
    }
    setError(null);
    if (offset.trim() !== value) onSave(offset.trim());
  };

  const choose = (next: Mode) => {
    setMode(next);
    setError(null);
    if (next !== 'offset') onSave(next);
    else if (offset && parseOffset(offset) !== null) onSave(offset.trim());
  };

  return (
    <fieldset className="field">
      <legend className="field__label">{t('timestamp.label')}</legend>
      <div className="segmented">
        {MODES.map((m) => (
          <label key={m.mode} className={`segmented__option${mode === m.mode ? ' is-checked' : ''}`}>
            <input
              type="radio"
              name={`${id}-mode`}
              id={`timestamp-${m.mode}`}
              checked={mode === m.mode}
              onChange={() => choose(m.mode)}
            />
            {t(m.key)}
          </label>
        ))}
      </div>
      {mode === 'offset' && (
        <TextField
          id={`${id}-offset`}
          frameClassName="field--nested"
          className="input input--short"
          label={t('timestamp.offsetLabel')}
          value={offset}
          placeholder="02:00"
          hint={error ? undefined : t('timestamp.offsetHelp')}
          error={error ?? undefined}
          onChange={setOffset}
          onBlur={saveOffset}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              saveOffset();
            }
          }}
        />
      )}
      {unsaved.prompt}
    </fieldset>
  );
}
