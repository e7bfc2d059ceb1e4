import type { UserAttributes } from '../../session/types.ts';
import { useSession } from '../../session/use-session.ts';

/** The on/off preferences (user attributes that are booleans). */
export type SwitchAttribute = {
  [K in keyof UserAttributes]-?: NonNullable<UserAttributes[K]> extends boolean ? K : never;
}[keyof UserAttributes];

export interface PreferenceSwitch {
  attribute: SwitchAttribute;
  label: string;
  help?: string | undefined;
}

/** A titled group of switches, each saved at once like every other preference. */
export function PreferenceSwitches({
  legend,
  help,
  switches,
  onSave,
}: {
  legend: string;
  help?: string;
  switches: readonly PreferenceSwitch[];
  onSave(values: UserAttributes): void;
}) {
  const { attributes } = useSession();
  return (
    <fieldset className="field preference-switches">
      <legend className="field__label">{legend}</legend>
      {help && <p className="field__help">{help}</p>}
      {switches.map(({ attribute, label, help: explanation }) => {
        const checked = attributes[attribute] === true;
        const id = `preference-${attribute.replaceAll('_', '-')}`;
        return (
          <div className="field field--row" key={attribute}>
            <input
              id={id}
              type="checkbox"
              role="switch"
              className="switch"
              checked={checked}
              aria-checked={checked}
              onChange={(event) => onSave({ [attribute]: event.target.checked })}
            />
            <label htmlFor={id}>
              <span className="field__label">{label}</span>
              {explanation && <span className="field__help">{explanation}</span>}
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}
