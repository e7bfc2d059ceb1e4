import { matchChoices, normaliseWord } from './arguments.ts';
import type { CommandGroup, Entry, ShortcutEntry } from './command-types.ts';

/** Building blocks of the registry's entries, shared by the features' command lists. */

export const shortcut = (
  id: string,
  group: CommandGroup,
  keys: string[],
  label: Entry['label'],
): ShortcutEntry => ({
  kind: 'shortcut',
  id,
  group,
  keys,
  label,
});

/** A command taking one word out of a fixed list. */
export function oneOf(choices: readonly string[]) {
  return {
    takesArgs: true,
    parse: (text: string) => {
      const word = normaliseWord(text);
      return choices.includes(word) ? [word] : null;
    },
    matches: (text: string) => matchChoices(choices, text),
  };
}

/** A command without arguments. */
export const noArgs = {
  takesArgs: false,
  parse: () => [],
  complete: () => [],
};

/** Never destructive: the palette runs it after the confirmation line without asking. */
export const never = () => false;
