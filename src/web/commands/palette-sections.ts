import type { OmniboxSuggestion } from '../../../machines/omnibox/omnibox.context.ts';
import type { Category } from '../../../machines/omnibox/selectors.ts';
import { TRUNCATE, truncate } from '../../common/format.ts';
import type { IconName } from '../components/Icon.tsx';
import {
  availability,
  type CommandEnv,
  commandText,
  exactAction,
  labelMatches,
  matchActions,
  navigationFor,
  parseInput,
  recentLabel,
  type Unavailable,
} from './palette-model.ts';
import type { RecentCommand } from './recent.ts';
import {
  ACTIONS,
  type ActionCommand,
  type Command,
  findCommand,
  type Labels,
  QUERY_ACTIONS,
  targetKind,
} from './registry.ts';
import { isSelection, selectedCount } from './target.ts';

/** What picking an item does. */
export type ItemAction =
  /** Run the command with these arguments (null: not given yet). */
  | { kind: 'run'; command: Command; args: string[] | null }
  /** Put the command into the box to take its arguments. */
  | { kind: 'fill'; command: ActionCommand; text: string }
  /** Go to an address (a search suggestion or a fixed search action). */
  | { kind: 'open'; url: string };

export interface PaletteItem {
  /** Unique within the palette (cmdk's value). */
  value: string;
  label: string;
  icon: IconName;
  /** Keys, `>usage` or the reason it is unavailable. */
  hint: string | null;
  disabled: boolean;
  action: ItemAction;
}

export interface PaletteSection {
  id: string;
  heading: string;
  items: PaletteItem[];
}

export interface SectionParams {
  input: string;
  env: CommandEnv;
  labels: Labels;
  recent: readonly RecentCommand[];
  /** The omnibox's suggestions, grouped by category. */
  groups: readonly { category: Category; items: OmniboxSuggestion[] }[];
}

const CATEGORY_ICONS: Record<Category, IconName> = {
  agents: 'agents',
  customers: 'customers',
  alerts: 'alerts',
  tickets: 'cases',
  logs: 'search',
  updates: 'updates',
};

function categoryHeading(l: Labels, category: Category): string {
  switch (category) {
    case 'agents':
      return l.commands('categories.agents');
    case 'customers':
      return l.commands('categories.customers');
    case 'alerts':
      return l.commands('categories.alerts');
    case 'tickets':
      return l.commands('categories.tickets');
    case 'logs':
      return l.commands('categories.logs');
    case 'updates':
      return l.commands('categories.updates');
  }
}

function reasonText(l: Labels, reason: Unavailable, command: ActionCommand): string {
  const own = command.reasons?.[reason];
  if (own) return own(l);
  if (reason === 'noPermission') return l.commands('palette.noPermission');
  return targetKind(command.target)?.noSelection?.(l) ?? l.commands('palette.noSelection');
}

const keysHint = (command: Command) => command.keys[0] ?? null;

function commandIcon(command: Command): IconName {
  if (command.kind === 'navigate') return 'chevron-right';
  if (command.kind === 'action') return targetKind(command.target)?.icon ?? 'search';
  return 'search';
}

function actionItem(command: ActionCommand, env: CommandEnv, l: Labels, prefix = 'action'): PaletteItem {
  const state = availability(command, env);
  const disabled = state !== 'available';
  return {
    value: `${prefix}:${command.id}`,
    label: command.label(l),
    icon: commandIcon(command),
    hint: disabled && state !== 'hidden' ? reasonText(l, state, command) : `>${command.slash}`,
    disabled,
    action: command.takesArgs
      ? { kind: 'fill', command, text: commandText(command) }
      : { kind: 'run', command, args: [] },
  };
}

function recentItems(params: SectionParams, keep: (command: Command) => boolean): PaletteItem[] {
  const { env, labels, recent } = params;
  const items: PaletteItem[] = [];
  for (const r of recent) {
    const command = findCommand(r.id);
    if (!command || !keep(command) || availability(command, env) !== 'available') continue;
    const label = recentLabel(r, labels);
    if (!label) continue;
    items.push({
      value: `recent:${r.id}:${r.args.join(' ')}`,
      label,
      icon: 'return',
      hint: command.kind === 'action' ? `>${command.slash} ${r.args.join(' ')}`.trim() : keysHint(command),
      disabled: false,
      action: { kind: 'run', command, args: r.args },
    });
  }
  return items;
}

