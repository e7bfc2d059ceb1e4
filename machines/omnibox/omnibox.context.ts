import type { components } from '../../src/api/schema.d.ts';
import type { IndicatorKind } from '../../src/common/patterns.ts';

/** A suggestion of GET /api/search/omnibox (spec 1, section 3 "Omnibox item"). */
export type OmniboxSuggestion = components['schemas']['OmniboxItem'];
/** A verdict of GET /api/threat/{kind}/{value} (spec 1, section 3 "Threat intel card"). */
export type ThreatIntel = components['schemas']['ThreatIntel'];

/** Spec 1, section 9: a search starts after 500 ms without a keystroke. */
export const DEBOUNCE_MS = 500;

/** What the threat lookup is asked about. */
export interface Indicator {
  kind: IndicatorKind;
  value: string;
}

export interface OmniboxContext {
  /** The text in the box, as typed. */
  query: string;
  /** The (trimmed) query the shown suggestions answer; null when none are shown. */
  searchedQuery: string | null;
  /** Suggestions of the last finished search; kept while a newer one is pending. */
  suggestions: OmniboxSuggestion[];
  /** The query as an IP, domain or file hash (longer than 5 characters), else null. */
  indicator: Indicator | null;
  /** The verdict on `indicator`; only kept when it is not U (unknown). */
  threat: ThreatIntel | null;
}

/** Input of the injected search actor. */
export interface SearchInput {
  query: string;
}

export const INITIAL_CONTEXT: OmniboxContext = {
  query: '',
  searchedQuery: null,
  suggestions: [],
  indicator: null,
  threat: null,
};
