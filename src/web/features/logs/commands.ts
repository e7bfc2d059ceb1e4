import { onScreen } from '../../commands/availability.ts';
import { never, noArgs, oneOf } from '../../commands/command-helpers.ts';
import type {
  ActionCommand,
  CommandGroupInfo,
  Labels,
  RunContext,
  TargetKindInfo,
} from '../../commands/command-types.ts';
import type { CommandTarget } from '../../commands/target.ts';
import { RANGES, type RangeKey } from './search-model.ts';

/**
 * The palette's commands on the search screen (part of THE registry, src/web/commands/registry.ts).
 * Offered only on /search: the screen provides a `search` target whose handlers are the ones its
 * own buttons and controls use (SearchPage.tsx); run-on-screen.ts runs them.
 */

/** The palette's search commands, by registry id. */
export type SearchCommandId =
  | 'search.run'
  | 'search.range'
  | 'search.query'
  | 'search.saved'
  | 'search.history'
  | 'search.save'
  | 'search.edit'
  | 'search.alert'
  | 'search.stop-alert'
  | 'search.export'
  | 'search.columns';

export const SEARCH_GROUPS: CommandGroupInfo[] = [
  { id: 'search', order: 100, title: (l) => l.commands('help.groups.search') },
];

export const SEARCH_TARGET: TargetKindInfo = { id: 'search', icon: 'search' };

/** What every search command shares: it acts on the search screen, through the screen's handler. */
const onSearchScreen = (id: SearchCommandId) => ({
  availableOn: (target: CommandTarget | null) =>
    onScreen('search', id, target, { noScreen: 'noSearchScreen', notReady: 'notReady' }),
  reasons: {
    noSearchScreen: (l: Labels) => l.commands('palette.noSearchScreen'),
    notReady: (l: Labels) =>
      id === 'search.export'
        ? l.commands('palette.searchExportNotReady')
        : l.commands('palette.searchAlertNotReady'),
  },
  run: (ctx: RunContext, args: readonly string[]) =>
    import('./run-on-screen.ts').then((m) => m.runOnSearchScreen(ctx, id, args)),
});

/** How a range is typed after `>range`: `15m`, `24h`, `7d`, `4w`, `3mo`, `all`. */
const rangeWord = (key: RangeKey): string => key.replace(/^([a-z]+)(\d+)$/, '$2$1');
const RANGE_WORDS = RANGES.map((r) => rangeWord(r.key));

/** The range key for a word `>range` took (null for anything else). */
export function rangeOfWord(word: string): RangeKey | null {
  return RANGES.find((r) => rangeWord(r.key) === word)?.key ?? null;
}

const rangeArg = oneOf(RANGE_WORDS);

function screenCommand(id: SearchCommandId, slash: string, label: (l: Labels) => string): ActionCommand {
  return {
    kind: 'action',
    id,
    group: 'search',
    keys: [],
    target: 'search',
    slash,
    usage: `>${slash}`,
    label,
    ...noArgs,
    destructive: never,
    confirm: label,
    ...onSearchScreen(id),
  };
}

export const SEARCH_COMMANDS: ActionCommand[] = [
  screenCommand('search.run', 'run', (l) => l.commands('registry.searchRun')),
  {
    kind: 'action',
    id: 'search.range',
    group: 'search',
    keys: [],
    target: 'search',
    slash: 'range',
    usage: `>range ${RANGE_WORDS.join('|')}`,
    label: (l) => l.commands('registry.searchRange'),
    takesArgs: true,
    parse: rangeArg.parse,
    complete: (text, l) =>
      rangeArg.matches(text).map((word) => ({
        args: [word],
        label: l.commands(`searchRanges.${rangeOfWord(word) ?? 'm15'}`),
      })),
    destructive: never,
    confirm: (l) => l.commands('registry.searchRange'),
    ...onSearchScreen('search.range'),
  },
  screenCommand('search.query', 'query', (l) => l.commands('registry.searchQuery')),
  screenCommand('search.saved', 'saved', (l) => l.commands('registry.searchSaved')),
  screenCommand('search.history', 'history', (l) => l.commands('registry.searchHistory')),
  screenCommand('search.save', 'save', (l) => l.commands('registry.searchSave')),
  screenCommand('search.edit', 'edit-saved', (l) => l.commands('registry.searchEdit')),
  screenCommand('search.alert', 'save-alert', (l) => l.commands('registry.searchAlert')),
  screenCommand('search.stop-alert', 'unalert', (l) => l.commands('registry.searchStopAlert')),
  screenCommand('search.export', 'export-events', (l) => l.commands('registry.searchExport')),
  screenCommand('search.columns', 'columns', (l) => l.commands('registry.searchColumns')),
];