function choosingSections(params: SectionParams, word: string): PaletteSection[] {
  const { env, labels: l } = params;
  const matches = matchActions(word).filter((c) => availability(c, env) !== 'hidden');
  const available = matches.filter((c) => availability(c, env) === 'available');
  const unavailable = matches.filter((c) => !['available', 'hidden'].includes(availability(c, env)));
  const recent = recentItems(params, (c) => c.kind === 'action' && matches.includes(c));
  return [
    { id: 'recent', heading: l.commands('palette.recent'), items: recent },
    {
      id: 'actions',
      heading: l.commands('palette.actions'),
      items: available.map((c) => actionItem(c, env, l)),
    },
    {
      id: 'unavailable',
      heading: l.commands('palette.unavailable'),
      items: unavailable.map((c) => actionItem(c, env, l)),
    },
  ];
}

function arguingSections(params: SectionParams, command: ActionCommand, rest: string): PaletteSection[] {
  const { env, labels: l } = params;
  const state = availability(command, env);
  if (state === 'hidden') return [];
  if (state !== 'available') {
    return [
      { id: 'unavailable', heading: l.commands('palette.unavailable'), items: [actionItem(command, env, l)] },
    ];
  }
  if (!command.takesArgs) {
    return [{ id: 'arguments', heading: command.label(l), items: [actionItem(command, env, l, 'run')] }];
  }
  const items = command.complete(rest, l).map(
    (c): PaletteItem => ({
      value: `complete:${command.id}:${c.args.join(' ')}:${c.partial ? 'more' : 'run'}`,
      label: c.label,
      icon: commandIcon(command),
      hint: `>${command.slash} ${c.args.join(' ')}`.trim(),
      disabled: false,
      action: c.partial
        ? { kind: 'fill', command, text: `${commandText(command, c.args).trimEnd()} ` }
        : { kind: 'run', command, args: c.args },
    }),
  );
  return [{ id: 'arguments', heading: command.label(l), items }];
}

function searchSections(params: SectionParams, query: string): PaletteSection[] {
  const { env, labels: l, groups } = params;
  const text = query.trim();
  const navigation = navigationFor(env).filter((c) => text === '' || labelMatches(c.label(l), text));
  const actions =
    selectedCount(env.target) > 0 || (env.target !== null && !isSelection(env.target))
      ? ACTIONS.filter(
          (c) => availability(c, env) === 'available' && (text === '' || labelMatches(c.label(l), text)),
        )
      : [];
  const sections: PaletteSection[] = [
    {
      id: 'recent',
      heading: l.commands('palette.recent'),
      items: recentItems(params, (c) => text === '' || labelMatches(c.label(l), text)),
    },
  ];
  const navSection: PaletteSection = {
    id: 'navigation',
    heading: l.commands('palette.navigation'),
    items: navigation.map((c) => ({
      value: `nav:${c.id}`,
      label: c.label(l),
      icon: commandIcon(c),
      hint: keysHint(c),
      disabled: false,
      action: { kind: 'run', command: c, args: [] },
    })),
  };
  const actionSection: PaletteSection = {
    id: 'actions',
    heading: l.commands('palette.actions'),
    items: actions.map((c) => actionItem(c, env, l)),
  };
  if (text === '') return [...sections, actionSection, navSection];
  const fixed: PaletteSection = {
    id: 'search',
    heading: l.commands('palette.search'),
    items: QUERY_ACTIONS.map((c) => ({
      value: `fixed:${c.id}`,
      label: truncate(c.labelFor(l, text), TRUNCATE.action),
      icon: 'search',
      hint: null,
      disabled: false,
      action: { kind: 'open', url: c.href(text) },
    })),
  };
  const suggestions = groups.map(
    ({ category, items }): PaletteSection => ({
      id: `category:${category}`,
      heading: categoryHeading(l, category),
      items: items.map((s) => ({
        value: `suggestion:${s.id}`,
        label: truncate(s.label, TRUNCATE.default),
        icon: CATEGORY_ICONS[category],
        hint: s.attributes?.priority ?? s.attributes?.status ?? null,
        disabled: false,
        action: { kind: 'open', url: s.url },
      })),
    }),
  );
  return [...sections, navSection, actionSection, fixed, ...suggestions];
}

/** The palette's groups for what is typed; empty groups are left out. */
export function paletteSections(params: SectionParams): PaletteSection[] {
  const parsed = parseInput(params.input);
  let sections: PaletteSection[];
  if (parsed.mode === 'search') sections = searchSections(params, parsed.query);
  else {
    const exact = parsed.rest === null ? undefined : exactAction(parsed.word);
    sections = exact
      ? arguingSections(params, exact, parsed.rest ?? '')
      : choosingSections(params, parsed.word);
  }
  return sections.filter((s) => s.items.length > 0);
}
