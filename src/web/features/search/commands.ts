import { never, noArgs, oneOf } from '../../commands/command-helpers.ts';
import type { ActionCommand, Labels } from '../../commands/command-types.ts';
import type { SearchCommandId } from '../../commands/target.ts';
import { RANGES, type RangeKey } from './search-model.ts';

/**
 * The palette's commands on the search screen (part of THE registry, src/web/commands/registry.ts).
 * Offered only on /search: the screen provides a `search` target whose handlers are the ones its
 * own buttons and controls use (SearchPage.tsx); the runner is in src/web/commands/run-command.ts.
 */

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
