import type { CommandChoice } from '../../../machines/command-flow/command-flow.context.ts';
import { labsOn } from '../../common/labs.ts';
import type { AccessSubject } from '../../common/permissions.ts';
import { mayAccess } from '../session/access.ts';
import { actionAvailability } from './availability.ts';
import type { Unavailable } from './command-types.ts';
import type { RecentCommand } from './recent.ts';
import {
  ACTIONS,
  type ActionCommand,
  type Command,
  type Completion,
  findCommand,
  type Labels,
  NAVIGATION,
  type NavigationCommand,
} from './registry.ts';
import { type CommandTarget, selectedCount } from './target.ts';

/** What decides whether a command may run now. */
export interface CommandEnv {
  signedIn: boolean;
  subject: AccessSubject;
  target: CommandTarget | null;
}

export type { Unavailable } from './command-types.ts';

/**
 * Whether a command can run now. A labs command the user has not switched on is hidden. Navigation the user may not open is hidden altogether (it
 * would only lead to /error/403). Actions without a selection of their kind are shown, disabled,
 * with the reason, so they can be discovered; so are actions on a selection the user may not
 * change (the server's 403 would end the session); a command with its own rule
 * (`availableOn`) says why it cannot run now.
 */
export function availability(command: Command, env: CommandEnv): 'hidden' | 'available' | Unavailable {
  // A labs feature the user has not switched on is not there at all.
  if (!labsOn(env.subject.attributes, command.labs)) return 'hidden';
  if (command.kind === 'navigate') {
    if (!env.signedIn) return 'hidden';
    return mayAccess(command.access, env.subject) ? 'available' : 'hidden';
  }
  if (command.kind === 'action') {
    if (!mayAccess(command.access, env.subject)) return 'hidden';
    return actionAvailability(command, env.target);
  }
  return 'available';
}

export const navigationFor = (env: CommandEnv): NavigationCommand[] =>
  NAVIGATION.filter((c) => availability(c, env) === 'available');

/** What the text in the palette means. */
export type PaletteInput =
  | { mode: 'search'; query: string }
  /** `>word rest`: rest is null until a space follows the word. */
  | { mode: 'command'; word: string; rest: string | null };

export function parseInput(input: string): PaletteInput {
  const text = input.trimStart();
  if (!text.startsWith('>')) return { mode: 'search', query: input };
  const body = text.slice(1).trimStart();
  const match = /^(\S*)(\s+([\s\S]*))?$/.exec(body);
  const word = (match?.[1] ?? '').toLowerCase();
  return { mode: 'command', word, rest: match?.[2] === undefined ? null : (match[3] ?? '') };
}

/** Actions whose word starts with (else contains) what was typed after `>`. */
export function matchActions(word: string): ActionCommand[] {
  if (word === '') return [...ACTIONS];
  const starts = ACTIONS.filter((c) => c.slash.startsWith(word));
  return starts.length ? starts : ACTIONS.filter((c) => c.slash.includes(word));
}

export const exactAction = (word: string): ActionCommand | undefined => ACTIONS.find((c) => c.slash === word);

/** The machine's view of a command with these arguments (complete or not). */
export function toChoice(command: Command, args: string[] | null, env: CommandEnv): CommandChoice {
  if (command.kind !== 'action')
    return { id: command.id, args: [], complete: true, destructive: false, count: 0 };
  const complete = args !== null;
  const given = args ?? [];
  return {
    id: command.id,
    args: given,
    complete,
    destructive: complete && command.destructive(given),
    count: selectedCount(env.target),
  };
}

/** The text the box shows for a command with these arguments. */
export function commandText(command: ActionCommand, args: readonly string[] = []): string {
  return `>${command.slash} ${args.join(' ')}`.replace(/\s+$/, ' ');
}

/** A case-insensitive match of every typed word in the label. */
export function labelMatches(label: string, query: string): boolean {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const text = label.toLowerCase();
  return words.every((w) => text.includes(w));
}

/** How a recent command reads: its completion's label when it had arguments. */
export function recentLabel(recent: RecentCommand, l: Labels): string | null {
  const command = findCommand(recent.id);
  if (!command) return null;
  if (command.kind !== 'action' || recent.args.length === 0) return command.label(l);
  const completion = command
    .complete(recent.args.join(' '), l)
    .find((c: Completion) => !c.partial && c.args.join(' ') === recent.args.join(' '));
  return `${command.label(l)}: ${completion?.label ?? recent.args.join(' ')}`;
}
