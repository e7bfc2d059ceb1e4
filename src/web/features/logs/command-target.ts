import type { ScreenTarget } from '../../commands/target.ts';
import type { SearchCommandId } from './commands.ts';

/**
 * The search screen (SearchPage.tsx): no selection, the screen itself. Each command runs the
 * handler the screen's own button or control uses; a command missing here cannot run on the
 * search shown now (export before a search finished, an alert before the search is saved).
 */
export interface SearchCommandTarget extends ScreenTarget {
  kind: 'search';
  actions: Partial<Record<SearchCommandId, (args: readonly string[]) => void>>;
}
