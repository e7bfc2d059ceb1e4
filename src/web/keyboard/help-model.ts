import type { TFunction } from 'i18next';
import { type CommandGroup, GROUPS, type Labels, REGISTRY } from '../commands/registry.ts';

/** One line of the `?` overlay and of docs/keyboard.md. */
export interface HelpRow {
  id: string;
  /** Key sequences, each a list of chords (`g a` → ['g', 'a']); empty when only the palette runs it. */
  keys: string[][];
  /** How it is written in the palette, e.g. `>mute 1h|1d|7d|30d`. */
  usage: string | null;
  label: string;
  /** Why it cannot be used yet, when it cannot. */
  note: string | null;
}

export interface HelpSection {
  group: CommandGroup;
  title: string;
  rows: HelpRow[];
}

export interface HelpLabels extends Labels {
  commands: TFunction<'commands'>;
}

/**
 * Every command and shortcut of the registry, grouped: the `?` overlay renders this, and
 * docs/keyboard.md is written from it, so the two always list the same things. `shown` leaves
 * out what the user does not have (the overlay passes the labs features switched off).
 */
export function helpSections(
  l: HelpLabels,
  shown: (command: (typeof REGISTRY)[number]) => boolean = () => true,
): HelpSection[] {
  return GROUPS.map((group) => ({
    group: group.id,
    title: group.title(l),
    rows: REGISTRY.filter((c) => c.group === group.id && shown(c)).map((c) => ({
      id: c.id,
      keys: c.keys.map((sequence) => sequence.split(' ')),
      usage: c.kind === 'action' ? c.usage : null,
      label: c.label(l),
      note: null,
    })),
  }));
}
