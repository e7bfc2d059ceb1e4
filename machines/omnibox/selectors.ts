import type { SnapshotFrom } from 'xstate';
import type { OmniboxSuggestion } from './omnibox.context.ts';
import { type OmniboxTag, type omniboxMachine, TAGS } from './omnibox.machine.ts';

type Snapshot = SnapshotFrom<typeof omniboxMachine>;

/** Spec 1, section 2.5: suggestion categories, in the order the palette shows them. */
export const CATEGORIES = ['agents', 'customers', 'alerts', 'tickets', 'logs', 'updates'] as const;
export type Category = (typeof CATEGORIES)[number];

/** A search is in flight; it ends whichever way the search ends (spec 1, section 8). */
export const selectLoading = (snapshot: Snapshot) => snapshot.hasTag(TAGS.loading satisfies OmniboxTag);

export const selectQuery = (snapshot: Snapshot) => snapshot.context.query;

/** Suggestions grouped by category, in CATEGORIES order, empty groups left out. */
export function selectGroups(snapshot: Snapshot): { category: Category; items: OmniboxSuggestion[] }[] {
  const { suggestions } = snapshot.context;
  return CATEGORIES.map((category) => ({
    category,
    items: suggestions.filter((s) => s.category === category),
  })).filter((group) => group.items.length > 0);
}

/** The threat card to show: only a known verdict (B or G), never U (spec 1, section 2.5). */
export const selectThreatCard = (snapshot: Snapshot) =>
  snapshot.matches({ Threat: 'Card' }) && snapshot.context.threat?.det !== 'U'
    ? snapshot.context.threat
    : null;
