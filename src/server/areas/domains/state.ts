/** The state of a lookalike that alerts follow (issue 12: first/last seen, registered, resolves, MX, page). */
export interface LookalikeState {
  registered: boolean;
  resolves: boolean;
  hasMx: boolean;
  servesPage: boolean;
}

export interface Tracked {
  state: LookalikeState;
  pending: LookalikeState | null;
  pendingCount: number;
  stableCount: number;
}

/** Scans in a row that must see a new state before it replaces the old: one odd answer never flips it. */
export const CONFIRMATIONS = 2;

export const UNREGISTERED: LookalikeState = {
  registered: false,
  resolves: false,
  hasMx: false,
  servesPage: false,
};

export const sameState = (a: LookalikeState, b: LookalikeState) =>
  a.registered === b.registered &&
  a.resolves === b.resolves &&
  a.hasMx === b.hasMx &&
  a.servesPage === b.servesPage;

/**
 * The next tracked state after one observation (null: inconclusive, nothing learnt). A different
 * answer becomes pending; the same different answer `confirmations` times in a row becomes the
 * state (`changed`); an answer matching the state again drops what was pending.
 */
export function advance(
  tracked: Tracked,
  observed: LookalikeState | null,
  confirmations = CONFIRMATIONS,
): Tracked & { changed: boolean } {
  if (!observed) return { ...tracked, changed: false };
  if (sameState(observed, tracked.state))
    return {
      state: tracked.state,
      pending: null,
      pendingCount: 0,
      stableCount: tracked.stableCount + 1,
      changed: false,
    };
  const count = tracked.pending && sameState(tracked.pending, observed) ? tracked.pendingCount + 1 : 1;
  if (count >= confirmations)
    return { state: observed, pending: null, pendingCount: 0, stableCount: count, changed: true };
  return {
    state: tracked.state,
    pending: observed,
    pendingCount: count,
    stableCount: tracked.stableCount,
    changed: false,
  };
}
